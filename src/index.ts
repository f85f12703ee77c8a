/**
 * The tooluse library: everything the command line does, as typed functions. The CLI is one client of it.
 * @example
 * import { extractCalls, grade, loadCases, summarize } from "tooluse";
 * const cases = loadCases("data/tooluse1.jsonl");
 * const verdicts = outputs.map((o) => grade(casesById.get(o.id), o));
 * console.log(summarize(verdicts, cases).score);
 */

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
export { type Extraction, extractCalls, stripThinking } from "./extract/index.js";
export { type Behaviour, classifyBehaviour } from "./grade/behaviour.js";
export { grade, type Output, offeredTools } from "./grade/grade.js";
export { GRADING_PROFILES, type GradingProfile, gradingProfile } from "./grade/profiles.js";
export type { Verdict } from "./grade/verdict.js";
// Imported suites
export { importBfcl } from "./import/bfcl.js";
export { importWhen2Call } from "./import/when2call.js";
export { cohenKappa, quadraticKappa, spearman } from "./metrics/agreement.js";
export { mcnemarExact } from "./metrics/mcnemar.js";
export { pairRuns } from "./metrics/paired.js";
// Metrics
export { type Metrics, type Score, type Summary, summarize } from "./metrics/summary.js";
export { wilsonInterval } from "./metrics/wilson.js";
export { DEFAULT_CASES_FILE } from "./paths.js";
// Tool-aware planning
export * as plans from "./plans/index.js";
// Prompts, backends and runs
export { PROMPT_VERSION, systemPrompt } from "./protocols/prompts.js";
export { renderPrompt } from "./protocols/render.js";
export { buildHtmlReport } from "./report/html/page.js";
export { loadRuns } from "./report/load.js";
// Reports
export { formatSummary } from "./report/terminal.js";
export { type RunConfig, RunConfigSchema } from "./runner/config.js";
export type { RunRecord } from "./runner/record.js";
export type { Results } from "./runner/results.js";
export { runBenchmark } from "./runner/run.js";
export { type ControlRow, type SelftestRow, selftest, selftestControls } from "./selftest.js";
export { evaluateExpression } from "./tools/arithmetic.js";
// Tools, extraction, grading
export { CATALOGUE, TOOL_NAMES, type ToolName } from "./tools/catalogue.js";
export { argumentMatches, normaliseArgument } from "./tools/normalise.js";
export type { Call, ToolSpec } from "./tools/types.js";
