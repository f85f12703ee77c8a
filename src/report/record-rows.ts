/** What the CI formats (JUnit, CSV) read of a results file: the run's name and each record's outcome. */

export interface ExportRecord {
  id: string;
  protocol: string;
  status: "scored" | "error";
  output: string | null;
  error: string | null;
  verdict: {
    passed: boolean;
    reason: string;
    tool_ok?: boolean | null;
    args_ok?: boolean | null;
    spurious?: boolean | null;
    malformed?: boolean;
    answer_ok?: boolean | null;
  } | null;
  latency_ms?: number;
  prompt_tokens?: number | null;
  completion_tokens?: number | null;
  attempts?: number;
  cached?: boolean;
  endpoint?: string;
  /** `run --repeats`: which attempt this record is; absent in a run without repeats. */
  attempt?: number;
}

export interface ExportRun {
  model: string;
  backend: string;
  records: readonly ExportRecord[];
}

export type Outcome = "passed" | "failed" | "error";

/** Whether any run has repeats: the formats then name each record's attempt (and only then, so K = 1 is unchanged). */
export function hasAttempts(runs: readonly ExportRun[]): boolean {
  return runs.some((run) => run.records.some((r) => r.attempt !== undefined));
}

export function outcomeOf(record: ExportRecord): Outcome {
  if (record.status === "error" || !record.verdict) return "error";
  return record.verdict.passed ? "passed" : "failed";
}

/** A short code for why a scored record failed, from the verdict's flags (the reason says it in words). */
export function failureKind(verdict: NonNullable<ExportRecord["verdict"]>): string {
  if (verdict.malformed) return "malformed";
  if (verdict.spurious) return "spurious_call";
  if (verdict.tool_ok === false) return "wrong_tool";
  if (verdict.args_ok === false) return "wrong_arguments";
  if (verdict.answer_ok === false) return "answer";
  return "failed";
}
