/**
 * The statistics against simulated runs whose truth is known: K attempts at 188 cases × 3 protocols (564 units), a
 * share of cases flaky (each attempt passes with probability 1/2), the rest always right. Every draw is seeded, so
 * the counts below are fixed; the bounds around them are what a correct estimator meets with room to spare.
 */
import { describe, expect, it } from "vitest";
import { drawAttempts, type SimulatedUnit, simulatedCorpus } from "../test-support/simulated-attempts.js";
import { compareRepeatedRuns } from "./noise-compare.js";
import { pairRuns } from "./paired.js";
import { mulberry32 } from "./random.js";
import { summarizeRepeats } from "./repeat-summary.js";

const CASES = 188;
const FLAKY = 0.3;
/** The tests of the verdict read p-values, not intervals: no resamples needed. */
const NO_BOOTSTRAP = { bootstrap: { samples: 0, level: 0.95, seed: 0 } };

const inside = (e: { low: number | null; high: number | null }, truth: number) =>
  e.low !== null && e.high !== null && e.low <= truth && truth <= e.high;

/** Each case flaky with probability `share`: the process the intervals are about (cases drawn, then attempts). */
const flakyCorpus = (random: () => number, share = FLAKY) =>
  simulatedCorpus(CASES, () => (random() < share ? 0.5 : 1));

/** Two processes on the same cases: case i is flaky in A when u_i < shareA, in B when u_i < shareB. */
function nestedCorpora(
  random: () => number,
  shareA: number,
  shareB: number,
): [SimulatedUnit[], SimulatedUnit[]] {
  const draws = Array.from({ length: CASES }, () => random());
  const corpus = (share: number) => simulatedCorpus(CASES, (i) => ((draws[i] ?? 0) < share ? 0.5 : 1));
  return [corpus(shareA), corpus(shareB)];
}

describe("the estimators recover the values set (K = 3, 40 seeds; covered in 36–39 of them)", () => {
  const K = 3;
  const SEEDS = 40;
  const hits = { flip: 0, sd: 0, implied: 0, pass: [0, 0, 0] };
  const means = { flip: 0, passHat3: 0 };
  for (let seed = 1; seed <= SEEDS; seed++) {
    const random = mulberry32(seed);
    const corpus = flakyCorpus(random);
    const summary = summarizeRepeats(drawAttempts(corpus, K, random), { samples: 1000, level: 0.95, seed });
    // A flaky unit disagrees with itself in 2·½·½ = ½ of attempt pairs.
    if (inside(summary.flip_rate, FLAKY * 0.5)) hits.flip++;
    summary.pass.forEach((point, i) => {
      if (inside(point.pass_hat_k, 1 - FLAKY + FLAKY / 2 ** point.k)) hits.pass[i] = (hits.pass[i] ?? 0) + 1;
    });
    // The deviation of one repeat's score given these cases: √(Σ p(1 − p)) / M.
    const sd = Math.sqrt(corpus.reduce((sum, u) => sum + u.p * (1 - u.p), 0)) / corpus.length;
    if (inside(summary.run_to_run, sd)) hits.sd++;
    if (inside(summary.run_to_run.implied, Math.sqrt((FLAKY * 0.25) / corpus.length))) hits.implied++;
    means.flip += (summary.flip_rate.value ?? 0) / SEEDS;
    means.passHat3 += (summary.pass[2]?.pass_hat_k.value ?? 0) / SEEDS;
  }

  it("covers the flip rate ½·share with its 95% interval in most seeds, and is unbiased on average", () => {
    expect(hits.flip).toBeGreaterThanOrEqual(34);
    expect(means.flip).toBeCloseTo(0.15, 2);
  });

  it("covers pass^k = 1 − share + share/2^k for k = 1, 2, 3", () => {
    for (const k of [0, 1, 2]) expect(hits.pass[k]).toBeGreaterThanOrEqual(34);
    expect(means.passHat3).toBeCloseTo(1 - FLAKY + FLAKY / 8, 2);
  });

  it("covers the run-to-run deviation, seen (χ², 2 degrees of freedom) and implied by the flip rate", () => {
    expect(hits.sd).toBeGreaterThanOrEqual(34);
    expect(hits.implied).toBeGreaterThanOrEqual(34);
  });
});

