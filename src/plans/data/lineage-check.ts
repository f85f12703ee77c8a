/**
 * The rule every lineage keeps: scored against its own best plan, no revision falls below its predecessor on the
 * deterministic subtotal or on step F1, and the best plan beats the first revision on at least one of them.
 */
import { scorePlan } from "../score.js";
import type { ScoreLine } from "../score-line.js";
import type { ToolDescriptions } from "../tool-descriptions.js";
import type { QueryRecord } from "./schema.js";

/**
 * The deterministic subtotal and step F1 (docs/plan-conventions.md section 7): a fix may trade one code metric
 * for another (a right tool can expose an ignored step), but the subtotal never falls.
 */
export const LINEAGE_METRICS = ["subtotal", "f1"] as const;
export type LineageMetric = (typeof LINEAGE_METRICS)[number];

/** Scores within this of each other are equal: F1 is a ratio and float noise must not read as a regression. */
const EPSILON = 1e-9;

export type LineageScores = Record<LineageMetric, number>;

/** A plan that cannot be read scores 0, as in the score line's own convention. */
function metricsOf(line: ScoreLine): LineageScores {
  const scores = {} as LineageScores;
  for (const metric of LINEAGE_METRICS) scores[metric] = line[metric] ?? 0;
  return scores;
}

/** Each revision's scores against the query's best plan, in lineage order; [] for a query without a lineage. */
export function lineageScores(record: QueryRecord, tools: ToolDescriptions): LineageScores[] {
  return (record.lineage ?? []).map((revision) =>
    metricsOf(scorePlan({ candidate: revision.plan, reference: record.best_plan, tools })),
  );
}

function round(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

/** What breaks the rule, one line per regression; empty when the lineage is a steady improvement. */
export function lineageProblems(record: QueryRecord, tools: ToolDescriptions): string[] {
  const scores = lineageScores(record, tools);
  const first = scores[0];
  const best = scores.at(-1);
  if (!first || !best) return [];
  const problems = scores.flatMap((current, index) => {
    const previous = scores[index - 1];
    if (!previous) return [];
    return LINEAGE_METRICS.filter((metric) => current[metric] < previous[metric] - EPSILON).map(
      (metric) =>
        `revision ${index + 1} scores lower than revision ${index} on ${metric} (${round(current[metric])} < ${round(previous[metric])})`,
    );
  });
  if (!LINEAGE_METRICS.some((metric) => best[metric] > first[metric] + EPSILON))
    problems.push("the best plan scores no higher than the first revision on any metric");
  return problems;
}
