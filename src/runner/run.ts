/** A whole run: select cases, build the backend, execute with journal and cache, then write the results atomically. */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { readCaseLines } from "../cases/case-lines.js";
import type { Case } from "../cases/schema.js";
import { formatPath, UserError } from "../errors.js";
import { PROFILE_VERSIONS } from "../grade/profile-names.js";
import { outputTarget } from "../io/target.js";
import { readTextFile } from "../jsonl.js";
import { DATA_DIR, DEFAULT_CASES_FILE } from "../paths.js";
import { type PromptOptions, promptDigests } from "../protocols/prompts.js";
import { redactSecretsIn } from "../text/redact.js";
import { HARNESS_VERSION } from "../version.js";
import { runGrader } from "./cached-grader.js";
import { sha256 } from "./canonical-json.js";
import type { RunConfig } from "./config.js";
import { execute } from "./execute.js";
import { Journal, type JournalContents, journalPath } from "./journal.js";
import { assertUsableAddress, type OperationalSettings, storedForm, withOperational } from "./operational.js";
import type { ProgressReporter } from "./progress.js";
import { type RunRecord, recordKey } from "./record.js";
import { repeatsOf, selectAttempts } from "./repeats.js";
import { RUN_REPORTERS, type RunReporter, streamRun } from "./reporters/index.js";
import type { JournalReporterOptions } from "./reporters/journal.js";
import { buildResults, type Results } from "./results.js";
import { stratifiedSample } from "./sample.js";
import { openModelSession } from "./session.js";
import { loadSystemPrompts } from "./system-prompts.js";

export interface RunEnvironment {
  env: NodeJS.ProcessEnv;
  cacheDir: string;
  progress: ProgressReporter;
  signal: AbortSignal;
  log: (line: string) => void;
  /** Where results named `-` go (default the process's stdout). */
  stdout?: (text: string) => void;
  /** More outputs (JUnit, CSV: src/report/reporters.ts), told every event after the run's own. */
  reporters?: readonly RunReporter[];
}

/** What a resumed run is told now: the operational settings it may change (src/runner/operational.ts). */
export interface ResumeOptions {
  change?: OperationalSettings;
}

/**
 * A run keeps a journal (and can be resumed) when its results go to a file; results sent to stdout, a pipe or a
 * device have no file beside which a journal could live.
 */
export function keepsJournal(out: string): boolean {
  return outputTarget(out).kind === "file";
}

interface JournalHeader {
  run: RunConfig;
  started_at: string;
  /** What the records were graded against: a resumed run must grade the rest against the very same. */
  fingerprint: Fingerprint;
}

interface Fingerprint {
  harness: string;
  corpus_digest: string;
  prompts: Record<string, string>;
}

/** Why a journal cannot be resumed under the current files, or null when it can. */
function sameFingerprint(a: Fingerprint | undefined, b: Fingerprint): string | null {
  if (!a) return "its journal comes from an older harness";
  if (a.corpus_digest !== b.corpus_digest) return "the cases file changed";
  if (a.harness !== b.harness) return `the harness changed (${a.harness} → ${b.harness})`;
  if (JSON.stringify(a.prompts) !== JSON.stringify(b.prompts)) return "the system prompts changed";
  return null;
}

/** A journal's stored configuration, checked against the schema (loaded here: only a resumed run needs it). */
async function storedConfig(value: unknown, path: string): Promise<RunConfig> {
  const { RunConfigSchema } = await import("./config.js");
  const parsed = RunConfigSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new UserError(
    `${path}:1: field run.${formatPath(issue?.path ?? [])}: ${issue?.message ?? "invalid"}`,
    {
      hint: "the journal header was edited or damaged; start a new run",
    },
  );
}

