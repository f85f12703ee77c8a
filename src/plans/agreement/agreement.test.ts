import { describe, expect, it } from "vitest";
import { RATINGS } from "../rating.js";
import { DEFAULT_BOOTSTRAP } from "./estimate.js";
import { itemAgreement } from "./labels.js";
import { AGREEMENT_METRICS, type MetricSpec, type Pair } from "./pairs.js";
import { rankingAgreement } from "./ranking.js";
import { collectTriplets, DEFAULT_TRIPLET_PLANNERS, tripletAgreement } from "./triplets.js";

const metric = (name: string): MetricSpec => AGREEMENT_METRICS.find((m) => m.name === name) as MetricSpec;
const settings = { ...DEFAULT_BOOTSTRAP, samples: 200 };

/** `count` pairs of one (gold, judged) combination, each its own query. */
function repeat(count: number, gold: number, judged: number, start: number): Pair[] {
  return Array.from({ length: count }, (_, i) => ({
    query: `q${start + i}`,
    planner: "p",
    prompt_type: "t",
    gold,
    judged,
  }));
}

describe("itemAgreement on a score (pass = full points)", () => {
  // Gold rows fail/pass, judged columns fail/pass: the classic [[20,5],[10,15]] table, κ = 0.4.
  const pairs = [
    ...repeat(20, 5, 5, 0),
    ...repeat(5, 5, 10, 20),
    ...repeat(10, 10, 5, 25),
    ...repeat(15, 10, 10, 35),
  ];
  const result = itemAgreement(metric("dependencies"), pairs, settings);

  it("gives κ = 0.4, exact agreement 0.7 and the mean absolute difference", () => {
    expect(result.kappa.value).toBeCloseTo(0.4, 12);
    expect(result.exact.value).toBeCloseTo(0.7, 12);
    expect(result.mean_abs_difference).toBeCloseTo((15 * 5) / 50, 12);
    expect(result.weighted_kappa).toBeNull();
  });

  it("scores the fail label against gold", () => {
    const fail = result.labels.find((l) => l.label === "fail");
    expect(fail).toMatchObject({ gold: 25, judged: 30, overlap: 20 });
    expect(fail?.precision).toBeCloseTo(2 / 3, 12);
    expect(fail?.recall).toBeCloseTo(0.8, 12);
    expect(fail?.f1).toBeCloseTo(8 / 11, 12);
  });

  it("brackets every estimate with its interval", () => {
    for (const e of [result.kappa, result.exact]) {
      expect(e.low ?? 2).toBeLessThanOrEqual(e.value ?? -1);
      expect(e.high ?? -1).toBeGreaterThanOrEqual(e.value ?? 2);
    }
  });
});

describe("itemAgreement on the rating", () => {
  // The hand-worked 3×3 table of src/metrics/agreement.test.ts on the three lowest ratings:
  // κ = 9/13; quadratic κ_w = 57/67 (a common scale of the weights, here 1/(K−1)² with K = 7, cancels).
  const cells = [
    [2, 1, 0],
    [0, 2, 1],
    [0, 0, 4],
  ];
  const pairs = cells.flatMap((row, g) => row.flatMap((count, j) => repeat(count, g, j, g * 10 + j * 3)));
  const result = itemAgreement(metric("rating"), pairs, settings);

  it("gives Cohen's κ 9/13 and weighted κ 57/67", () => {
    expect(result.kappa.value).toBeCloseTo(9 / 13, 12);
    expect(result.weighted_kappa?.value).toBeCloseTo(57 / 67, 12);
  });

  it("has one label per rating with precision, recall and F1", () => {
    expect(result.labels.map((l) => l.label)).toEqual([...RATINGS]);
    expect(result.labels[2]).toMatchObject({ gold: 4, judged: 5, overlap: 4, precision: 0.8, recall: 1 });
    expect(result.labels[6]).toMatchObject({ gold: 0, judged: 0, precision: null, recall: null, f1: null });
  });
});

describe("rankingAgreement", () => {
  // Planner means: gold 1, 2, 2, 3 and judged 1, 3, 2, 4 → ρ = 3/√10 with average ranks.
  const means: [string, number, number][] = [
    ["a", 1, 1],
    ["b", 2, 3],
    ["c", 2, 2],
    ["d", 3, 4],
  ];
  const pairs: Pair[] = means.flatMap(([planner, gold, judged]) =>
    ["q1", "q2"].map((query) => ({ query, planner, prompt_type: "t", gold, judged })),
  );

  it("correlates the planners' mean rankings", () => {
    const result = rankingAgreement(metric("total"), pairs, settings);
    expect(result.value).toBeCloseTo(3 / Math.sqrt(10), 12);
    expect(result.planners).toBe(4);
    expect(result.means[1]).toEqual({ planner: "b", prompt_type: "t", plans: 2, gold: 2, judged: 3 });
  });

  it("is undefined with fewer than three planners", () => {
    const two = pairs.filter((p) => p.planner === "a" || p.planner === "d");
    expect(rankingAgreement(metric("total"), two, settings)).toMatchObject({ value: null, planners: 2 });
  });
});

describe("tripletAgreement", () => {
  const lineage = (query: string, gold: number[], judged: number[]): Pair[] =>
    DEFAULT_TRIPLET_PLANNERS.map((planner, i) => ({
      query,
      planner,
      prompt_type: null,
      gold: gold[i] as number,
      judged: judged[i] as number,
    }));
  const pairs = [
    // gold >, >   judged >, =   → relaxed 2 of 2, strict 1 of 2
    ...lineage("l1", [10, 8, 5], [10, 9, 9]),
    // gold =, >   judged <, >   → relaxed 1 of 2, strict 1 of 2
    ...lineage("l2", [10, 10, 5], [9, 10, 5]),
    // an incomplete lineage and another planner's plan are left out
    ...lineage("l3", [1, 1, 1], [1, 1, 1]).slice(0, 2),
    { query: "l1", planner: "gpt", prompt_type: null, gold: 0, judged: 0 },
  ];

  it("collects complete lineages only", () => {
    expect(collectTriplets(pairs, DEFAULT_TRIPLET_PLANNERS)).toHaveLength(2);
  });

  it("counts relaxed and strict agreement over inequalities and each side's monotone share", () => {
    const result = tripletAgreement(metric("format"), pairs, DEFAULT_TRIPLET_PLANNERS, settings);
    expect(result.triplets).toBe(2);
    expect(result.relaxed.value).toBeCloseTo(3 / 4, 12);
    expect(result.strict.value).toBeCloseTo(2 / 4, 12);
    expect(result.gold_monotone).toBe(1);
    expect(result.judged_monotone).toBe(0.5);
  });

  it("has no value without triplets", () => {
    const result = tripletAgreement(metric("format"), pairs.slice(6), DEFAULT_TRIPLET_PLANNERS, settings);
    expect(result).toMatchObject({ triplets: 0, relaxed: { value: null }, gold_monotone: null });
  });
});
