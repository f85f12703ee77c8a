/** The plan data's query lines with their lineages (read by the plan core, the workflows and the review kinds) and the step tags. */
import { z } from "zod";
import { UserError } from "../errors.js";
import { readJsonl } from "../jsonl.js";
import { PlanSchema } from "./model.js";
import { parseReference } from "./parse.js";
import { queryKey, ReferenceRecordSchema } from "./records.js";

/** The six tags of the step-wise evaluator, in its order of judgement (critical first, NO CHANGE last). */
export const STEP_TAGS = [
  "INCORRECT PROMPT",
  "COMPLEX PROMPT",
  "INCORRECT TOOL",
  "REPEATED DETAIL",
  "MULTI-TOOL PROMPT",
  "NO CHANGE",
] as const;
export type StepTag = (typeof STEP_TAGS)[number];

/**
 * One plan of a lineage and the fixes that produced it from the plan before (none for the first plan). Fixes are
 * free text: the built data names mistake kinds ("wrong tool"), `plan refine` writes the evaluator's tags.
 */
export const LineageEntrySchema = z.looseObject({
  plan: z.union([PlanSchema, z.string().min(1), z.record(z.string(), z.unknown())]),
  fixes: z.array(z.string()).default([]),
});
export type LineageEntry = z.infer<typeof LineageEntrySchema>;

/**
 * A query line of the plan data (`data/plans/queries.jsonl` shape): a reference line plus its split and, for
 * train queries, the lineage from a weak first plan to the best one. Loose: other metadata rides along.
 */
export const QueryRecordSchema = ReferenceRecordSchema.extend({
  split: z.string().optional(),
  // The built data file writes null for test queries; imported or hand-made files may leave the field out.
  lineage: z.array(LineageEntrySchema).nullish(),
});
export type QueryRecord = z.infer<typeof QueryRecordSchema>;

/** Refuses a query id used twice in one file, since every later join is by id. */
export function assertUniqueQueryIds(file: string, records: readonly { query_id: string | number }[]): void {
  const seen = new Set<string>();
  for (const record of records) {
    const key = queryKey(record.query_id);
    if (seen.has(key)) throw new UserError(`${file}: field query_id: ${key} appears twice`);
    seen.add(key);
  }
}

/** Reads query lines, each query id once. */
export function readQueries(file: string): QueryRecord[] {
  const records = readJsonl(file, QueryRecordSchema);
  assertUniqueQueryIds(file, records);
  return records;
}

/** Orders query ids the way people number them: 2 before 10, "q2" before "q10". */
export function compareQueryIds(a: string | number, b: string | number): number {
  return queryKey(a).localeCompare(queryKey(b), "en", { numeric: true });
}

/** The reference plan of a query line, or a UserError naming the query (a bad best plan is a data bug). */
export function bestPlanOf(record: QueryRecord, file: string) {
  const parsed = parseReference(record.best_plan);
  if (!parsed.ok)
    throw new UserError(
      `${file}: query ${queryKey(record.query_id)}: field best_plan: not a usable plan (${parsed.message})`,
    );
  return parsed.plan;
}

export interface QuerySelection {
  /** Only these query ids; an id no line has is an error (a typo should not silently shrink a pilot run). */
  ids: readonly string[] | null;
  /** Only the first N distinct query ids, in file order, after `ids`. */
  limit: number | null;
}

/** The lines a pilot run keeps: by query id, then the first N queries (every line of a kept query stays). */
export function selectByQuery<T extends { query_id: string | number }>(
  records: readonly T[],
  selection: QuerySelection,
  file: string,
): T[] {
  let kept = [...records];
  if (selection.ids) {
    const wanted = new Set(selection.ids);
    const present = new Set(records.map((r) => queryKey(r.query_id)));
    const missing = selection.ids.find((id) => !present.has(id));
    if (missing !== undefined) throw new UserError(`--ids: query ${missing} is not in ${file}`);
    kept = kept.filter((r) => wanted.has(queryKey(r.query_id)));
  }
  if (selection.limit !== null) {
    const first = [...new Set(kept.map((r) => queryKey(r.query_id)))].slice(0, selection.limit);
    const allowed = new Set(first);
    kept = kept.filter((r) => allowed.has(queryKey(r.query_id)));
  }
  return kept;
}
