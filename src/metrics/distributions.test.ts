import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  chiSquaredCdf,
  chiSquaredQuantile,
  normalQuantile,
  normalUpperTail,
  regularizedGammaLower,
  regularizedGammaUpper,
} from "./distributions.js";
import { Z_95 } from "./wilson.js";

// Reference values: scipy.stats 1.17 (norm.ppf, norm.sf, chi2.ppf), as Python's repr prints them.
describe("the normal distribution", () => {
  it.each([
    [0.975, 1.959963984540054],
    [0.8, 0.8416212335729143],
    [0.995, 2.5758293035489004],
    [0.025, -1.9599639845400545],
    [1e-10, -6.361340902404056],
    [0.5, 0],
  ])("Φ⁻¹(%f) = %f", (p, z) => {
    expect(normalQuantile(p)).toBeCloseTo(z, 12);
  });

  it("agrees with the constant wilson.ts uses", () => {
    expect(normalQuantile(0.975)).toBeCloseTo(Z_95, 14);
  });

  it.each([
    [0, 0.5],
    [1, 0.15865525393145707],
    [1.96, 0.024997895148220435],
    [5, 2.866515718791933e-7],
    [10, 7.61985302416047e-24],
  ])("P(Z ≥ %f) = %f, to 12 significant digits", (z, tail) => {
    expect(normalUpperTail(z) / tail).toBeCloseTo(1, 12);
    expect(normalUpperTail(-z)).toBeCloseTo(1 - tail, 14);
  });

  it("keeps far tails (30 σ: 4.9e-198) instead of rounding them to 0", () => {
    expect(normalUpperTail(30) / 4.906713927147908e-198).toBeCloseTo(1, 10);
  });

  it("inverts its own tail for any p (property)", () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-12, max: 1 - 1e-12, noNaN: true }), (p) => {
        const z = normalQuantile(p);
        expect(1 - normalUpperTail(z)).toBeCloseTo(p, 10);
      }),
      { seed: 31, numRuns: 300 },
    );
  });

  it("refuses a probability outside (0, 1)", () => {
    for (const p of [0, 1, -0.1, Number.NaN]) expect(() => normalQuantile(p)).toThrow(RangeError);
  });
});

describe("the χ² distribution", () => {
  it.each([
    [0.025, 1, 0.0009820691171752555],
    [0.975, 1, 5.023886187314888],
    [0.025, 2, 0.05063561596857975],
    [0.975, 2, 7.377758908227871],
    [0.025, 4, 0.4844185570879299],
    [0.975, 4, 11.143286781877796],
    [0.025, 99, 73.36108019128368],
    [0.975, 99, 128.4219886438403],
  ])("the %f quantile with %i degrees of freedom is %f", (p, df, x) => {
    expect(chiSquaredQuantile(p, df) / x).toBeCloseTo(1, 11);
    expect(chiSquaredCdf(x, df)).toBeCloseTo(p, 12);
  });

  it("has P + Q = 1 and the closed forms of a = 1 (P = 1 − e^−x)", () => {
    for (const x of [0.1, 1, 2, 5, 30]) {
      expect(regularizedGammaLower(1, x)).toBeCloseTo(1 - Math.exp(-x), 14);
      for (const a of [0.5, 1, 3.5, 20])
        expect(regularizedGammaLower(a, x) + regularizedGammaUpper(a, x)).toBeCloseTo(1, 14);
    }
    expect(regularizedGammaLower(2, 0)).toBe(0);
    expect(regularizedGammaUpper(2, 0)).toBe(1);
  });

  it("refuses bad arguments", () => {
    expect(() => chiSquaredQuantile(0, 2)).toThrow(RangeError);
    expect(() => chiSquaredQuantile(0.5, 0)).toThrow(RangeError);
  });
});
