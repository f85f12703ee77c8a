/** One record of a run: a (case, protocol) pair, scored or errored. Errors are never counted as wrong answers. */
import { z } from "zod";
import { PROTOCOLS } from "../cases/schema.js";
import type { Verdict } from "../grade/verdict.js";

export interface RunRecord {
  id: string;
  protocol: (typeof PROTOCOLS)[number];
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
}

/** Loose on purpose: the journal is ours, so the schema checks shape, not every verdict field. */
export const RunRecordSchema = z.looseObject({
  id: z.string(),
  protocol: z.enum(PROTOCOLS),
  status: z.enum(["scored", "error"]),
  output: z.string().nullable(),
  verdict: z.looseObject({ passed: z.boolean() }).nullable(),
  error: z.string().nullable(),
});

export function recordKey(record: { id: string; protocol: string }): string {
  return `${record.id}\u0000${record.protocol}`;
}
