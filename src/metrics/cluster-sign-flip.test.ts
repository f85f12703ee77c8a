import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clusterSignFlipTest, pooledMcNemar } from "./cluster-sign-flip.js";
import { mcnemarExact } from "./mcnemar.js";

/** The p-value by listing all 2^N sign assignments: the definition, for small N. */
function enumerate(differences: readonly number[]): number {
  const observed = Math.abs(differences.reduce((a, b) => a + b, 0));
  let extreme = 0;
  const total = 2 ** differences.length;
  for (let mask = 0; mask < total; mask++) {
    const sum = differences.reduce((s, d, i) => s + ((mask >> i) & 1 ? d : -d), 0);
    if (Math.abs(sum) >= observed) extreme++;
  }
  return extreme / total;
}

const pairs = (id: string, count: number) => Array.from({ length: count }, () => ({ id }));

describe("clusterSignFlipTest", () => {
  it("gives values worked by hand", () => {
    // [2, 1]: S ∈ {3, 1, −1, −3}; |S| ≥ 3 in two of four assignments.
    expect(clusterSignFlipTest([2, 1])).toMatchObject({
      p_value: 0.5,
      method: "sign-flip-exact",
      statistic: 3,
    });
    // [3, 1, 1]: S ∈ {±5, ±3, ±3, ±1}; |S| ≥ 5 in two of eight.
    expect(clusterSignFlipTest([3, 1, 1]).p_value).toBe(0.25);
    // Six cases that all moved by 3: 2 · 2⁻⁶.
    expect(clusterSignFlipTest([3, 3, 3, 3, 3, 3]).p_value).toBe(0.03125);
  });

  it("is the exact McNemar test when every case moved by one pair", () => {
    const result = clusterSignFlipTest([1, 1, 1, 1, 1, 1, -1, 0, 0]);
    expect(result).toEqual({
      p_value: mcnemarExact(6, 1),
      method: "mcnemar-exact",
      statistic: 5,
      informative: 7,
    });
    expect(result.p_value).toBeCloseTo(0.125, 15);
  });

  it("does not change with the scale of the differences, so doubled pairs match McNemar too (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 60 }), (b, c) => {
        const doubled = [...Array(b).fill(2), ...Array(c).fill(-2)];
        const result = clusterSignFlipTest(doubled);
        if (b + c > 0) expect(result.method).toBe("sign-flip-exact");
        expect(result.p_value).toBeCloseTo(mcnemarExact(b, c), 12);
      }),
      { seed: 31, numRuns: 300 },
    );
  });

  it("equals the enumeration of every sign assignment (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -5, max: 5 }), { maxLength: 12 }), (differences) => {
        expect(clusterSignFlipTest(differences).p_value).toBeCloseTo(enumerate(differences), 12);
      }),
      { seed: 32, numRuns: 300 },
    );
  });

  it("ignores cases that did not move, the order of cases, and which run is called A (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -9, max: 9 }), { maxLength: 40 }), (differences) => {
        const p = clusterSignFlipTest(differences).p_value;
        expect(clusterSignFlipTest([0, ...differences, 0]).p_value).toBe(p);
        expect(clusterSignFlipTest([...differences].reverse()).p_value).toBeCloseTo(p, 12);
        expect(clusterSignFlipTest(differences.map((d) => -d)).p_value).toBeCloseTo(p, 12);
      }),
      { seed: 33, numRuns: 200 },
    );
  });

  it("falls back to the normal form for fractions, close to the exact test on a large corpus", () => {
    // 150 cases; the same differences once as thirds, once as whole numbers.
    const whole = Array.from({ length: 150 }, (_, i) => ((i * 7) % 5) - 1);
    const thirds = whole.map((d) => d / 3);
    const normal = clusterSignFlipTest(thirds);
    expect(normal.method).toBe("sign-flip-normal");
    expect(normal.p_value).toBeCloseTo(clusterSignFlipTest(whole).p_value, 2);
  });

  it("is 1 when nothing moved", () => {
    expect(clusterSignFlipTest([])).toMatchObject({ p_value: 1, informative: 0 });
    expect(clusterSignFlipTest([0, 0]).p_value).toBe(1);
  });
});

describe("pooledMcNemar", () => {
  it("is the exact McNemar test with one protocol (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 80 }), fc.integer({ min: 0, max: 80 }), (b, c) => {
        const table = {
          a_passed_b_failed: Array.from({ length: b }, (_, i) => ({ id: `a${i}` })),
          a_failed_b_passed: Array.from({ length: c }, (_, i) => ({ id: `b${i}` })),
        };
        expect(pooledMcNemar(table).p_value).toBe(mcnemarExact(b, c));
      }),
      { seed: 34, numRuns: 200 },
    );
  });

  it("counts a case that flipped in three protocols once, where pooled McNemar would count three pairs", () => {
    // Six cases, each passing only in B under json, xml and plain.
    const table = {
      a_passed_b_failed: [],
      a_failed_b_passed: ["c1", "c2", "c3", "c4", "c5", "c6"].flatMap((id) => pairs(id, 3)),
    };
    expect(mcnemarExact(0, 18)).toBeCloseTo(2 / 2 ** 18, 15); // 7.6e-6: eighteen "independent" pairs
    expect(pooledMcNemar(table)).toMatchObject({ p_value: 0.03125, informative: 6, statistic: 18 });
  });

  it("lets opposite flips within one case cancel", () => {
    const table = {
      a_passed_b_failed: pairs("c1", 1),
      a_failed_b_passed: [...pairs("c1", 1), ...pairs("c2", 2)],
    };
    expect(pooledMcNemar(table)).toMatchObject({ informative: 1, statistic: 2, p_value: 1 });
  });
});
