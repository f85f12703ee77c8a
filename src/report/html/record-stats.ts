/**
 * Latency and token counts of records, read defensively: the report's record schema lets these fields through
 * unchecked, so a value that is not a finite, non-negative number counts as absent (shown "–", never 0).
 */
import type { ReportRecord } from "../../runner/results-schema.js";

export type MeasuredField = "latency_ms" | "prompt_tokens" | "completion_tokens";

/** The field's value, or null when the record does not carry a usable one. */
export function measured(record: ReportRecord, field: MeasuredField): number | null {
  const value = (record as Record<string, unknown>)[field];
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : null;
}

/** The nearest-rank percentile (p in (0, 100]) of the values, or null for none: every value shown is one measured. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] ?? null;
}

export interface RunUsage {
  medianLatencyMs: number | null;
  p95LatencyMs: number | null;
  /** Sums over the records that report a count; null when none does. */
  promptTokens: number | null;
  completionTokens: number | null;
  /** How many records reported each figure, so a partial total is not read as a whole one. */
  latencyRecords: number;
  tokenRecords: number;
  records: number;
}

function sum(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0);
}

export function runUsage(records: readonly ReportRecord[]): RunUsage {
  const pick = (field: MeasuredField) =>
    records.map((r) => measured(r, field)).filter((v): v is number => v !== null);
  const latencies = pick("latency_ms");
  const prompt = pick("prompt_tokens");
  const completion = pick("completion_tokens");
  return {
    medianLatencyMs: percentile(latencies, 50),
    p95LatencyMs: percentile(latencies, 95),
    promptTokens: sum(prompt),
    completionTokens: sum(completion),
    latencyRecords: latencies.length,
    tokenRecords: Math.max(prompt.length, completion.length),
    records: records.length,
  };
}
