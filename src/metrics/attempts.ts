/**
 * Repeated runs as the statistics read them: attempts grouped into units (one case under one protocol) and units
 * grouped into cases, the cluster every interval and test resamples (docs/statistics.md, "Units and cases").
 */

/** One attempt at one (case, protocol): what a results record reduces to for repeat statistics. */
export interface Attempt {
  case_id: string;
  protocol: string;
  /** The repeat this attempt belongs to, a whole number ≥ 0 (the runner's repeat index). */
  attempt: number;
  /** The verdict; null when the attempt errored and so was never scored (an error is not a wrong answer). */
  passed: boolean | null;
}

/** One (case, protocol) across its attempts. */
export interface AttemptUnit {
  case_id: string;
  protocol: string;
  /** Scored attempts (n in the formulas). */
  attempts: number;
  /** Scored attempts that passed (c in the formulas). */
  passes: number;
  /** Attempts that errored; left out of every estimator. */
  errored: number;
}

export interface CaseGroup {
  case_id: string;
  /** The case's units in protocol order (code-unit order), so results never depend on the input's order. */
  units: AttemptUnit[];
}

export interface AttemptGroups {
  /** Cases in id order (code-unit order). */
  cases: CaseGroup[];
  /** Every unit, case by case: the same objects as in `cases`. */
  units: AttemptUnit[];
  /** Attempts that errored, over all units. */
  errored: number;
  /** The most attempts (scored or errored) any unit had: the K the run asked for, unless every unit lost one. */
  repeats: number;
}

const byCodeUnit = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
const unitKey = (a: Pick<Attempt, "case_id" | "protocol">) => `${a.case_id}\u0000${a.protocol}`;

/**
 * Groups attempts into units and cases. A repeated (case, protocol, attempt) or an attempt index that is not a
 * whole number ≥ 0 is a bug in whoever built the list, so it throws.
 */
export function groupAttempts(attempts: readonly Attempt[]): AttemptGroups {
  const units = new Map<string, { unit: AttemptUnit; seen: Set<number> }>();
  for (const attempt of attempts) {
    if (!Number.isInteger(attempt.attempt) || attempt.attempt < 0)
      throw new RangeError(`groupAttempts: attempt index must be a whole number ≥ 0, got ${attempt.attempt}`);
    const key = unitKey(attempt);
    let entry = units.get(key);
    if (!entry) {
      const unit = {
        case_id: attempt.case_id,
        protocol: attempt.protocol,
        attempts: 0,
        passes: 0,
        errored: 0,
      };
      entry = { unit, seen: new Set() };
      units.set(key, entry);
    }
    if (entry.seen.has(attempt.attempt))
      throw new RangeError(
        `groupAttempts: attempt ${attempt.attempt} of ${attempt.case_id} (${attempt.protocol}) appears twice`,
      );
    entry.seen.add(attempt.attempt);
    const { unit } = entry;
    if (attempt.passed === null) unit.errored++;
    else {
      unit.attempts++;
      if (attempt.passed) unit.passes++;
    }
  }
  const cases = new Map<string, AttemptUnit[]>();
  for (const { unit } of units.values()) {
    const group = cases.get(unit.case_id);
    if (group) group.push(unit);
    else cases.set(unit.case_id, [unit]);
  }
  const grouped = [...cases.keys()].sort(byCodeUnit).map((case_id) => ({
    case_id,
    units: (cases.get(case_id) ?? []).sort((x, y) => byCodeUnit(x.protocol, y.protocol)),
  }));
  const all = grouped.flatMap((c) => c.units);
  return {
    cases: grouped,
    units: all,
    errored: all.reduce((sum, u) => sum + u.errored, 0),
    repeats: all.reduce((most, u) => Math.max(most, u.attempts + u.errored), 0),
  };
}
