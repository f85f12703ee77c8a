import { describe, expect, it } from "vitest";
import { mcnemarExact } from "./mcnemar.js";

/** Direct evaluation with exact binomial coefficients, for small n only. */
function reference(b: number, c: number): number {
  const n = b + c;
  let coefficient = 1;
  let sum = 0;
  for (let i = 0; i <= Math.min(b, c); i++) {
    sum += coefficient;
    coefficient = (coefficient * (n - i)) / (i + 1);
  }
  return Math.min(1, (2 * sum) / 2 ** n);
}

describe("mcnemarExact", () => {
  it("matches published values", () => {
    expect(mcnemarExact(1, 6)).toBeCloseTo(0.125, 12);
    expect(mcnemarExact(0, 5)).toBeCloseTo(0.0625, 12);
    expect(mcnemarExact(10, 2)).toBeCloseTo(0.03857421875, 12);
    expect(mcnemarExact(2, 10)).toBeCloseTo(0.03857421875, 12);
    // R: binom.test(3, 15)$p.value
    expect(mcnemarExact(3, 12)).toBeCloseTo(0.03515625, 12);
  });

  it("is 1 when the discordant pairs are balanced or absent", () => {
    expect(mcnemarExact(0, 0)).toBe(1);
    expect(mcnemarExact(7, 7)).toBe(1);
    expect(mcnemarExact(250, 250)).toBe(1);
  });

  it("agrees with direct evaluation for every small table", () => {
    for (let b = 0; b <= 40; b++) {
      for (let c = 0; c <= 40; c++) expect(mcnemarExact(b, c)).toBeCloseTo(reference(b, c), 12);
    }
  });

  it("stays finite and tiny for very large, very lopsided tables", () => {
    const p = mcnemarExact(10, 5000);
    expect(p).toBeGreaterThanOrEqual(0);
    expect(p).toBeLessThan(1e-300);
    expect(mcnemarExact(2400, 2600)).toBeGreaterThan(0.004);
    expect(mcnemarExact(2400, 2600)).toBeLessThan(0.006);
  });

  it("rejects counts that are not whole numbers", () => {
    expect(() => mcnemarExact(-1, 2)).toThrow(RangeError);
    expect(() => mcnemarExact(1.5, 2)).toThrow(RangeError);
  });
});
