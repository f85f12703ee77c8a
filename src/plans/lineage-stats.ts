/**
 * How visible a lineage's fixes are to the evaluator: revision steps that change neither the subtotal nor F1,
 * earlier revisions that already score like the best plan, and revisions where either falls. The issue-15
 * done-when reads these numbers over the train lineages.
 */
import type { Plan } from "./model.js";
import { scorePlan } from "./score.js";
import type { ToolDescriptions } from "./tool-descriptions.js";

/** What a lineage needs: its query, its best plan and its revisions in order (the last one is the best plan). */
export interface LineageInput {
  query_id: string;
  query: string;
  best_plan: Plan;
  lineage: readonly { plan: Plan; fixes: readonly string[] }[] | null;
}

export interface LineageStatistics {
  /** Revision steps: every revision after the first, in every lineage. */
  steps: number;
  /** Steps that leave both the subtotal and F1 unchanged, with the query and the revision's tags. */
  unchanged: { query_id: string; revision: number; fixes: readonly string[] }[];
  /** Earlier revisions that already score exactly like the best plan (subtotal and F1). */
  earlyBest: { query_id: string; revision: number }[];
  /** Steps where the subtotal or F1 falls. */
  decreases: { query_id: string; revision: number; what: "subtotal" | "f1" }[];
}

const EPSILON = 1e-9;
const same = (a: number, b: number) => Math.abs(a - b) < EPSILON;

export function lineageStatistics(
  records: readonly LineageInput[],
  tools: ToolDescriptions,
): LineageStatistics {
  const stats: LineageStatistics = { steps: 0, unchanged: [], earlyBest: [], decreases: [] };
  for (const record of records) {
    const lineage = record.lineage ?? [];
    const lines = lineage.map((revision) =>
      scorePlan({ candidate: revision.plan, reference: record.best_plan, query: record.query, tools }),
    );
    const scores = lines.map((line) => ({ subtotal: line.subtotal ?? 0, f1: line.f1 ?? 0 }));
    const best = scores.at(-1);
    scores.forEach((current, index) => {
      const previous = scores[index - 1];
      const where = { query_id: record.query_id, revision: index + 1 };
      if (
        best &&
        index < scores.length - 1 &&
        same(current.subtotal, best.subtotal) &&
        same(current.f1, best.f1)
      )
        stats.earlyBest.push(where);
      if (!previous) return;
      stats.steps++;
      if (same(current.subtotal, previous.subtotal) && same(current.f1, previous.f1))
        stats.unchanged.push({ ...where, fixes: lineage[index]?.fixes ?? [] });
      if (current.subtotal < previous.subtotal - EPSILON)
        stats.decreases.push({ ...where, what: "subtotal" });
      if (current.f1 < previous.f1 - EPSILON) stats.decreases.push({ ...where, what: "f1" });
    });
  }
  return stats;
}
