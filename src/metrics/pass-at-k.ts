/**
 * pass@k and pass^k from n attempts per unit, by their unbiased estimators (docs/statistics.md): pass@k after
 * Chen et al. 2021 (HumanEval), pass^k after Yao et al. 2024 (τ-bench). Both are products of at most k factors in
 * [0, 1], so nothing overflows however large n is (no factorials, no binomial coefficients).
 */
import type { AttemptGroups, AttemptUnit } from "./attempts.js";
import {
  type BootstrapSettings,
  caseClusteredMean,
  DEFAULT_BOOTSTRAP,
  type Estimate,
} from "./case-bootstrap.js";

function checkCounts(name: string, n: number, c: number, k: number): void {
  if (![n, c, k].every(Number.isInteger) || c < 0 || c > n || k < 1 || k > n)
    throw new RangeError(
      `${name}: expected whole numbers 0 ≤ c ≤ n and 1 ≤ k ≤ n, got n=${n}, c=${c}, k=${k}`,
    );
}

/**
 * The chance that at least one of k attempts drawn without replacement from n (c of them passing) passes:
 * 1 − C(n−c, k)/C(n, k) = 1 − ∏_{i=n−c+1}^{n} (1 − k/i), Chen et al.'s numerically stable form.
 * @example passAtK(5, 2, 2) // 0.7 = 1 − C(3,2)/C(5,2)
 */
export function passAtK(n: number, c: number, k: number): number {
  checkCounts("passAtK", n, c, k);
  // At k = 1 the product telescopes to (n − c)/n: c/n directly keeps pass@1 = pass^1 = the score to the last bit.
  if (k === 1) return c / n;
  if (n - c < k) return 1;
  let allFail = 1;
  for (let i = n - c + 1; i <= n; i++) allFail *= 1 - k / i;
  return 1 - allFail;
}

/**
 * The chance that all k attempts drawn without replacement from n (c passing) pass: C(c, k)/C(n, k) =
 * ∏_{i=0}^{k−1} (c − i)/(n − i), the per-task term τ-bench averages.
 * @example passHatK(5, 2, 2) // 0.1 = C(2,2)/C(5,2)
 */
export function passHatK(n: number, c: number, k: number): number {
  checkCounts("passHatK", n, c, k);
  if (k === 1) return c / n;
  let allPass = 1;
  for (let i = 0; i < k && allPass > 0; i++) allPass *= (c - i) / (n - i);
  return allPass;
}

export interface PassCurvePoint {
  k: number;
  /** Mean over units with at least k scored attempts; units with fewer are left out, never counted as failures. */
  pass_at_k: Estimate;
  pass_hat_k: Estimate;
}

const perUnit =
  (estimator: (n: number, c: number, k: number) => number, k: number) =>
  (unit: AttemptUnit): number | null =>
    unit.attempts >= k ? estimator(unit.attempts, unit.passes, k) : null;

/** pass@k and pass^k for k = 1 … the run's repeats, each with its case-clustered interval. */
export function passCurve(
  groups: AttemptGroups,
  settings: BootstrapSettings = DEFAULT_BOOTSTRAP,
): PassCurvePoint[] {
  const cases = groups.cases.map((c) => c.units);
  return Array.from({ length: groups.repeats }, (_, i) => i + 1).map((k) => ({
    k,
    pass_at_k: caseClusteredMean(cases, perUnit(passAtK, k), settings),
    pass_hat_k: caseClusteredMean(cases, perUnit(passHatK, k), settings),
  }));
}
