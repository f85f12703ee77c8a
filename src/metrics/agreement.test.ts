import { describe, expect, it } from "vitest";
import {
  bootstrapInterval,
  cohenKappa,
  confusionMatrix,
  labelScores,
  observedAgreement,
  quadraticKappa,
  spearman,
} from "./agreement.js";
import { mulberry32 } from "./random.js";

// A 3-category table worked by hand (gold rows, judged columns), n = 10:
//   O = [[2,1,0],[0,2,1],[0,0,4]]; rows 3,3,4; columns 2,3,5.
//   Unweighted: p_o = 0.8, p_e = (3·2 + 3·3 + 4·5)/100 = 0.35, κ = 0.45/0.65 = 9/13.
//   Quadratic weights 0, 1/4, 1: Σw·O = 0.25 + 0.25 = 0.5;
//   E = [[.6,.9,1.5],[.6,.9,1.5],[.8,1.2,2]], Σw·E = 1.725 + 0.525 + 1.1 = 3.35; κ_w = 1 − 0.5/3.35 = 57/67.
const HAND = [
  [2, 1, 0],
  [0, 2, 1],
  [0, 0, 4],
];

describe("Cohen's κ", () => {
  it("gives 0.4 on the classic 2×2 table [[20,5],[10,15]]", () => {
    expect(
      cohenKappa([
        [20, 5],
        [10, 15],
      ]),
    ).toBeCloseTo(0.4, 12);
  });

  it("gives 9/13 on the hand-worked 3×3 table", () => {
    expect(cohenKappa(HAND)).toBeCloseTo(9 / 13, 12);
    expect(observedAgreement(HAND)).toBeCloseTo(0.8, 12);
  });

  it("is 1 for perfect agreement and undefined when both raters use one category", () => {
    expect(
      cohenKappa([
        [3, 0],
        [0, 2],
      ]),
    ).toBe(1);
    expect(
      cohenKappa([
        [5, 0],
        [0, 0],
      ]),
    ).toBeNull();
    expect(
      cohenKappa([
        [0, 0],
        [0, 0],
      ]),
    ).toBeNull();
  });

  it("is 0 when the agreement is exactly what the margins predict", () => {
    expect(
      cohenKappa([
        [1, 1],
        [1, 1],
      ]),
    ).toBeCloseTo(0, 12);
  });
});

describe("quadratically weighted κ", () => {
  it("gives 57/67 on the hand-worked 3×3 table", () => {
    expect(quadraticKappa(HAND)).toBeCloseTo(57 / 67, 12);
  });

  it("equals Cohen's κ with two categories", () => {
    expect(
      quadraticKappa([
        [20, 5],
        [10, 15],
      ]),
    ).toBeCloseTo(0.4, 12);
  });

  it("punishes a far miss more than a near one", () => {
    const near = confusionMatrix([0, 3, 6, 6], [1, 3, 6, 5], 7);
    const far = confusionMatrix([0, 3, 6, 6], [6, 3, 6, 0], 7);
    expect(quadraticKappa(near) ?? 0).toBeGreaterThan(quadraticKappa(far) ?? 0);
  });
});

describe("confusionMatrix and labelScores", () => {
  it("counts pairs and scores a label against gold", () => {
    const counts = confusionMatrix([0, 0, 1, 1, 1], [0, 1, 1, 1, 0], 2);
    expect(counts).toEqual([
      [1, 1],
      [1, 2],
    ]);
    expect(labelScores(counts, 1)).toEqual({
      gold: 3,
      judged: 3,
      overlap: 2,
      precision: 2 / 3,
      recall: 2 / 3,
      f1: 2 / 3,
    });
  });

  it("leaves precision undefined for a label the judge never used", () => {
    expect(
      labelScores(
        [
          [2, 0],
          [1, 0],
        ],
        1,
      ),
    ).toMatchObject({ precision: null, recall: 0, f1: null });
  });

  it("rejects a category outside the table", () => {
    expect(() => confusionMatrix([2], [0], 2)).toThrow(/out of 0\.\.1/);
  });
});

describe("spearman", () => {
  it("uses average ranks for ties: [1,2,2,3] vs [1,3,2,4] gives 3/√10", () => {
    // ranks x = [1, 2.5, 2.5, 4], y = [1, 3, 2, 4]; Σdxdy = 4.5, Σdx² = 4.5, Σdy² = 5.
    expect(spearman([1, 2, 2, 3], [1, 3, 2, 4])).toBeCloseTo(3 / Math.sqrt(10), 12);
  });

  it("is ±1 for monotone orders and does not depend on pair order", () => {
    expect(spearman([1, 2, 3, 4], [10, 20, 30, 45])).toBeCloseTo(1, 12);
    expect(spearman([1, 2, 3, 4], [4, 3, 2, 1])).toBeCloseTo(-1, 12);
    expect(spearman([3, 1, 2, 2], [4, 1, 3, 2])).toBeCloseTo(spearman([1, 2, 2, 3], [1, 3, 2, 4]) ?? 0, 12);
  });

  it("is undefined without variance or with fewer than two pairs", () => {
    expect(spearman([1, 1, 1], [1, 2, 3])).toBeNull();
    expect(spearman([1], [1])).toBeNull();
  });
});

describe("bootstrapInterval", () => {
  const values = [0, 1, 1, 0, 1, 1, 1, 0, 1, 1];
  const mean = (indices: readonly number[]) =>
    indices.reduce((sum, i) => sum + (values[i] ?? 0), 0) / indices.length;

  it("is reproducible for a seed and brackets the estimate", () => {
    const a = bootstrapInterval(values.length, mean, { samples: 1000, level: 0.95, random: mulberry32(7) });
    const b = bootstrapInterval(values.length, mean, { samples: 1000, level: 0.95, random: mulberry32(7) });
    expect(a).toEqual(b);
    expect(a.defined).toBe(1000);
    expect(a.low ?? 1).toBeLessThanOrEqual(0.7);
    expect(a.high ?? 0).toBeGreaterThanOrEqual(0.7);
  });

  it("collapses to the value when every unit is the same, and skips undefined resamples", () => {
    const constant = bootstrapInterval(5, () => 0.5, { samples: 50, level: 0.95, random: mulberry32(1) });
    expect(constant).toEqual({ low: 0.5, high: 0.5, defined: 50 });
    const never = bootstrapInterval(5, () => null, { samples: 50, level: 0.95, random: mulberry32(1) });
    expect(never).toEqual({ low: null, high: null, defined: 0 });
    expect(bootstrapInterval(0, () => 1, { samples: 5, level: 0.95, random: mulberry32(1) }).low).toBeNull();
  });
});
