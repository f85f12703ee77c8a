/**
 * Stability across attempts. The flip rate of a unit is the share of its pairs of attempts whose verdicts disagree;
 * a unit is unstable when its attempts do not all agree. docs/statistics.md says why the pairwise share is the rate
 * (it estimates the chance that two runs disagree, whatever K) and why instability is reported with its K.
 */
import type { AttemptGroups, AttemptUnit } from "./attempts.js";
import {
  type BootstrapSettings,
  caseClusteredMean,
  DEFAULT_BOOTSTRAP,
  type Estimate,
} from "./case-bootstrap.js";

/**
 * Disagreeing pairs over all pairs: c(n − c) / C(n, 2) for c passes in n ≥ 2 attempts. It is an unbiased estimate of
 * 2p(1 − p), the chance that two independent attempts at the unit disagree.
 * @example pairDisagreement(3, 1) // 2/3: of the pairs {P,F1}, {P,F2}, {F1,F2}, two disagree
 */
export function pairDisagreement(n: number, c: number): number {
  if (!Number.isInteger(n) || !Number.isInteger(c) || n < 2 || c < 0 || c > n)
    throw new RangeError(`pairDisagreement: expected whole numbers n ≥ 2 and 0 ≤ c ≤ n, got n=${n}, c=${c}`);
  return (2 * c * (n - c)) / (n * (n - 1));
}

const unitFlipRate = (unit: AttemptUnit): number | null =>
  unit.attempts >= 2 ? pairDisagreement(unit.attempts, unit.passes) : null;

/** The mean flip rate over units with at least two scored attempts, with its case-clustered interval. */
export function flipRate(groups: AttemptGroups, settings: BootstrapSettings = DEFAULT_BOOTSTRAP): Estimate {
  return caseClusteredMean(
    groups.cases.map((c) => c.units),
    unitFlipRate,
    settings,
  );
}

export interface UnstableUnit {
  case_id: string;
  protocol: string;
  passes: number;
  attempts: number;
}

export interface Instability {
  /** Units with at least two scored attempts: the only ones that can show a flip. */
  units: number;
  /** Unstable units over `units`; null when no unit had two attempts. Grows with K: see docs/statistics.md. */
  share: number | null;
  /** Distinct cases with at least one unstable unit. */
  cases: number;
  /** The unstable units, case by case, most evenly split first (the least predictable on top). */
  list: UnstableUnit[];
}

/** Units whose scored attempts include both a pass and a failure. */
export function instability(groups: AttemptGroups): Instability {
  const eligible = groups.units.filter((u) => u.attempts >= 2);
  const unstable = eligible.filter((u) => u.passes > 0 && u.passes < u.attempts);
  // |c/n − 1/2| compared in integers (|2c − n|·n'), so 1/3 and 2/3 tie exactly; the stable sort then keeps case order.
  const skew = (x: AttemptUnit, y: AttemptUnit) => Math.abs(2 * x.passes - x.attempts) * y.attempts;
  const list = [...unstable]
    .sort((x, y) => skew(x, y) - skew(y, x))
    .map(({ case_id, protocol, passes, attempts }) => ({ case_id, protocol, passes, attempts }));
  return {
    units: eligible.length,
    share: eligible.length === 0 ? null : unstable.length / eligible.length,
    cases: new Set(unstable.map((u) => u.case_id)).size,
    list,
  };
}
