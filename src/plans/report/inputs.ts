/** The inputs of `tooluse plan report`: score lines (from score or judge) and the query attributes of a reference. */
import { z } from "zod";
import { UserError } from "../../errors.js";
import { readJsonl } from "../../jsonl.js";
import { planStructure } from "../metrics.js";
import { parseReference } from "../parse.js";
import { RATINGS, type Rating } from "../rating.js";
import { queryKey } from "../records.js";

const Value = z.number().nullable().optional();

/** A score line as `tooluse plan score --out` or `tooluse plan judge --out` writes it; metrics read where present. */
export const ReportLineSchema = z.looseObject({
  query_id: z.union([z.string().min(1), z.number().int()]),
  planner: z.string().nullable(),
  prompt_type: z.string().nullable(),
  parse_ok: z.boolean().optional(),
  rating: z.enum(RATINGS).nullable().optional(),
  format: Value,
  tool_prompt_alignment: Value,
  step_executability: Value,
  query_adherence: Value,
  dependencies: Value,
  redundancy: Value,
  tool_usage_completeness: Value,
  total: Value,
  subtotal: Value,
  f1: Value,
  /** Present on `plan judge --out` lines: where each value came from, and what failed. */
  judge: z
    .looseObject({
      sources: z.record(z.string(), z.string().nullable()),
      failures: z.array(z.unknown()),
      contradictions: z.array(z.unknown()),
      skipped: z.string().nullable().optional(),
    })
    .optional(),
});
export type ReportLine = z.infer<typeof ReportLineSchema>;

/** The metrics a report averages, in the paper's order, with the short column titles of the terminal table. */
export const REPORT_METRICS = [
  ["format", "fmt"],
  ["tool_prompt_alignment", "align"],
  ["step_executability", "exec"],
  ["query_adherence", "adh"],
  ["dependencies", "deps"],
  ["redundancy", "red"],
  ["tool_usage_completeness", "tools"],
  ["total", "total"],
  ["subtotal", "sub"],
  ["f1", "F1"],
] as const satisfies readonly (readonly [keyof ReportLine, string])[];
export type ReportMetric = (typeof REPORT_METRICS)[number][0];

/** What the paper's breakdowns need to know about a query. */
export interface QueryAttributes {
  is_subjective: boolean | null;
  is_compound: boolean | null;
  /** Steps and hops of the best plan. */
  steps: number | null;
  hops: number | null;
}

const ReferenceSchema = z.looseObject({
  query_id: z.union([z.string().min(1), z.number().int()]),
  is_subjective: z.boolean().optional(),
  is_compound: z.boolean().optional(),
  steps: z.number().int().positive().optional(),
  hops: z.number().int().nonnegative().optional(),
  best_plan: z.unknown().optional(),
});

export function readScoreLines(file: string): ReportLine[] {
  const lines = readJsonl(file, ReportLineSchema);
  if (lines.length === 0) throw new UserError(`${file}: no score lines`);
  return lines;
}

/**
 * Attributes per query id from a queries/reference file (`data/plans/queries.jsonl` shape). Steps and hops come
 * from the line when given, else from its best plan, so a bare reference file still gives those breakdowns.
 */
export function readQueryAttributes(file: string): Map<string, QueryAttributes> {
  const attributes = new Map<string, QueryAttributes>();
  for (const line of readJsonl(file, ReferenceSchema)) {
    const parsed = line.best_plan === undefined ? null : parseReference(line.best_plan);
    const structure = parsed?.ok ? planStructure(parsed.plan.steps) : null;
    attributes.set(queryKey(line.query_id), {
      is_subjective: line.is_subjective ?? null,
      is_compound: line.is_compound ?? null,
      steps: line.steps ?? structure?.steps ?? null,
      hops: line.hops ?? structure?.hops ?? null,
    });
  }
  return attributes;
}

export function ratingOf(line: ReportLine): Rating | null {
  return line.rating ?? null;
}
