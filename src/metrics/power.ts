/**
 * Power analysis for a paired comparison of two runs: the minimum detectable effect (MDE) of a design, and its
 * inverse, the cases or repeats a given effect needs. The variance of the mean difference splits into a part from
 * the cases (how much the true difference varies from case to case) and a part from attempts (p(1 − p) per attempt,
 * divided by K); only the second shrinks with repeats. Formulas and sources: docs/statistics.md, "Power".
 */
import { normalQuantile } from "./distributions.js";

/** What a measured comparison says about its noise; built by compareRepeatedRuns (noise-compare.ts). */
export interface NoiseModel {
  /** Cases the difference was measured on (the clusters). */
  cases: number;
  /** Paired units (case, protocol) over those cases. */
  units: number;
  /** Scored attempts per unit the runs were asked for (their K). */
  repeats: { a: number; b: number };
  /** The case-clustered variance of the mean difference as measured; null below two cases. */
  variance: number | null;
  /**
   * The mean per-attempt variance p(1 − p) over units, per run, estimated as c(n − c)/(n(n − 1)); null for a run
   * with fewer than two attempts per unit, where attempt noise cannot be told from case-to-case differences.
   */
  within: { a: number | null; b: number | null };
  /** The share of `variance` that attempt noise explains at the attempts made; null when `within` is unknown. */
  attempt_noise: number | null;
}

export interface PowerSettings {
  /** Two-sided significance level. */
  alpha: number;
  /** The chance of detecting an effect of the MDE's size. */
  power: number;
}

export const DEFAULT_POWER: PowerSettings = { alpha: 0.05, power: 0.8 };

/** A design to project to: more (or fewer) cases like these, and K attempts per unit in both runs. */
export interface Design {
  cases?: number;
  repeats?: number;
}

/** z_{1−α/2} + z_{power}: 1.95996 + 0.84162 = 2.80159 for the defaults. */
export function powerMultiplier(settings: PowerSettings = DEFAULT_POWER): number {
  return normalQuantile(1 - settings.alpha / 2) + normalQuantile(settings.power);
}

/**
 * The smallest effect the exact test can declare at all: ⌈log₂(2/α)⌉ cases that all moved the same way by one
 * attempt (six at α = 0.05, as 2·2⁻⁶ < 0.05 ≤ 2·2⁻⁵). It keeps the MDE of two deterministic, identical runs from
 * reading as zero.
 */
function resolution(model: NoiseModel, design: Design, alpha: number): number {
  const cases = design.cases ?? model.cases;
  const repeats = design.repeats ?? Math.max(model.repeats.a, model.repeats.b);
  const units = (model.units * cases) / model.cases;
  return Math.ceil(Math.log2(2 / alpha)) / (units * repeats);
}

/** The case-to-case part of the variance; null when attempt noise is unknown. */
function betweenCases(model: NoiseModel): number | null {
  if (model.variance === null || model.attempt_noise === null) return null;
  return Math.max(0, model.variance - model.attempt_noise);
}

/** The variance of the mean difference under `design`; null when the model cannot project to it. */
export function projectedVariance(model: NoiseModel, design: Design = {}): number | null {
  if (model.variance === null) return null;
  const between = betweenCases(model);
  let atCases: number | null;
  if (design.repeats === undefined)
    atCases = between === null ? model.variance : between + (model.attempt_noise ?? 0);
  else if (between === null || model.within.a === null || model.within.b === null) atCases = null;
  else atCases = between + (model.within.a + model.within.b) / (model.units * design.repeats);
  return atCases === null ? null : (atCases * model.cases) / (design.cases ?? model.cases);
}

/**
 * The MDE at `settings.power`: (z_{1−α/2} + z_{power}) · √V(design), never below the exact test's resolution.
 * @example minimumDetectableEffect(model) // 0.048: differences under 4.8 points are likely missed
 */
export function minimumDetectableEffect(
  model: NoiseModel,
  design: Design = {},
  settings: PowerSettings = DEFAULT_POWER,
): number | null {
  const variance = projectedVariance(model, design);
  if (variance === null) return null;
  return Math.max(powerMultiplier(settings) * Math.sqrt(variance), resolution(model, design, settings.alpha));
}

function checkEffect(effect: number): void {
  if (!(effect > 0 && effect <= 1)) throw new RangeError(`expected an effect in (0, 1], got ${effect}`);
}

/** The smallest whole `value` from `start` up for which `detects` holds, given it holds at `start` or above. */
function smallestFrom(start: number, detects: (value: number) => boolean): number {
  let value = Math.max(1, Math.ceil(start));
  while (value > 1 && detects(value - 1)) value--;
  while (!detects(value)) value++;
  return value;
}

/** Cases like these needed to detect `effect` at the runs' repeats (or `repeats`); null when unknown. */
export function casesToDetect(
  model: NoiseModel,
  effect: number,
  settings: PowerSettings = DEFAULT_POWER,
  repeats?: number,
): number | null {
  checkEffect(effect);
  const perCase = projectedVariance(model, { cases: 1, ...(repeats === undefined ? {} : { repeats }) });
  if (perCase === null) return null;
  const units = model.units / model.cases;
  const k = repeats ?? Math.max(model.repeats.a, model.repeats.b);
  const estimate = Math.max(
    (perCase * powerMultiplier(settings) ** 2) / effect ** 2,
    Math.ceil(Math.log2(2 / settings.alpha)) / (units * k * effect),
  );
  const design = (cases: number) => ({ cases, ...(repeats === undefined ? {} : { repeats }) });
  return smallestFrom(
    estimate,
    (cases) => (minimumDetectableEffect(model, design(cases), settings) ?? 1) <= effect,
  );
}

export type RepeatsToDetect =
  | { repeats: number }
  /**
   * `cases-limit`: the case-to-case variance alone is above what the effect allows, so no number of repeats over
   * these cases detects it (add cases); `unknown-attempt-noise`: a run had single attempts.
   */
  | { repeats: null; reason: "cases-limit" | "unknown-attempt-noise" };

/** Attempts per unit, in both runs, needed to detect `effect` over these cases. */
export function repeatsToDetect(
  model: NoiseModel,
  effect: number,
  settings: PowerSettings = DEFAULT_POWER,
): RepeatsToDetect {
  checkEffect(effect);
  const between = betweenCases(model);
  const { a, b } = model.within;
  if (between === null || a === null || b === null) return { repeats: null, reason: "unknown-attempt-noise" };
  const allowed = (effect / powerMultiplier(settings)) ** 2 - between;
  if (allowed <= 0) return { repeats: null, reason: "cases-limit" };
  const estimate = Math.max(
    (a + b) / (model.units * allowed),
    Math.ceil(Math.log2(2 / settings.alpha)) / (model.units * effect),
  );
  return {
    repeats: smallestFrom(
      estimate,
      (k) => (minimumDetectableEffect(model, { repeats: k }, settings) ?? 1) <= effect,
    ),
  };
}