describe("two runs of the same process are within noise at the expected rate", () => {
  function rejections(seeds: number, repeats: number, protocols?: readonly string[]): number {
    let rejected = 0;
    for (let seed = 1; seed <= seeds; seed++) {
      const random = mulberry32(seed * 7919);
      const corpus = simulatedCorpus(CASES, () => (random() < FLAKY ? 0.5 : 1), protocols);
      const result = compareRepeatedRuns(
        drawAttempts(corpus, repeats, random),
        drawAttempts(corpus, repeats, random),
        NO_BOOTSTRAP,
      );
      if (result.kind !== "within-noise") rejected++;
    }
    return rejected / seeds;
  }

  it("K = 3 over 564 evaluations: about 5% of seeds reject (15 of 300)", () => {
    const rate = rejections(300, 3);
    expect(rate).toBeGreaterThan(0.02);
    expect(rate).toBeLessThan(0.085);
  });

  it("K = 1 on one protocol (exact McNemar, conservative by its discreteness): at most about 5% (7 of 300)", () => {
    const rate = rejections(300, 1, ["json"]);
    expect(rate).toBeGreaterThan(0.005);
    expect(rate).toBeLessThan(0.075);
  });

  it("pools protocols without inflating the rate where pooled McNemar does (the negative control)", () => {
    // Under this null each case favours A or B at random (A always right and B flaky, or the reverse), the same way
    // in all three protocols: no run is better, but one case's three pairs move together.
    let naive = 0;
    let clustered = 0;
    const seeds = 200;
    for (let seed = 1; seed <= seeds; seed++) {
      const random = mulberry32(seed * 104729);
      const favoursA = Array.from({ length: CASES }, () => random() < 0.5);
      const a = simulatedCorpus(CASES, (i) => (favoursA[i] ? 1 : 0.5));
      const b = simulatedCorpus(CASES, (i) => (favoursA[i] ? 0.5 : 1));
      const [runA, runB] = [drawAttempts(a, 1, random), drawAttempts(b, 1, random)];
      const record = (x: (typeof runA)[number]) => ({
        id: x.case_id,
        protocol: x.protocol,
        status: "scored" as const,
        verdict: { passed: x.passed === true },
      });
      if (pairRuns(runA.map(record), runB.map(record)).overall.p_value < 0.05) naive++;
      if (compareRepeatedRuns(runA, runB, NO_BOOTSTRAP).kind !== "within-noise") clustered++;
    }
    // Here: the clustered test rejects in 6 of 200 seeds, pooled McNemar over the 564 pairs in 21.
    expect(clustered / seeds).toBeLessThan(0.075);
    expect(naive / seeds).toBeGreaterThan(0.08);
    expect(naive).toBeGreaterThan(2 * clustered);
  });
});

describe("a real difference is found", () => {
  it("a planted 10-point difference with K = 3 over 564 evaluations, in every seed", () => {
    for (let seed = 1; seed <= 50; seed++) {
      const random = mulberry32(seed * 31);
      // A: 30% of cases flaky (score 0.85); B: 50% (score 0.75).
      const [a, b] = nestedCorpora(random, 0.3, 0.5);
      const result = compareRepeatedRuns(drawAttempts(a, 3, random), drawAttempts(b, 3, random), {
        bootstrap: { samples: 500, level: 0.95, seed },
      });
      expect(result.kind).toBe("a-better");
      expect(result.pairs.units).toBe(564);
      expect(result.mde ?? 1).toBeLessThan(0.1);
      expect(result.difference.high ?? 0).toBeLessThan(0);
    }
  });

  it("an effect the size of the MDE is found at about the 80% the MDE promises (162 of 200)", () => {
    // B has 38% of cases flaky against A's 30%: 0.08 · ½ = 4 points, about the MDE of this design.
    let found = 0;
    const mdes: number[] = [];
    const seeds = 200;
    for (let seed = 1; seed <= seeds; seed++) {
      const random = mulberry32(seed * 65537);
      const [a, b] = nestedCorpora(random, 0.3, 0.38);
      const result = compareRepeatedRuns(
        drawAttempts(a, 3, random),
        drawAttempts(b, 3, random),
        NO_BOOTSTRAP,
      );
      if (result.kind === "a-better") found++;
      mdes.push(result.mde ?? 1);
    }
    mdes.sort((x, y) => x - y);
    expect(mdes[seeds / 2]).toBeGreaterThan(0.035);
    expect(mdes[seeds / 2]).toBeLessThan(0.045);
    expect(found / seeds).toBeGreaterThan(0.68);
    expect(found / seeds).toBeLessThan(0.92);
  });
});
