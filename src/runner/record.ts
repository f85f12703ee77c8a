/** One record of a run: a (case, protocol) pair, scored or errored. Errors are never counted as wrong answers. */
import type { Protocol } from "../cases/vocabulary.js";
import type { Verdict } from "../grade/verdict.js";

export interface RunRecord {
  id: string;
  protocol: Protocol;
  status: "scored" | "error";
  /** The raw model output, exactly as received. */
  output: string | null;
  verdict: Verdict | null;
  /** Scored records: the grader that made the verdict (`report`, `compare` and `merge` grade the output again). */
  grading?: { profile: string; version: string };
  error: string | null;
  latency_ms: number;
  prompt_tokens: number | null;
  completion_tokens: number | null;
  finish_reason: string | null;
  attempts: number;
  cached: boolean;
  /** The server that answered (one of the replicas), when a server was asked. */
  endpoint?: string;
  /** `run --repeats K` with K > 1: which of the K asks this is (0 … K−1); absent in a run without repeats. */
  attempt?: number;
  /** With `attempt`: the seed this attempt sent (null when the run has no --seed; src/runner/repeats.ts). */
  seed?: number | null;
}

/**
 * A record's identity: case, protocol and attempt. Attempt 0 (and a record without one: a run without repeats)
 * keeps the key of a single run, so files from before repeats read as K = 1.
 */
export function recordKey(record: { id: string; protocol: string; attempt?: number | undefined }): string {
  const base = `${record.id}\u0000${record.protocol}`;
  return record.attempt ? `${base}\u0000${record.attempt}` : base;
}
