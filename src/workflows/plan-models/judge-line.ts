/**
 * The judged line `tooluse plan judge` writes: a score line whose fields hold the judge's values where it was
 * asked (null where its answer failed), plus a `judge` record with the raw answers, the code's values beside the
 * judged ones, failures and contradictions. `judge.sources` says where each value came from.
 */
import { z } from "zod";
import { RATINGS } from "../../plans/rating.js";
import { ScoreLineSchema } from "../../plans/score-line.js";
import { CONTRADICTION_CODES } from "./judge-answers.js";

export const JUDGE_MODES = ["metric-wise", "one-shot"] as const;
export type JudgeMode = (typeof JUDGE_MODES)[number];

/** The score-line fields a judge can fill. */
export const JUDGED_FIELDS = [
  "format",
  "tool_prompt_alignment",
  "step_executability",
  "query_adherence",
  "dependencies",
  "redundancy",
  "tool_usage_completeness",
  "precision",
  "recall",
  "f1",
  "rating",
] as const;
export type JudgedField = (typeof JUDGED_FIELDS)[number];

const SourceSchema = z.enum(["judge", "code"]).nullable();

export const JudgeAnswerSchema = z.strictObject({
  status: z.enum(["ok", "failed"]),
  /** Every reply, in order: the first answer and, when it could not be used, the repaired one. */
  raw: z.array(z.string()),
  /** The parsed answer (violations, score, numbers, rating), null when it failed. */
  value: z.unknown().nullable(),
});

export const JudgeFailureSchema = z.strictObject({
  metric: z.string(),
  code: z.enum(["request-error", "malformed", "out-of-range", "empty"]),
  message: z.string(),
});

export const ContradictionSchema = z.strictObject({
  metric: z.string(),
  code: z.enum(CONTRADICTION_CODES),
  stated: z.union([z.number(), z.string()]),
  expected: z.union([z.number(), z.string()]),
  message: z.string(),
});

export const JudgeRecordSchema = z.strictObject({
  model: z.string(),
  mode: z.enum(JUDGE_MODES),
  /** Why no judge was asked (a plan with no readable step scores 0 by code), else null. */
  skipped: z.string().nullable(),
  sources: z.partialRecord(z.enum(JUDGED_FIELDS), SourceSchema),
  /** The code's value of every field that has one, beside the judged value (one-shot: percentages). */
  deterministic: z.record(z.string(), z.union([z.number(), z.string()]).nullable()),
  answers: z.record(z.string(), JudgeAnswerSchema),
  failures: z.array(JudgeFailureSchema),
  contradictions: z.array(ContradictionSchema),
  /** The version (sha256) and source of every prompt asked for this line. */
  prompts: z.record(z.string(), z.strictObject({ sha256: z.string(), source: z.string() })),
});
export type JudgeRecord = z.infer<typeof JudgeRecordSchema>;

/** A failed one-shot judgement has no rating, so the judged line allows null where the score line does not. */
export const JudgedLineSchema = ScoreLineSchema.extend({
  rating: z.enum(RATINGS).nullable(),
  judge: JudgeRecordSchema,
});
export type JudgedLine = z.infer<typeof JudgedLineSchema>;
