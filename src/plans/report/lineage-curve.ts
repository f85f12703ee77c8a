/**
 * The lineage improvement curve (issue 30 item 2): how much a lineage's revisions improve, read off the queries file.
 * Each revision of each lineage is scored by code against its query's best plan (the deterministic subtotal, as
 * `plan score` scores a plan); the curve is the mean subtotal at each revision position, with how many lineages reach
 * it. Lineages have different lengths, so the last positions average fewer lineages — n says so.
 */
import { z } from "zod";
import { readJsonl } from "../../jsonl.js";
import { parseReference } from "../parse.js";
import { scorePlan } from "../score.js";
import { DEFAULT_TOOL_DESCRIPTIONS } from "../tool-descriptions.js";

export interface LineagePoint {
  /** 1 for the first revision. */
  revision: number;
  /** Mean deterministic subtotal of the revisions at this position. */
  mean: number;
  /** How many lineages have a revision at this position. */
  n: number;
}

/**
 * What the curve reads of a queries line: loose, since `plan report --queries` also takes files that carry only the
 * breakdown attributes (no query text, no best plan); such lines simply have no lineage to draw.
 */
const LineageLineSchema = z.looseObject({
  query_id: z.union([z.string(), z.number()]),
  query: z.string().optional(),
  best_plan: z.unknown().optional(),
  lineage: z.array(z.looseObject({ plan: z.unknown() })).nullish(),
});
export type LineageLine = z.infer<typeof LineageLineSchema>;

/** The queries file's lines as the curve reads them. */
export function readLineageLines(file: string): LineageLine[] {
  return readJsonl(file, LineageLineSchema);
}

export interface LineageCurve {
  points: LineagePoint[];
  /** The subtotal's maximum, the curve's scale. */
  max: number;
  lineages: number;
}

/** The curve of every lineage in the records, or null when none has one. */
export function lineageCurve(records: readonly LineageLine[]): LineageCurve | null {
  const sums: { total: number; n: number }[] = [];
  let max = 0;
  let lineages = 0;
  for (const record of records) {
    if (!record.lineage || record.lineage.length === 0 || record.best_plan === undefined) continue;
    // A best plan the reader refuses has no curve to draw against (plan score reports it where it is scored).
    const reference = parseReference(record.best_plan);
    if (!reference.ok) continue;
    lineages += 1;
    record.lineage.forEach((revision, index) => {
      const line = scorePlan({
        candidate: revision.plan,
        reference: reference.plan,
        tools: DEFAULT_TOOL_DESCRIPTIONS,
        query: record.query ?? null,
        query_id: record.query_id,
      });
      max = line.subtotal_max;
      const slot = sums[index] ?? { total: 0, n: 0 };
      sums[index] = slot;
      // An unreadable revision scores nothing, as plan score gives it.
      slot.total += line.subtotal ?? 0;
      slot.n += 1;
    });
  }
  if (lineages === 0) return null;
  return {
    points: sums.map((slot, index) => ({ revision: index + 1, mean: slot.total / slot.n, n: slot.n })),
    max,
    lineages,
  };
}
