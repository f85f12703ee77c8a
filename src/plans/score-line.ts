/** The score line: one per scored plan, the public record `tooluse plan score` writes (names kept from issue 6). */
import { z } from "zod";
import { ANSWER_KINDS } from "./coverage.js";
import { CODE_SCORED_METRICS } from "./points.js";
import { RATINGS, TIERS } from "./rating.js";
import { ALL_VIOLATION_CODES, type ViolationCode } from "./violations.js";

const score = z.number().nullable();

export const ViolationSchema = z.strictObject({
  step: z.number().int().nullable(),
  code: z.enum(ALL_VIOLATION_CODES as [ViolationCode, ...ViolationCode[]]),
  message: z.string(),
});

/**
 * Judge-only metrics (tool_prompt_alignment, query_adherence) stay null until judges exist, and so does
 * `total` (the paper's score out of 100); `subtotal` is the deterministic part out of `subtotal_max` points.
 */
export const ScoreLineSchema = z.strictObject({
  query_id: z.union([z.string(), z.number()]).nullable(),
  planner: z.string().nullable(),
  prompt_type: z.string().nullable(),
  parse_ok: z.boolean(),
  format: score,
  dependencies: score,
  redundancy: score,
  tool_usage_completeness: score,
  step_executability: score,
  tool_prompt_alignment: score,
  query_adherence: score,
  precision: score,
  recall: score,
  f1: score,
  edge_f1: score,
  rating: z.enum(RATINGS),
  tier: z.enum(TIERS).nullable(),
  steps: z.number().int(),
  hops: z.number().int().nullable(),
  parallelism: score,
  subtotal: score,
  subtotal_max: z.number(),
  total: score,
  violations: z.array(ViolationSchema),
  /** Whether the plan is valid in the paper's format (docs/plan-matching.md, section 4); absent in older lines. */
  validity: z
    .strictObject({ valid: z.boolean(), reason: z.string().nullable(), lenient: z.boolean() })
    .optional(),
  /** Beyond the paper: query slots reached and the answer produced (section 6); only when the query is known. */
  coverage: z
    .strictObject({
      asks: z.enum(ANSWER_KINDS),
      final_produces: z.string(),
      missing_slots: z.array(z.string()),
      answers_query: z.boolean(),
    })
    .optional(),
  /** Set when the rating was lowered below its F1 band, and by what. */
  rating_capped: z.literal("coverage").optional(),
});
export type ScoreLine = z.infer<typeof ScoreLineSchema>;

/** The numeric fields a per-planner summary averages, in report order. */
export const AVERAGED_FIELDS = [
  ...CODE_SCORED_METRICS,
  "subtotal",
  "precision",
  "recall",
  "f1",
  "edge_f1",
  "steps",
  "hops",
] as const satisfies readonly (keyof ScoreLine)[];
export type AveragedField = (typeof AVERAGED_FIELDS)[number];
