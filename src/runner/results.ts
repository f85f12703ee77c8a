/** The results file of a run: self-describing (harness, corpus, model, settings, prompts), records, and the summary. */
import type { Case, Protocol } from "../cases/schema.js";
import type { Verdict } from "../grade/verdict.js";
import { type Summary, summarize } from "../metrics/summary.js";
import { PROMPT_VERSION, type PromptOptions, promptDigests, SINGLE_CALL } from "../protocols/prompts.js";
import type { RunConfig } from "./config.js";
import { type RunRecord, recordKey } from "./record.js";
import { repeatsOf, selectAttempts } from "./repeats.js";

export const RESULTS_FORMAT = "tooluse.results/1";

export interface Results {
  format: typeof RESULTS_FORMAT;
  harness: { name: "tooluse"; version: string };
  corpus: { name: string; version: string | null; digest: string; file: string; cases: number };
  /** How the verdicts were made: `report` and `compare` rank only results graded alike. */
  grading: { profile: string; version: string };
  model: string;
  /** The backend's record of the loaded model (file digests, stop tokens, device), when it gives one. */
  model_details?: Readonly<Record<string, unknown>>;
  backend: string;
  config: Omit<RunConfig, "out">;
  prompts: { version: string; parallel_calls: boolean; sha256: Record<Protocol, string> };
  started_at: string;
  finished_at: string;
  /** `missing`: (case, protocol) pairs the run selected but has no record for; listed in `missing`. */
  counts: { records: number; scored: number; errors: number; missing: number };
  /** Every selected (case, protocol) without a record (with `--repeats`: each attempt without one), never left out. */
  missing: { id: string; protocol: Protocol; attempt?: number }[];
  records: RunRecord[];
  summary: Summary;
}

export interface ResultsInput {
  harnessVersion: string;
  corpus: Results["corpus"];
  grading: Results["grading"];
  model: string;
  modelDetails?: Readonly<Record<string, unknown>> | undefined;
  config: RunConfig;
  cases: readonly Case[];
  /** Defaults to the single-call prompt of ToolUse.1. */
  promptOptions?: PromptOptions;
  records: Iterable<RunRecord>;
  startedAt: string;
  finishedAt: string;
}

type Outcome = Pick<Results, "counts" | "missing" | "records" | "summary">;

/**
 * Records in case order, then protocol order, whatever order they finished in; every selected pair without a record
 * listed as missing; counts and summary computed from them. `tooluse merge` builds a merged run with this too.
 */
export function assembleOutcome(
  cases: readonly Case[],
  config: Pick<RunConfig, "protocols" | "shard" | "repeats">,
  from: Iterable<RunRecord>,
): Outcome {
  const byKey = new Map([...from].map((r) => [recordKey(r), r]));
  const records: RunRecord[] = [];
  const missing: Results["missing"] = [];
  const repeats = repeatsOf(config);
  for (const { testCase, protocol, attempt } of selectAttempts(
    cases,
    config.protocols,
    config.shard,
    repeats,
  )) {
    const record = byKey.get(recordKey({ id: testCase.id, protocol, attempt }));
    if (record) records.push(record);
    else missing.push({ id: testCase.id, protocol, ...(repeats > 1 ? { attempt } : {}) });
  }
  const verdicts = records.flatMap((r) => (r.verdict ? [r.verdict as Verdict] : []));
  return {
    counts: {
      records: records.length,
      scored: verdicts.length,
      errors: records.length - verdicts.length,
      missing: missing.length,
    },
    missing,
    records,
    summary: { ...summarize(verdicts, cases), missing: missing.length },
  };
}

/** Builds the results object of a run. */
export function buildResults(input: ResultsInput): Results {
  const outcome = assembleOutcome(input.cases, input.config, input.records);
  const { out: _out, ...config } = input.config;
  return {
    format: RESULTS_FORMAT,
    harness: { name: "tooluse", version: input.harnessVersion },
    corpus: input.corpus,
    grading: input.grading,
    model: input.model,
    ...(input.modelDetails ? { model_details: input.modelDetails } : {}),
    backend: input.config.backend,
    config,
    prompts: {
      version: PROMPT_VERSION,
      parallel_calls: (input.promptOptions ?? SINGLE_CALL).parallelCalls,
      sha256: promptDigests(input.promptOptions ?? SINGLE_CALL),
    },
    started_at: input.startedAt,
    finished_at: input.finishedAt,
    ...outcome,
  };
}
