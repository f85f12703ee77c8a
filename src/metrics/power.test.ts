import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  casesToDetect,
  minimumDetectableEffect,
  type NoiseModel,
  powerMultiplier,
  projectedVariance,
  repeatsToDetect,
} from "./power.js";

/** Single attempts: 100 cases of one unit, the mean difference measured with variance 0.05². */
const single: NoiseModel = {
  cases: 100,
  units: 100,
  repeats: { a: 1, b: 1 },
  variance: 0.0025,
  within: { a: null, b: null },
  attempt_noise: null,
};

/**
 * K = 3 over 188 cases × 3 protocols, p(1 − p) averaging 0.05 per attempt in each run: attempt noise
 * 564 · (0.05/3 + 0.05/3) / 564² = 5.9102e-5 on top of a case-to-case variance of 1e-4.
 */
const attemptNoise = 0.1 / 3 / 564;
const repeated: NoiseModel = {
  cases: 188,
  units: 564,
  repeats: { a: 3, b: 3 },
  variance: 1e-4 + attemptNoise,
  within: { a: 0.05, b: 0.05 },
  attempt_noise: attemptNoise,
};

describe("the minimum detectable effect", () => {
  it("uses z₀.₉₇₅ + z₀.₈ = 1.959964 + 0.841621 = 2.801585 at the defaults", () => {
    expect(powerMultiplier()).toBeCloseTo(2.8015852181129683, 13);
    expect(powerMultiplier({ alpha: 0.01, power: 0.9 })).toBeCloseTo(
      2.5758293035489 + 1.2815515655446004,
      12,
    );
  });

  it("is 2.801585 · √V: 0.140079 for V = 0.05², and 0.035338 for the K = 3 model", () => {
    expect(minimumDetectableEffect(single)).toBeCloseTo(0.1400793, 6);
    expect(minimumDetectableEffect(repeated)).toBeCloseTo(0.0353377, 6);
  });

  it("projects to other designs: 4× the cases halve it; repeats shrink only the attempt noise", () => {
    expect(minimumDetectableEffect(single, { cases: 400 })).toBeCloseTo(0.1400793 / 2, 6);
    // K = 1: √(1e-4 + 0.1/564) · 2.801585 = 0.046653; K → ∞ tends to √1e-4 · 2.801585 = 0.028016.
    expect(minimumDetectableEffect(repeated, { repeats: 1 })).toBeCloseTo(0.0466534, 6);
    expect(minimumDetectableEffect(repeated, { repeats: 1e9 })).toBeCloseTo(0.0280159, 6);
    expect(minimumDetectableEffect(single, { repeats: 3 })).toBeNull();
  });

  it("never reads below the exact test's resolution: six one-sided flips of one attempt", () => {
    const silent: NoiseModel = { ...repeated, variance: 0, attempt_noise: 0, within: { a: 0, b: 0 } };
    expect(minimumDetectableEffect(silent)).toBeCloseTo(6 / (564 * 3), 15);
  });

  it("is null without two cases to measure a variance on", () => {
    expect(minimumDetectableEffect({ ...single, cases: 1, units: 1, variance: null })).toBeNull();
    expect(projectedVariance({ ...single, variance: null })).toBeNull();
  });
});

