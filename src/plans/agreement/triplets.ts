/**
 * Triplet-ranking agreement on lineages. A lineage triplet is one query's best plan and the two plans before it
 * (penultimate, antepenultimate), scored by both sides; within a score file they are told apart by planner name
 * (by default "best", "penultimate", "antepenultimate"), and a query with several prompt types gives one triplet per
 * prompt type. Each triplet holds two inequalities: best vs penultimate and penultimate vs antepenultimate.
 * - relaxed agreement (the paper's "relaxed" triplet ranking): for each inequality, both sides agree on whether the
 *   later plan is at least as good (x ≥ y) — a tie and a strict improvement both count as "not worse";
 * - strict agreement: both sides give the same relation (>, = or <);
 * - per side, the share of triplets ordered best ≥ penultimate ≥ antepenultimate.
 * Rates are over inequalities; the interval resamples whole triplets.
 */
import { type BootstrapSettings, type Estimate, estimate } from "./estimate.js";
import type { MetricSpec, Pair } from "./pairs.js";

export const DEFAULT_TRIPLET_PLANNERS = ["best", "penultimate", "antepenultimate"] as const;

export interface TripletAgreement {
  triplets: number;
  relaxed: Estimate;
  strict: Estimate;
  /** Share of triplets each side orders best ≥ penultimate ≥ antepenultimate. */
  gold_monotone: number | null;
  judged_monotone: number | null;
}

type Values = readonly [number, number, number];

function relation(x: number, y: number): -1 | 0 | 1 {
  return Math.abs(x - y) <= 1e-6 ? 0 : x > y ? 1 : -1;
}

/** The two inequalities (best vs penultimate, penultimate vs antepenultimate) as relations. */
function relations(values: Values): [-1 | 0 | 1, -1 | 0 | 1] {
  return [relation(values[0], values[1]), relation(values[1], values[2])];
}

/** The triplets of one metric: both sides' values for best, penultimate and antepenultimate of one lineage. */
export function collectTriplets(
  pairs: readonly Pair[],
  planners: readonly string[],
): { gold: Values; judged: Values }[] {
  const byLineage = new Map<string, Map<string, Pair>>();
  for (const pair of pairs) {
    if (pair.planner === null || !planners.includes(pair.planner)) continue;
    const key = JSON.stringify([pair.query, pair.prompt_type]);
    const lineage = byLineage.get(key) ?? new Map<string, Pair>();
    lineage.set(pair.planner, pair);
    byLineage.set(key, lineage);
  }
  return [...byLineage.keys()].sort().flatMap((key) => {
    const lineage = byLineage.get(key);
    const found = planners.map((planner) => lineage?.get(planner));
    if (found.some((pair) => pair === undefined)) return [];
    const [b, p, a] = found as [Pair, Pair, Pair];
    return [{ gold: [b.gold, p.gold, a.gold] as const, judged: [b.judged, p.judged, a.judged] as const }];
  });
}

export function tripletAgreement(
  metric: MetricSpec,
  pairs: readonly Pair[],
  planners: readonly string[],
  settings: BootstrapSettings,
): TripletAgreement {
  const triplets = collectTriplets(pairs, planners).map(({ gold, judged }) => ({
    gold: relations(gold),
    judged: relations(judged),
  }));
  const rate = (agree: (g: number, j: number) => boolean) => (indices: readonly number[]) => {
    let hits = 0;
    for (const i of indices) {
      const t = triplets[i];
      if (!t) continue;
      if (agree(t.gold[0], t.judged[0])) hits++;
      if (agree(t.gold[1], t.judged[1])) hits++;
    }
    return hits / (2 * indices.length);
  };
  const monotone = (side: "gold" | "judged") =>
    triplets.length === 0
      ? null
      : triplets.filter((t) => t[side][0] >= 0 && t[side][1] >= 0).length / triplets.length;
  const name = (statistic: string) => `${metric.name}\u0000triplets:${statistic}`;
  return {
    triplets: triplets.length,
    relaxed: estimate(
      name("relaxed"),
      triplets.length,
      rate((g, j) => g >= 0 === j >= 0),
      settings,
    ),
    strict: estimate(
      name("strict"),
      triplets.length,
      rate((g, j) => g === j),
      settings,
    ),
    gold_monotone: monotone("gold"),
    judged_monotone: monotone("judged"),
  };
}
