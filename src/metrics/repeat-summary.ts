/** Every per-run statistic of a repeated run in one object: what the reports will show next to the score. */
import { type Attempt, groupAttempts } from "./attempts.js";
import {
  type BootstrapSettings,
  caseClusteredMean,
  DEFAULT_BOOTSTRAP,
  type Estimate,
} from "./case-bootstrap.js";
import { flipRate, type Instability, instability } from "./flip-rate.js";
import { type PassCurvePoint, passCurve } from "./pass-at-k.js";
import { type RunToRun, runToRunDeviation } from "./run-to-run.js";

export interface RepeatSummary {
  /** (case, protocol) units, cases, and the repeats asked for (the most attempts any unit had). */
  units: number;
  cases: number;
  repeats: number;
  /** Attempts that errored: counted here, never scored. */
  errored: number;
  /** Mean over units of each unit's pass share (= pass@1 = pass^1), with its case-clustered interval. */
  score: Estimate;
  level: number;
  /** pass@k and pass^k for k = 1 … repeats. */
  pass: PassCurvePoint[];
  flip_rate: Estimate;
  instability: Instability;
  run_to_run: RunToRun;
}

/** Summarizes one run's attempts; the bootstrap seed makes every interval reproducible. */
export function summarizeRepeats(
  attempts: readonly Attempt[],
  settings: BootstrapSettings = DEFAULT_BOOTSTRAP,
): RepeatSummary {
  const groups = groupAttempts(attempts);
  const flip = flipRate(groups, settings);
  return {
    units: groups.units.length,
    cases: groups.cases.length,
    repeats: groups.repeats,
    errored: groups.errored,
    score: caseClusteredMean(
      groups.cases.map((c) => c.units),
      (u) => (u.attempts === 0 ? null : u.passes / u.attempts),
      settings,
    ),
    level: settings.level,
    pass: passCurve(groups, settings),
    flip_rate: flip,
    instability: instability(groups),
    run_to_run: runToRunDeviation(attempts, flip, settings.level),
  };
}