/** The cases a configuration selects, in file order. */
export function selectCases(cases: readonly Case[], filters: RunConfig["filters"]): Case[] {
  const ids = filters.ids ? new Set(filters.ids) : null;
  if (ids) {
    const known = new Set(cases.map((c) => c.id));
    const unknown = [...ids].filter((id) => !known.has(id));
    if (unknown.length > 0) throw new UserError(`--ids: no such case: ${unknown.join(", ")}`);
  }
  const selected = cases.filter(
    (c) =>
      (!filters.lang || filters.lang.includes(c.lang)) &&
      (!filters.category || filters.category.includes(c.category)) &&
      (!ids || ids.has(c.id)),
  );
  if (filters.sample) return stratifiedSample(selected, filters.sample);
  return filters.limit ? selected.slice(0, filters.limit) : selected;
}

function describeCorpus(file: string, text: string, cases: number): Results["corpus"] {
  const digest = `sha256:${sha256(text)}`;
  if (resolve(file) === resolve(DEFAULT_CASES_FILE)) {
    const manifest = JSON.parse(readFileSync(join(DATA_DIR, "manifest.json"), "utf8")) as { version: string };
    return { name: "ToolUse.1", version: manifest.version, digest, file: "data/tooluse1.jsonl", cases };
  }
  return { name: file, version: null, digest, file, cases };
}

/** A run ready to ask: everything that can fail on bad input has been checked, before any journal exists. */
interface PlannedRun {
  run: RunConfig;
  path: string;
  journaled: boolean;
  previous: JournalContents<JournalHeader> | null;
  casesText: string;
  cases: Case[];
  promptOptions: PromptOptions;
  header: JournalHeader;
  /** What the records are graded under (the grader itself is loaded only if a verdict must be made: execute). */
  grading: { profile: RunConfig["rules"]; version: string };
  asked: ReturnType<typeof selectAttempts>;
  /** The scored records of a resumed journal, by record key: asked again never. */
  done: Map<string, RunRecord>;
}

/**
 * The cases of a file, validated: by the quick check alone when it passes every line (a run on ToolUse.1 never loads
 * zod), else through the case schema, loaded for it.
 */
async function loadRunCases(file: string): Promise<Case[]> {
  return readCaseLines(file, null) ?? (await import("../cases/load.js")).loadCases(file);
}

/** Reads what a run needs (its journal when resuming, the cases, the prompts) and refuses what cannot run. */
async function planRun(config: RunConfig, resume: boolean, options: ResumeOptions): Promise<PlannedRun> {
  const path = journalPath(config.out);
  const journaled = keepsJournal(config.out);
  if (resume && !journaled)
    throw new UserError(`cannot resume ${config.out}: results sent to a stream keep no journal`);
  const done = new Map<string, RunRecord>();
  const previous = resume ? (await import("./journal-read.js")).readJournal<JournalHeader>(path) : null;
  if (!previous && journaled) Journal.assertAbsent(path);
  // A resumed run keeps its stored configuration, with the operational settings given now, and writes where it is
  // told now (the path may be given from another folder than the one it started in).
  const run = previous
    ? {
        ...withOperational(await storedConfig(previous.config.run, path), options.change ?? {}),
        out: config.out,
      }
    : config;
  if (previous) assertUsableAddress(run, config.out);
  // Everything that can fail on bad input fails here, before the journal exists: a typo never leaves a run to resume.
  // Loaded line by line first, so a line over the limit is refused before the whole file is read for its digest.
  const allCases = await loadRunCases(run.cases_file);
  const casesText = readTextFile(run.cases_file);
  const cases = selectCases(allCases, run.filters);
  // A suite with parallel cases gets the prompt that allows several calls: decided per file, never per case.
  const overrides = loadSystemPrompts(run.system_prompts);
  const promptOptions = {
    parallelCalls: allCases.some((c) => "calls" in c.expect),
    ...(Object.keys(overrides).length > 0 ? { overrides } : {}),
  };
  if (cases.length === 0) throw new UserError("the filters select no cases");
  const fingerprint: Fingerprint = {
    harness: HARNESS_VERSION,
    corpus_digest: `sha256:${sha256(casesText)}`,
    prompts: promptDigests(promptOptions),
  };
  const header: JournalHeader = previous
    ? { ...previous.config, run }
    : { run, started_at: new Date().toISOString(), fingerprint };
  if (previous) {
    const changed = sameFingerprint(previous.config.fingerprint, fingerprint);
    if (changed)
      throw new UserError(
        `cannot resume ${config.out}: ${changed} since it started; start a new run (choose another --out, or delete ${journalPath(config.out)})`,
      );
  }
  const grading = { profile: run.rules, version: PROFILE_VERSIONS[run.rules] };
  const asked = selectAttempts(cases, run.protocols, run.shard, repeatsOf(run));
  if (previous) {
    Journal.assertBelongs(previous, path, {
      pairs: new Set(
        asked.map((p) => recordKey({ id: p.testCase.id, protocol: p.protocol, attempt: p.attempt })),
      ),
      grading,
    });
    for (const [key, record] of previous.records) if (record.status === "scored") done.set(key, record);
  }
  return { run, path, journaled, previous, casesText, cases, promptOptions, header, grading, asked, done };
}

