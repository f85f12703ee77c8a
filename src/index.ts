/**
 * The tooluse library: everything the command line does, as typed functions. The CLI is one client of it.
 * Functions that take data check it and throw a TypeError naming the argument (see public-api.ts).
 * @example
 * import { DEFAULT_CASES_FILE, grade, loadCases, summarize } from "tooluse";
 * const cases = loadCases(DEFAULT_CASES_FILE);
 * const verdicts = cases.map((c) => grade(c, { id: c.id, protocol: "json", output: "I cannot help." }));
 * console.log(summarize(verdicts, cases).score);
 */

// Answerers: `createBackend` gives a model backend, or a case answerer (baseline, oracle, replay) that answers a
// benchmark case itself; `isCaseAnswerer` tells them apart.
export { type Answerer, type CaseAnswerer, isCaseAnswerer } from "./backends/case-answerer.js";
export { type BackendSpec, createBackend } from "./backends/registry.js";
export type { Backend, Completion, DecodingSettings, ModelRequest } from "./backends/types.js";
// Cases and the corpus
export { buildCorpus, type Manifest } from "./cases/build.js";
export { loadCases } from "./cases/load.js";
export {
  CATEGORIES,
  type Case,
  CaseSchema,
  type Category,
  type Difficulty,
  type Expect,
  LANGS,
  type Lang,
  type Message,
  PROTOCOLS,
  type Protocol,
  ToolUse1CaseSchema,
} from "./cases/schema.js";
export { type Extraction, stripThinking } from "./extract/index.js";
export { type Behaviour, classifyBehaviour } from "./grade/behaviour.js";
export { type Output, offeredTools } from "./grade/grade.js";
export { GRADING_PROFILES, type GradingProfile, gradingProfile } from "./grade/profiles.js";
export type { Verdict } from "./grade/verdict.js";
// Imported suites
export { importBfcl } from "./import/bfcl.js";
export { importWhen2Call } from "./import/when2call.js";
export { cohenKappa, quadraticKappa, spearman } from "./metrics/agreement.js";

export { pairRuns } from "./metrics/paired.js";
// Metrics
export type { Metrics, Score, Summary } from "./metrics/summary.js";
export { DEFAULT_CASES_FILE } from "./paths.js";
// Tool-aware planning
export * as plans from "./plans/index.js";
// Prompts, backends and runs
export { PROMPT_VERSION, systemPrompt } from "./protocols/prompts.js";
// Checked at the door: a bad argument is a TypeError naming it.
export { extractCalls, grade, mcnemarExact, renderPrompt, summarize, wilsonInterval } from "./public-api.js";
export { buildHtmlReport } from "./report/html/page.js";
export { loadRuns } from "./report/load.js";
// Reports
export { formatSummary } from "./report/terminal.js";
export { type RunConfig, RunConfigSchema } from "./runner/config.js";
export { RUN_BOUNDS, RUN_DEFAULTS } from "./runner/defaults.js";
export { type DefinedRun, definedRun, defineRun, type RunInput, type RunIssue } from "./runner/define-run.js";
export type { RunRecord } from "./runner/record.js";
export type { Results } from "./runner/results.js";
export { readResults, writeResults } from "./runner/results-file.js";
export type { ReportResults } from "./runner/results-schema.js";
export { runBenchmark } from "./runner/run.js";
export { type ControlRow, type SelftestRow, selftest, selftestControls } from "./selftest.js";
export { evaluateExpression } from "./tools/arithmetic.js";
// Tools, extraction, grading
export { CATALOGUE, TOOL_NAMES, type ToolName } from "./tools/catalogue.js";
export { argumentMatches, normaliseArgument } from "./tools/normalise.js";
export type { Call, ToolSpec } from "./tools/types.js";
