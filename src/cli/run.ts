/** `tooluse run`: evaluate a model (or the rule baseline) on the corpus and write a self-describing results file. */
import { existsSync, mkdirSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { BACKEND_KINDS } from "../backends/spec.js";
import { FatalBackendError } from "../backends/types.js";
import { CATEGORIES, DEFAULT_PROTOCOLS, LANGS, PROTOCOLS, type Protocol } from "../cases/vocabulary.js";
import { cannotWrite, UserError } from "../errors.js";
import { DEFAULT_GRADING_PROFILE, profileName } from "../grade/profile-names.js";
import { STDOUT_PATH } from "../io/target.js";
import { bfclCompatibleLine } from "../metrics/summary.js";
import { DEFAULT_CASES_FILE } from "../paths.js";
import { formatFailures } from "../report/failures.js";
import { formatSummary } from "../report/terminal.js";
import type { RunConfig } from "../runner/config.js";
import { RUN_BOUNDS } from "../runner/defaults.js";
import { journalPath } from "../runner/journal.js";
import type { OperationalSettings } from "../runner/operational.js";
import { plainProgress, terminalProgress } from "../runner/progress.js";
import { repeatsOf } from "../runner/repeats.js";
import type { Results } from "../runner/results.js";
import { runBenchmark } from "../runner/run.js";
import { quickDefineRun, type RunInput } from "../runner/run-input.js";
import type { RunIssue } from "../runner/run-rules.js";
import { parseShard, type Shard } from "../runner/shard.js";
import { describeSystemPrompts } from "../runner/system-prompts.js";
import { terminalText } from "../sanitize.js";
import { type ExportFlags, exportReporters } from "./export-formats.js";
import { failuresFlag } from "./failures-flag.js";
import { choice, choices, fraction, label, refuseConflicts, wholeNumber } from "./flags.js";
import { type Io, stderrLive, stdoutColor } from "./io.js";
import { type ModelFlags, parseModelFlags, RUN_FLAG_DEFAULTS } from "./model-flags.js";
import { runIssueError } from "./run-field-flags.js";

export interface RunFlags extends ModelFlags, ExportFlags {
  backend?: string;
  model?: string;
  /** `--label NAME`: what reports call the run (default: the model, or `replay:FILE` for a replay). */
  label?: string;
  protocol: string;
  cases: string;
  out?: string;
  resume?: string;
  /** `--repeats K`: every (case, protocol) asked K times. */
  repeats?: string;
  outputs?: string;
  batchSize?: string;
  allowDownload?: boolean;
  modelCache?: string;
  lang?: string;
  category?: string;
  /** `--sample N`: N cases stratified by category and language, drawn with --seed (default 0). */
  sample?: string;
  json?: boolean;
  minScore?: string;
  /** `--failures N`: how many failing cases the summary lists (0 none). */
  failures?: string;
  shard?: string;
  systemPromptFile?: string[];
  /** A matrix config file (models × suites): see run-config.ts. */
  config?: string;
  format?: string;
  html?: string;
  rules?: string;
  /** The flags typed on the command line (not defaults), to refuse ones a combination would ignore. */
  given?: ReadonlySet<string>;
}

function protocols(value: string): Protocol[] {
  const expanded = value
    .split(",")
    .flatMap((item) => (item.trim() === "all" ? [...DEFAULT_PROTOCOLS] : [item]))
    .join(",");
  return choices("--protocol", expanded, PROTOCOLS);
}

/** `PROTOCOL=PATH`, repeatable: one file per protocol of the run. */
function promptFiles(
  values: readonly string[],
  chosen: readonly Protocol[],
): Partial<Record<Protocol, string>> {
  const files: Partial<Record<Protocol, string>> = {};
  for (const value of values) {
    const at = value.indexOf("=");
    const path = value.slice(at + 1);
    if (at < 0 || path === "")
      throw new UserError(
        `--system-prompt-file: expected PROTOCOL=PATH (e.g. json=prompt.txt), got "${value}"`,
      );
    const protocol = choice("--system-prompt-file", value.slice(0, at), PROTOCOLS);
    if (!chosen.includes(protocol))
      throw new UserError(`--system-prompt-file ${value}: the run does not use protocol ${protocol}`);
    if (files[protocol] !== undefined)
      throw new UserError(`--system-prompt-file: protocol ${protocol} is given twice`);
    files[protocol] = path;
  }
  return files;
}

/** `--sample N` with `--seed S` (default 0); the library refuses it beside `--limit` (src/runner/run-rules.ts). */
function sampleFlag(flags: RunFlags, seed: number | null): { n: number; seed: number } {
  return { n: wholeNumber("--sample", flags.sample ?? "", { min: 1 }), seed: seed ?? 0 };
}

function shardFlag(value: string): Shard {
  const shard = parseShard(value);
  if (!shard) throw new UserError(`--shard: expected K/N with 1 ≤ K ≤ N (e.g. 2/4), got "${value}"`);
  return shard;
}

/**
 * Flags that only a new run reads: a resumed run keeps the configuration stored in its journal, except the
 * operational settings of RESUME_MAY_CHANGE (how the server is reached, how hard it is pushed).
 */
const NEW_RUN_ONLY = [
  "--backend",
  "--model",
  "--label",
  "--protocol",
  "--cases",
  "--out",
  "--outputs",
  "--batch-size",
  "--max-tokens",
  "--temperature",
  "--seed",
  "--repeats",
  "--thinking",
  "--lang",
  "--category",
  "--ids",
  "--limit",
  "--sample",
  "--shard",
  "--system-prompt-file",
] as const;

/** The flags a resumed run may change: none of them changes an answer (src/runner/operational.ts). */
export const RESUME_MAY_CHANGE = [
  "--base-url",
  "--api-key-env",
  "--concurrency",
  "--timeout",
  "--retries",
  "--no-cache",
] as const;

/** The resume hint, naming what may change: `tooluse run --resume FILE (a resumed run may change --base-url, …)`. */
export function resumeHint(out: string): string {
  const flags = RESUME_MAY_CHANGE.slice(0, -1).join(", ");
  return `tooluse run --resume ${out} (a resumed run may change ${flags} and ${RESUME_MAY_CHANGE.at(-1)})`;
}

/** The operational settings given on the command line of a resumed run, as configuration fields. */
function resumeChanges(config: RunConfig, given: ReadonlySet<string>): OperationalSettings {
  return {
    ...(given.has("--base-url")
      ? { base_url: config.base_url, ...(config.base_urls ? { base_urls: config.base_urls } : {}) }
      : {}),
    ...(given.has("--api-key-env") ? { api_key_env: config.api_key_env } : {}),
    ...(given.has("--concurrency") ? { concurrency: config.concurrency } : {}),
    ...(given.has("--timeout") ? { timeout_ms: config.timeout_ms } : {}),
    ...(given.has("--retries") ? { retries: config.retries } : {}),
    ...(given.has("--no-cache") ? { cache: false } : {}),
  };
}

/** A resumed run keeps the configuration it started with: flags that would change it are refused. */
function refuseNewRunFlags(flags: RunFlags): void {
  refuseConflicts(flags.given ?? new Set<string>(), [
    {
      flag: "--resume",
      excludes: NEW_RUN_ONLY,
      because: "a resumed run keeps the configuration it started with (start a new run to change it)",
    },
  ]);
}

/**
 * Turns command-line flags into a validated run configuration: each flag's text is read here, the configuration is
 * the library's (`defineRun`), and its issues come back named by their flags (run-field-flags.ts). The quick check
 * answers for the usual flags; only when it is unsure is `defineRun` (and with it zod) loaded.
 */
export async function configFromFlags(flags: RunFlags, now = new Date()): Promise<RunConfig> {
  refuseNewRunFlags(flags);
  const flagged = runInputFromFlags(flags);
  const resumed = flags.resume !== undefined;
  // A resumed run's backend is the journal's (the runner checks the flags against it); this configuration only
  // carries where results go and the operational settings, so it is built as a run on a server, which reads them.
  const input: RunInput = resumed ? { ...flagged, backend: "openai", allow_download: undefined } : flagged;
  const defined =
    quickDefineRun(input, now) ?? (await import("../runner/define-run.js")).defineRun(input, now);
  if (!defined.ok) throw runIssueError(defined.issues[0] as RunIssue);
  if (flags.modelCache !== undefined && defined.config.backend !== "transformers" && !resumed)
    throw new UserError("--model-cache applies to --backend transformers only");
  return defined.config;
}

/** Each flag's text read strictly (every message names its flag), as the library's input. */
function runInputFromFlags(flags: RunFlags): RunInput {
  // An empty --backend is no backend (inferred from the other flags), as it always was.
  const backend = flags.backend ? choice("--backend", flags.backend, BACKEND_KINDS) : undefined;
  const name = flags.label === undefined ? undefined : label("--label", flags.label);
  const shared = parseModelFlags(flags, RUN_FLAG_DEFAULTS);
  const chosen = protocols(flags.protocol);
  const repeats = wholeNumber("--repeats", flags.repeats ?? "1", RUN_BOUNDS.repeats);
  return {
    ...(backend === undefined ? {} : { backend }),
    model: flags.model ?? null,
    ...(name === undefined ? {} : { label: name }),
    base_urls: shared.baseUrls,
    api_key_env: shared.apiKeyEnv,
    replay_file: flags.outputs ?? null,
    cases_file: flags.cases,
    protocols: chosen,
    filters: {
      lang: flags.lang === undefined ? null : choices("--lang", flags.lang, LANGS),
      category: flags.category === undefined ? null : choices("--category", flags.category, CATEGORIES),
      ids: shared.ids,
      limit: shared.limit,
      ...(flags.sample === undefined ? {} : { sample: sampleFlag(flags, shared.seed) }),
    },
    settings: {
      temperature: shared.temperature,
      max_tokens: shared.maxTokens,
      enable_thinking: shared.enableThinking,
      seed: shared.seed,
    },
    concurrency: shared.concurrency,
    batch_size:
      flags.batchSize === undefined ? null : wholeNumber("--batch-size", flags.batchSize, { min: 1 }),
    timeout_ms: shared.timeoutMs,
    retries: shared.retries,
    cache: shared.cache,
    rules: profileName(flags.rules ?? DEFAULT_GRADING_PROFILE),
    ...(flags.allowDownload === undefined ? {} : { allow_download: flags.allowDownload === true }),
    repeats,
    ...(flags.shard === undefined ? {} : { shard: shardFlag(flags.shard) }),
    ...(flags.systemPromptFile === undefined
      ? {}
      : { system_prompts: describeSystemPrompts(promptFiles(flags.systemPromptFile, chosen)) }),
    ...(flags.out === undefined ? {} : { out: flags.out }),
  };
}

/**
 * stdout carries only the result: the summary (JSON with --json) and the results path; progress, warnings and
 * errors go to stderr, so `run --json | jq` reads one JSON document.
 */
export async function runRun(flags: RunFlags, io: Io): Promise<number> {
  if (flags.config !== undefined) {
    // Imported only here: a run without a config file never loads the matrix, YAML or leaderboard modules.
    const { runConfigFile } = await import("./run-config.js");
    return runConfigFile({ ...flags, config: flags.config }, io);
  }
  for (const [flag, value] of [
    ["--format", flags.format],
    ["--html", flags.html],
  ] as const) {
    if (value !== undefined)
      throw new UserError(`${flag} goes with --config; for one results file use tooluse report ${flag}`);
  }
  const config = await configFromFlags(flags);
  const minScore = flags.minScore === undefined ? null : fraction("--min-score", flags.minScore);
  const failuresShown = failuresFlag(flags.failures);
  const out = flags.resume ?? config.out;
  refuseJournalAsExport(flags, out);
  try {
    mkdirSync(dirname(out), { recursive: true });
  } catch (error) {
    throw cannotWrite(out, error);
  }
  const controller = new AbortController();
  const onSigint = () => controller.abort(new UserError("interrupted"));
  process.once("SIGINT", onSigint);
  const progress = stderrLive(io) ? terminalProgress(io.stderr) : plainProgress(io.stderr);
  try {
    const resumed = flags.resume !== undefined;
    const results = await runBenchmark(
      { ...config, out },
      resumed,
      {
        env: flags.modelCache ? { ...process.env, TOOLUSE_MODEL_CACHE: flags.modelCache } : process.env,
        cacheDir: flags.cacheDir ?? process.env.TOOLUSE_CACHE_DIR ?? join(homedir(), ".cache", "tooluse"),
        progress,
        signal: controller.signal,
        log: (line) => io.stderr(`${line}\n`),
        ...(io.standardOutput ? { stdout: io.standardOutput } : {}),
        reporters: exportReporters(flags, io),
      },
      resumed ? { change: resumeChanges(config, flags.given ?? new Set()) } : {},
    );
    // The repeat statistics (and their bootstrap and distributions) are loaded only for a run with repeats.
    const repeatViews = repeatsOf(results.config) > 1 ? await import("../report/repeats.js") : null;
    printSummary(results, flags, { out, failuresShown, repeatViews }, io);
    (flags.json ? io.stderr : io.stdout)(`${flags.json ? "" : "\n"}results: ${shownPath(out)}\n`);
    return verdictOf(results, out, minScore, io);
  } catch (error) {
    if (controller.signal.aborted) {
      io.stderr(
        existsSync(journalPath(out))
          ? `tooluse: interrupted; what was done is kept. Continue with: ${resumeHint(out)}\n`
          : "tooluse: interrupted before anything was recorded\n",
      );
      return 130;
    }
    if (error instanceof FatalBackendError) {
      io.stderr(`tooluse: ${terminalText(error.message)}. ${afterFatal(error, out)}\n`);
      return 2;
    }
    throw error;
  } finally {
    process.removeListener("SIGINT", onSigint);
  }
}

/** An export written over the run's own journal would end the run's resumability: refused before the run starts. */
function refuseJournalAsExport(flags: RunFlags, out: string): void {
  const journal = resolve(journalPath(out));
  for (const [flag, path] of [
    ["--csv", flags.csv],
    ["--junit", flags.junit],
  ] as const) {
    if (path !== undefined && resolve(path) === journal)
      throw new UserError(`${flag} ${path} is the journal of the run`, {
        hint: "writing it would destroy what a resumed run reads; choose another file",
      });
  }
}

/** `-` is stdout in messages too. */
function shownPath(out: string): string {
  return out === STDOUT_PATH ? "stdout" : out;
}

/** What to do after a fatal error: resume when a journal exists and resuming can fix it, else start again. */
function afterFatal(error: FatalBackendError, out: string): string {
  if (!existsSync(journalPath(out))) return "Nothing was recorded: run the command again once that is fixed";
  if (error.fix === "server") return `What was done is kept. Continue with: ${resumeHint(out)}`;
  return `What was done is kept in ${journalPath(out)}, but a resumed run keeps its model and decoding settings: start a new run (another --out) to change them`;
}

/** The repeat statistics' views (src/report/repeats.ts), imported by a run with repeats only. */
type RepeatViews = typeof import("../report/repeats.js");

function printSummary(
  results: Results,
  flags: RunFlags,
  {
    out,
    failuresShown,
    repeatViews,
  }: { out: string; failuresShown: number; repeatViews: RepeatViews | null },
  io: Io,
): void {
  const { summary, counts } = results;
  // K > 1 only: a run without repeats prints exactly what it printed before repeats existed.
  const repeats = repeatViews?.repeatStatistics(results) ?? null;
  if (flags.json) {
    io.stdout(`${JSON.stringify(repeats ? { ...summary, repeats } : summary, null, 2)}\n`);
    return;
  }
  io.stdout(
    `\n${terminalText(results.model)} (${results.backend}) on ${terminalText(results.corpus.name)} — ${counts.scored} scored`,
  );
  io.stdout(`${counts.errors > 0 ? `, ${counts.errors} ERRORS (not scored; see records)` : ""}\n\n`);
  io.stdout(formatSummary(summary, { color: stdoutColor(io) }) + bfclCompatibleLine(summary));
  if (repeats && repeatViews)
    io.stdout(`\n${repeatViews.formatRepeats(repeats, { color: stdoutColor(io) })}`);
  if (results.backend === "baseline") {
    io.stdout(
      "\nThis is the built-in rule baseline (keywords and regular expressions, no model).\n" +
        "Evaluate a real model: npx tooluse run --backend openai --base-url http://127.0.0.1:8000/v1 --model NAME\n",
    );
  }
  // The report ends with what went wrong: the cases a person opens first.
  const failing = formatFailures(results.records, {
    limit: failuresShown,
    color: stdoutColor(io),
    listAll: (n) => `tooluse report ${out === STDOUT_PATH ? "RESULTS" : out} --failures ${n}`,
  });
  if (failing) io.stdout(`\n${failing}`);
}

/**
 * How to ask failed requests again, in a form that works as printed. A replay run's failures are outputs its file
 * does not hold: asking again replays the same file, so the advice is to complete the file or select what it holds.
 */
function againAdvice(results: Results, out: string): string {
  const replayed = results.config.replay_file;
  if (results.backend === "replay" && replayed)
    return `; ${terminalText(replayed)} holds no output for them, and resuming would replay the same file: add their outputs to it, or select the cases it holds with --ids and --protocol, and start a new run`;
  return existsSync(journalPath(out))
    ? `; ask them again with: ${resumeHint(out)}`
    : "; the results went to a stream, so no journal keeps them: run the command again";
}

/**
 * The exit code of a finished run (README, "Errors, exit codes and files"): 1 when any record errored or is
 * missing, or the score is below --min-score; each reason is one line on stderr, with the way to ask again.
 */
function verdictOf(results: Results, out: string, minScore: number | null, io: Io): number {
  const { summary, counts } = results;
  let code = 0;
  if (counts.missing > 0) {
    io.stderr(`tooluse: ${counts.missing} records are missing from the results (listed under "missing")\n`);
    code = 1;
  }
  if (counts.errors > 0) {
    const first = results.records.find((record) => record.status === "error")?.error ?? "";
    const again = againAdvice(results, out);
    io.stderr(
      `tooluse: ${counts.scored === 0 ? "every request failed" : `${counts.errors} of ${counts.records} requests failed`} after their retries (not scored); first: ${terminalText(first)}${again}\n`,
    );
    code = 1;
  }
  if (minScore !== null && (summary.score ?? 0) < minScore) {
    io.stderr(`tooluse: score ${summary.score?.toFixed(3)} is below --min-score ${minScore}\n`);
    code = 1;
  }
  return code;
}

export const DEFAULT_RUN_FLAGS = { cases: DEFAULT_CASES_FILE };
