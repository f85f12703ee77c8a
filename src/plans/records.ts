/** The input records of `tooluse plan score`: reference lines and plan lines (the shape of the paper's plans.csv). */
import { z } from "zod";

const QueryIdSchema = z.union([z.string().min(1), z.number().int()]);

/** A reference line: the query and its best plan (canonical object or paper text); other fields are metadata. */
export const ReferenceRecordSchema = z.looseObject({
  query_id: QueryIdSchema,
  query: z.string(),
  best_plan: z.union([z.string().min(1), z.record(z.string(), z.unknown()), z.array(z.unknown())]),
});
export type ReferenceRecord = z.infer<typeof ReferenceRecordSchema>;

/** A plan line: one planner's raw output for one query under one prompt type. */
export const PlanRecordSchema = z.looseObject({
  query_id: QueryIdSchema,
  planner: z.string().min(1),
  prompt_type: z.string(),
  plan: z.union([z.string(), z.record(z.string(), z.unknown())]),
});
export type PlanRecord = z.infer<typeof PlanRecordSchema>;

/** Query ids compare as text, so 7 in one file finds "7" in the other. */
export function queryKey(id: string | number): string {
  return String(id);
}
