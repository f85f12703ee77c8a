/** The results file of a run: self-describing (harness, corpus, model, settings, prompts), records, and the summary. */
import type { Case, Protocol } from "../cases/schema.js";
import type { Verdict } from "../grade/verdict.js";
import { type Summary, summarize } from "../metrics/summary.js";
import { PROMPT_VERSION, type PromptOptions, promptDigests, SINGLE_CALL } from "../protocols/prompts.js";
import type { RunConfig } from "./config.js";
import { type RunRecord, recordKey } from "./record.js";

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
  counts: { records: number; scored: number; errors: number };
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

/** Builds the results object; records come out in case order, then protocol order, whatever order they finished in. */
export function buildResults(input: ResultsInput): Results {
  const byKey = new Map([...input.records].map((r) => [recordKey(r), r]));
  const records: RunRecord[] = [];
  for (const testCase of input.cases) {
    for (const protocol of input.config.protocols) {
      const record = byKey.get(recordKey({ id: testCase.id, protocol }));
      if (record) records.push(record);
    }
  }
  const verdicts = records.flatMap((r) => (r.verdict ? [r.verdict as Verdict] : []));
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
    counts: { records: records.length, scored: verdicts.length, errors: records.length - verdicts.length },
    records,
    summary: summarize(verdicts, input.cases),
  };
}
