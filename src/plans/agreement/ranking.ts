/** Do both sides rank the planners alike? Spearman ρ between planner means, bootstrapped over queries. */
import { spearman } from "../../metrics/agreement.js";
import { type BootstrapSettings, type Estimate, estimate } from "./estimate.js";
import type { MetricSpec, Pair } from "./pairs.js";

/** Below three planners a rank correlation says nothing (two planners are always ρ = ±1). */
export const MIN_PLANNERS = 3;

export interface PlannerMeans {
  planner: string | null;
  prompt_type: string | null;
  plans: number;
  gold: number;
  judged: number;
}

export interface RankingAgreement extends Estimate {
  /** Planner × prompt type groups ranked: each is one "planner" of the ranking. */
  planners: number;
  means: PlannerMeans[];
}

/**
 * Each side ranks the planners (planner × prompt type) by their mean on this metric over the plans both sides
 * scored; ρ compares the two rankings, ties taking average ranks. The interval resamples whole queries, because
 * the plans of one query are scored together and are not independent.
 */
export function rankingAgreement(
  metric: MetricSpec,
  pairs: readonly Pair[],
  settings: BootstrapSettings,
): RankingAgreement {
  const groupKeys = [...new Set(pairs.map((p) => JSON.stringify([p.planner, p.prompt_type])))].sort();
  const groupOf = pairs.map((p) => groupKeys.indexOf(JSON.stringify([p.planner, p.prompt_type])));
  const queries = [...new Set(pairs.map((p) => p.query))].sort();
  const byQuery = queries.map((query) => pairs.flatMap((p, i) => (p.query === query ? [i] : [])));
  const sums = (queryIndices: readonly number[]) => {
    const totals = groupKeys.map(() => ({ plans: 0, gold: 0, judged: 0 }));
    for (const q of queryIndices) {
      for (const i of byQuery[q] ?? []) {
        const total = totals[groupOf[i] as number];
        const pair = pairs[i] as Pair;
        if (!total) continue;
        total.plans++;
        total.gold += pair.gold;
        total.judged += pair.judged;
      }
    }
    return totals;
  };
  const rho = (queryIndices: readonly number[]) => {
    const present = sums(queryIndices).filter((t) => t.plans > 0);
    if (present.length < MIN_PLANNERS) return null;
    return spearman(
      present.map((t) => t.gold / t.plans),
      present.map((t) => t.judged / t.plans),
    );
  };
  const result = estimate(`${metric.name}\u0000spearman`, queries.length, rho, settings);
  const means = sums(queries.map((_, i) => i)).map((t, i) => {
    const [planner, prompt_type] = JSON.parse(groupKeys[i] as string) as [string | null, string | null];
    return { planner, prompt_type, plans: t.plans, gold: t.gold / t.plans, judged: t.judged / t.plans };
  });
  return { ...result, planners: groupKeys.length, means };
}
