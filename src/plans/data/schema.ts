/** The planning benchmark's records: the authored YAML entry, the built query line, and the lineage revision. */
import { z } from "zod";
import { PlanSchema } from "../model.js";

export const SPLITS = ["train", "test"] as const;
export const SplitSchema = z.enum(SPLITS);
export type Split = z.infer<typeof SplitSchema>;

/** The id prefix of each split's queries and source files (`tr-001` in `corpus/plans/tr-01.yaml`). */
export const SPLIT_PREFIX = { train: "tr", test: "te" } as const satisfies Record<Split, string>;

/** The kinds of mistake a lineage revision fixes: the paper's step-evaluator tags, spelled out. */
export const MISTAKE_KINDS = [
  "wrong tool",
  "complex prompt",
  "repeated detail",
  "missing dual-tool step",
  "interaction_ids where the query asks for calls",
  "missing placeholder",
  "missing dependency",
  "unneeded dependency",
  "ignored step",
  "missing aggregation step",
  "query not answered",
] as const;
export const MistakeKindSchema = z.enum(MISTAKE_KINDS);
export type MistakeKind = z.infer<typeof MistakeKindSchema>;

/** A lineage has 3 to 6 revisions, from a weak first plan to the best plan. */
export const LINEAGE_LENGTH = { min: 3, max: 6 } as const;
/** The largest best plan of the paper's set has 15 steps; the step buckets are 1–4 and 5–15. */
export const MAX_BEST_PLAN_STEPS = 15;

const Text = z.string().trim().min(1);
const QUERY_ID = /^(tr|te)-\d{3}$/;

/** One revision as authored: the plan in the paper's text form, and (except the first) the mistakes it fixes. */
export const SourceRevisionSchema = z.strictObject({
  fixes: z.array(MistakeKindSchema).min(1).optional(),
  /** Why this fix is visible only to the LLM judges (Query Adherence, Tool–Prompt Alignment), not to code; kept in the source like `note`, read by `plan lint`. */
  judge_only: Text.optional(),
  plan: Text,
});

/** One entry of `corpus/plans/<tr|te>-<nn>.yaml`; `steps` and `hops` are computed, never authored. */
export const SourceEntrySchema = z.strictObject({
  query_id: z.string().regex(QUERY_ID, "expected tr-NNN (train) or te-NNN (test)"),
  query: Text,
  is_subjective: z.boolean(),
  is_compound: z.boolean(),
  best_plan: Text,
  lineage: z.array(SourceRevisionSchema).min(LINEAGE_LENGTH.min).max(LINEAGE_LENGTH.max).optional(),
  /** A reviewer's note; kept out of the built file. */
  note: z.string().optional(),
});
export type SourceEntry = z.infer<typeof SourceEntrySchema>;

/** A revision as built: the canonical plan and the mistakes it fixes (none for the first). */
export const RevisionSchema = z.strictObject({
  plan: PlanSchema,
  fixes: z.array(z.string().min(1)),
});
export type Revision = z.infer<typeof RevisionSchema>;

/**
 * One line of `data/plans/queries.jsonl`, and of `tooluse plan import`'s output. It is also a reference line of
 * `tooluse plan score --queries` (query_id, query, best_plan). `grouped` only comes from imported files.
 */
export const QueryRecordSchema = z.strictObject({
  query_id: z.string().min(1),
  split: SplitSchema,
  query: z.string().min(1),
  is_subjective: z.boolean(),
  is_compound: z.boolean(),
  best_plan: PlanSchema,
  steps: z.number().int().positive(),
  hops: z.number().int().nonnegative(),
  lineage: z.array(RevisionSchema).nullable(),
  grouped: z.string().optional(),
});
export type QueryRecord = z.infer<typeof QueryRecordSchema>;