/** Starts a new run (`resume: false`) or continues the one whose results path is `config.out`. */
export async function runBenchmark(
  config: RunConfig,
  resume: boolean,
  runEnv: RunEnvironment,
  options: ResumeOptions = {},
): Promise<Results> {
  const { run, path, journaled, previous, casesText, cases, promptOptions, header, grading, asked, done } =
    await planRun(config, resume, options);
  const session = await openModelSession({
    backend: run,
    concurrency: run.concurrency,
    retries: run.retries,
    cache: run.cache,
    cacheDir: runEnv.cacheDir,
    env: runEnv.env,
    signal: runEnv.signal,
    log: runEnv.log,
  });
  const { backend, cache } = session;
  // Verdicts are cached beside the answers, and only where answers are (docs/architecture.md, "The verdict cache").
  const grader = runGrader(grading.profile, { cacheDir: cache ? runEnv.cacheDir : null });
  const records = new Map(done);
  const reporters = runReporters(run, runEnv, {
    // Files keep the configuration without URL credentials, and nothing that holds a secret (src/text/redact.ts).
    journal: journaled
      ? { path, resumeFrom: previous, header: redactSecretsIn({ ...header, run: storedForm(header.run) }) }
      : null,
  });
  try {
    return await streamRun(reporters, { total: asked.length, alreadyDone: done.size }, async (onRecord) => {
      await execute({
        cases,
        protocols: run.protocols,
        repeats: repeatsOf(run),
        shard: run.shard,
        backend,
        settings: run.settings,
        promptOptions,
        concurrency: session.concurrency,
        retries: run.retries,
        done: new Set(done.keys()),
        cache,
        grader,
        signal: runEnv.signal,
        onRecord: (answered) => {
          const record = redactSecretsIn(answered);
          onRecord(record);
          records.set(recordKey(record), record);
        },
        onRetry: (message) => runEnv.log(`retry: ${message}`),
      });
      return buildResults({
        harnessVersion: HARNESS_VERSION,
        corpus: describeCorpus(run.cases_file, casesText, cases.length),
        grading,
        // `--label` names the run; the model itself stays in the configuration (config.model, config.replay_file).
        model: run.label ?? backend.model,
        modelDetails: backend.details,
        config: storedForm(run),
        cases,
        promptOptions,
        records: records.values(),
        startedAt: header.started_at,
        finishedAt: new Date().toISOString(),
      });
    });
  } finally {
    grader.finish();
    if (grader.reused() > 0) runEnv.log(`note: ${grader.reused()} verdicts reused from the verdict cache`);
    await session.close();
  }
}

/**
 * The run's reporters, in the order they hear each event: the journal (a record is kept before anything else sees
 * it), the progress line, the results file, then the caller's own (JUnit, CSV: written after the results file).
 */
function runReporters(
  run: RunConfig,
  runEnv: RunEnvironment,
  options: { journal: JournalReporterOptions | null },
): RunReporter[] {
  return [
    ...(options.journal ? [RUN_REPORTERS.journal(options.journal)] : []),
    RUN_REPORTERS.progress(runEnv.progress),
    RUN_REPORTERS.results({ path: run.out, ...(runEnv.stdout ? { stdout: runEnv.stdout } : {}) }),
    ...(runEnv.reporters ?? []),
  ];
}
