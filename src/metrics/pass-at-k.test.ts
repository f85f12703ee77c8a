import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Attempt, groupAttempts } from "./attempts.js";
import { passAtK, passCurve, passHatK } from "./pass-at-k.js";

/** C(n, k) in exact integers, for the reference below. */
function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let value = 1n;
  for (let i = 1; i <= k; i++) value = (value * BigInt(n - k + i)) / BigInt(i);
  return value;
}
/** The estimators straight from their definitions, in exact integers (C(100, 50) ≈ 1e29 still fits a double). */
const referenceAt = (n: number, c: number, k: number) =>
  1 - Number(binomial(n - c, k)) / Number(binomial(n, k));
const referenceHat = (n: number, c: number, k: number) => Number(binomial(c, k)) / Number(binomial(n, k));

const counts = fc
  .integer({ min: 1, max: 100 })
  .chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 0, max: n }), fc.integer({ min: 1, max: n })));

describe("pass@k and pass^k for one unit", () => {
  it("match values worked by hand", () => {
    // n = 5, c = 2, k = 2: C(3,2)/C(5,2) = 3/10 of the pairs fail twice; C(2,2)/C(5,2) = 1/10 pass twice.
    expect(passAtK(5, 2, 2)).toBeCloseTo(0.7, 15);
    expect(passHatK(5, 2, 2)).toBeCloseTo(0.1, 15);
    // n = 3, c = 2, k = 2: every pair holds a pass; one pair of three holds two.
    expect(passAtK(3, 2, 2)).toBe(1);
    expect(passHatK(3, 2, 2)).toBeCloseTo(1 / 3, 15);
    expect(passAtK(4, 0, 2)).toBe(0);
    expect(passHatK(4, 4, 4)).toBe(1);
    expect(passHatK(4, 3, 4)).toBe(0);
  });

  it("stay exact at n = 100, where C(100, 50) ≈ 1.01e29: pass^50 with c = 50 is 1/C(100, 50)", () => {
    const c100_50 = Number(100891344545564193334812497256n);
    expect(binomial(100, 50)).toBe(100891344545564193334812497256n);
    expect(passHatK(100, 50, 50) * c100_50).toBeCloseTo(1, 12);
    expect(passAtK(100, 50, 50)).toBe(1 - 1 / c100_50);
  });

  it("agree with the definitions in exact integers for every n ≤ 100 (property)", () => {
    fc.assert(
      fc.property(counts, ([n, c, k]) => {
        expect(passAtK(n, c, k)).toBeCloseTo(referenceAt(n, c, k), 12);
        const hat = referenceHat(n, c, k);
        if (hat === 0) expect(passHatK(n, c, k)).toBe(0);
        else expect(passHatK(n, c, k) / hat).toBeCloseTo(1, 11);
      }),
      { seed: 31, numRuns: 1000 },
    );
  });

  it("keep pass^k ≤ pass@k, and pass^1 = pass@1 = c/n (property)", () => {
    fc.assert(
      fc.property(counts, ([n, c, k]) => {
        expect(passHatK(n, c, k)).toBeLessThanOrEqual(passAtK(n, c, k) + 1e-15);
        expect(passAtK(n, c, 1)).toBe(c / n);
        expect(passHatK(n, c, 1)).toBe(c / n);
      }),
      { seed: 32, numRuns: 1000 },
    );
  });

  it("rise (pass@k) and fall (pass^k) with k (property)", () => {
    fc.assert(
      fc.property(counts, ([n, c, k]) => {
        fc.pre(k < n);
        expect(passAtK(n, c, k + 1)).toBeGreaterThanOrEqual(passAtK(n, c, k) - 1e-15);
        expect(passHatK(n, c, k + 1)).toBeLessThanOrEqual(passHatK(n, c, k) + 1e-15);
      }),
      { seed: 33, numRuns: 1000 },
    );
  });

  it("refuse counts that do not describe n attempts", () => {
    for (const [n, c, k] of [
      [3, 4, 1],
      [3, 1, 0],
      [3, 1, 4],
      [3, -1, 1],
      [2.5, 1, 1],
    ] as const) {
      expect(() => passAtK(n, c, k)).toThrow(RangeError);
      expect(() => passHatK(n, c, k)).toThrow(RangeError);
    }
  });
});

describe("passCurve", () => {
  // τ-bench's own arithmetic (tau_bench/run.py display_metrics): tasks with c = 4, 2, 0 passes of n = 4 trials.
  const attempts: Attempt[] = [4, 2, 0].flatMap((c, task) =>
    [0, 1, 2, 3].map((attempt) => ({ case_id: `t${task}`, protocol: "json", attempt, passed: attempt < c })),
  );
  const curve = passCurve(groupAttempts(attempts), { samples: 200, level: 0.95, seed: 1 });

  it("averages the per-unit estimators: pass^1 = 6/12, pass^2 = (1 + 1/6 + 0)/3 = 7/18, pass^4 = 1/3", () => {
    expect(curve.map((p) => p.k)).toEqual([1, 2, 3, 4]);
    expect(curve[0]?.pass_hat_k.value).toBeCloseTo(0.5, 15);
    expect(curve[0]?.pass_at_k.value).toBeCloseTo(0.5, 15);
    expect(curve[1]?.pass_hat_k.value).toBeCloseTo(7 / 18, 15);
    expect(curve[3]?.pass_hat_k.value).toBeCloseTo(1 / 3, 15);
    // pass@2 = (1 + (1 − C(2,2)/C(4,2)) + 0)/3 = (1 + 5/6)/3.
    expect(curve[1]?.pass_at_k.value).toBeCloseTo(11 / 18, 15);
  });

  it("leaves out, and counts, units with fewer than k scored attempts: an error is not a failure", () => {
    const withError = attempts.map((a) =>
      a.case_id === "t1" && a.attempt === 3 ? { ...a, passed: null } : a,
    );
    const points = passCurve(groupAttempts(withError), { samples: 0, level: 0.95, seed: 1 });
    expect(points[3]?.pass_hat_k).toMatchObject({ value: 0.5, units: 2 });
    expect(points[2]?.pass_hat_k.units).toBe(3);
  });
});
