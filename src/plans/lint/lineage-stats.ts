/** The lineage statistics of issue 16's target, under whatever evaluator the tree holds. */
import type { QueryRecord } from "../data/schema.js";
import type { ToolDescriptions } from "../tool-descriptions.js";
import { revisionScores } from "./lineage-rules.js";

export interface LineageStats {
  lineages: number;
  revisionSteps: number;
  /** Revision steps that change neither the deterministic subtotal nor step F1. */
  unchanged: number;
  /** Steps where either score falls (must be 0). */
  decreases: number;
  /** Revisions before the last that score like the best plan on both (must be 0). */
  likeBest: number;
}

const E = 1e-9;

export function lineageStats(records: readonly QueryRecord[], tools: ToolDescriptions): LineageStats {
  const stats: LineageStats = { lineages: 0, revisionSteps: 0, unchanged: 0, decreases: 0, likeBest: 0 };
  for (const record of records) {
    if (!record.lineage) continue;
    stats.lineages++;
    const scores = record.lineage.map((revision) => revisionScores(revision.plan, record.best_plan, tools));
    const best = scores.at(-1);
    scores.forEach((current, index) => {
      const previous = scores[index - 1];
      if (previous) {
        stats.revisionSteps++;
        if (current.subtotal < previous.subtotal - E || current.f1 < previous.f1 - E) stats.decreases++;
        if (Math.abs(current.subtotal - previous.subtotal) <= E && Math.abs(current.f1 - previous.f1) <= E)
          stats.unchanged++;
      }
      if (
        best &&
        index < scores.length - 1 &&
        current.subtotal >= best.subtotal - E &&
        current.f1 >= best.f1 - E
      )
        stats.likeBest++;
    });
  }
  return stats;
}

/** At most this share of revision steps may leave both scores unchanged (issue 16). */
export const MAX_UNCHANGED_SHARE = 0.1;

export function statsProblems(stats: LineageStats): string[] {
  const problems: string[] = [];
  const share = stats.revisionSteps === 0 ? 0 : stats.unchanged / stats.revisionSteps;
  if (share > MAX_UNCHANGED_SHARE)
    problems.push(
      `${(share * 100).toFixed(1)}% of revision steps change neither score (at most ${MAX_UNCHANGED_SHARE * 100}%)`,
    );
  if (stats.decreases > 0) problems.push(`${stats.decreases} revision step(s) lower the subtotal or step F1`);
  if (stats.likeBest > 0) problems.push(`${stats.likeBest} earlier revision(s) score like the best plan`);
  return problems;
}
