/**
 * Run-to-run deviation: how much the headline score moves between repeats. Two readings, kept side by side
 * (docs/statistics.md): the standard deviation of the per-repeat scores actually seen, and the one the units' own
 * attempt noise implies. A seen deviation well above the implied one says the repeats differ as wholes (a server
 * that changed between repeats), not only case by case.
 */
import type { Attempt } from "./attempts.js";
import type { Estimate } from "./case-bootstrap.js";
import { chiSquaredQuantile } from "./distributions.js";

export interface RepeatScore {
  /** The repeat index the attempts carried. */
  attempt: number;
  /** Passed over scored attempts of this repeat. */
  score: number;
  /** Scored attempts in this repeat. */
  attempts: number;
}

export interface RunToRun {
  per_repeat: RepeatScore[];
  /** Sample standard deviation (divisor R − 1) of the per-repeat scores; null below two repeats. */
  sd: number | null;
  /** χ² interval for that deviation at `level`, treating per-repeat scores as normal (a mean of hundreds of units). */
  low: number | null;
  high: number | null;
  level: number;
  /**
   * The deviation one repeat's score would have if attempts were independent given their unit:
   * √(Σ p_u(1 − p_u)) / M, estimated as √(flip rate / 2M) because a unit's flip rate estimates 2p_u(1 − p_u).
   */
  implied: Estimate;
}

/** Per-repeat scores in repeat order, each over the attempts that were scored. */
export function perRepeatScores(attempts: readonly Attempt[]): RepeatScore[] {
  const repeats = new Map<number, { passed: number; scored: number }>();
  for (const a of attempts) {
    if (a.passed === null) continue;
    const tally = repeats.get(a.attempt) ?? { passed: 0, scored: 0 };
    repeats.set(a.attempt, tally);
    tally.scored++;
    if (a.passed) tally.passed++;
  }
  return [...repeats]
    .sort(([x], [y]) => x - y)
    .map(([attempt, t]) => ({ attempt, score: t.passed / t.scored, attempts: t.scored }));
}

function sampleDeviation(values: readonly number[]): number | null {
  if (values.length < 2) return null;
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return Math.sqrt(values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (values.length - 1));
}

/** Both readings of the run-to-run deviation; `flip` is the run's flip rate (see flip-rate.ts). */
export function runToRunDeviation(attempts: readonly Attempt[], flip: Estimate, level = 0.95): RunToRun {
  const per_repeat = perRepeatScores(attempts);
  const sd = sampleDeviation(per_repeat.map((r) => r.score));
  const df = per_repeat.length - 1;
  const tail = (1 - level) / 2;
  // (R − 1)s²/σ² ~ χ²(R − 1), so σ lies in s·√((R − 1)/χ²_{1−α/2}) … s·√((R − 1)/χ²_{α/2}).
  const scale = (p: number) => (sd === null ? null : sd * Math.sqrt(df / chiSquaredQuantile(p, df)));
  const implied = (rate: number | null) => (rate === null ? null : Math.sqrt(rate / (2 * flip.units)));
  return {
    per_repeat,
    sd,
    low: scale(1 - tail),
    high: scale(tail),
    level,
    implied: {
      value: implied(flip.value),
      low: implied(flip.low),
      high: implied(flip.high),
      units: flip.units,
    },
  };
}