describe("cases and repeats to detect an effect", () => {
  it("needs 401 cases for 7 points at single attempts: 0.25 · 2.801585² / 0.07² = 400.45", () => {
    expect(casesToDetect(single, 0.07)).toBe(401);
    expect(minimumDetectableEffect(single, { cases: 401 }) ?? 1).toBeLessThanOrEqual(0.07);
    expect(minimumDetectableEffect(single, { cases: 400 }) ?? 0).toBeGreaterThan(0.07);
  });

  it("needs K = 2 for 4 points and K = 13 for 3 over the same cases, and no K for 2.5 points", () => {
    // (0.04/2.801585)² − 1e-4 = 1.0385e-4 leaves room for attempt noise 0.1/(564·K): K ≥ 1.71.
    expect(repeatsToDetect(repeated, 0.04)).toEqual({ repeats: 2 });
    // (0.03/2.801585)² − 1e-4 = 1.4669e-5: K ≥ 12.09.
    expect(repeatsToDetect(repeated, 0.03)).toEqual({ repeats: 13 });
    // The case-to-case variance alone allows no less than 2.8016 points.
    expect(repeatsToDetect(repeated, 0.025)).toEqual({ repeats: null, reason: "cases-limit" });
    expect(repeatsToDetect(single, 0.05)).toEqual({ repeats: null, reason: "unknown-attempt-noise" });
  });

  it("refuses an effect outside (0, 1]", () => {
    expect(() => casesToDetect(single, 0)).toThrow(RangeError);
    expect(() => repeatsToDetect(repeated, 1.5)).toThrow(RangeError);
  });
});

const models = fc
  .record({
    cases: fc.integer({ min: 2, max: 400 }),
    protocols: fc.integer({ min: 1, max: 4 }),
    repeats: fc.integer({ min: 1, max: 10 }),
    between: fc.double({ min: 0, max: 0.01, noNaN: true }),
    within: fc.option(fc.double({ min: 0, max: 0.25, noNaN: true }), { nil: null }),
  })
  .map(({ cases, protocols, repeats, between, within }): NoiseModel => {
    const units = cases * protocols;
    const attempt_noise = within === null ? null : (2 * within) / (units * repeats);
    return {
      cases,
      units,
      repeats: { a: repeats, b: repeats },
      variance: between / cases + (attempt_noise ?? 0),
      within: { a: within, b: within },
      attempt_noise,
    };
  });

describe("power properties", () => {
  it("the MDE falls as cases grow and never rises with repeats (property)", () => {
    fc.assert(
      fc.property(
        models,
        fc.integer({ min: 2, max: 2000 }),
        fc.integer({ min: 1, max: 50 }),
        (model, n, k) => {
          const at = (design: { cases?: number; repeats?: number }) =>
            minimumDetectableEffect(model, design) ?? 0;
          expect(at({ cases: n + 1 })).toBeLessThan(at({ cases: n }));
          if (model.within.a !== null) {
            expect(at({ repeats: k + 1 })).toBeLessThanOrEqual(at({ repeats: k }));
            if (model.within.a > 1e-6)
              expect(at({ repeats: k + 1, cases: n })).toBeLessThan(at({ repeats: k, cases: n }));
          }
        },
      ),
      { seed: 31, numRuns: 300 },
    );
  });

  it("the inverses give the smallest design that detects the effect (property)", () => {
    fc.assert(
      fc.property(models, fc.double({ min: 0.005, max: 0.3, noNaN: true }), (model, effect) => {
        const cases = casesToDetect(model, effect);
        expect(cases).not.toBeNull();
        const mde = (design: { cases?: number; repeats?: number }) =>
          minimumDetectableEffect(model, design) ?? 0;
        expect(mde({ cases: cases ?? 0 })).toBeLessThanOrEqual(effect);
        if ((cases ?? 0) > 1) expect(mde({ cases: (cases ?? 0) - 1 })).toBeGreaterThan(effect);
        const repeats = repeatsToDetect(model, effect);
        if (repeats.repeats === null) {
          if (repeats.reason === "cases-limit")
            expect(mde({ repeats: 1e12 })).toBeGreaterThan(effect * 0.999999);
          else expect(model.within.a).toBeNull();
        } else {
          expect(mde({ repeats: repeats.repeats })).toBeLessThanOrEqual(effect);
          if (repeats.repeats > 1) expect(mde({ repeats: repeats.repeats - 1 })).toBeGreaterThan(effect);
        }
      }),
      { seed: 32, numRuns: 300 },
    );
  });
});
