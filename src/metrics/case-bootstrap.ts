/**
 * The case-clustered bootstrap: a mean over units with a percentile interval from resampling whole cases (every
 * protocol and attempt of a drawn case comes along), because attempts and protocols of one case are correlated.
 */
import { bootstrapInterval } from "./agreement.js";
import { mulberry32 } from "./random.js";

export interface BootstrapSettings {
  /**
   * Resamples. With 2000, the percentiles of a score near 50% on 188 cases move by about 0.2 points (one standard
   * deviation) from seed to seed: measured, well under the interval's own width (about 12 points there).
   */
  samples: number;
  /** Coverage, e.g. 0.95. */
  level: number;
  /** Seeds the resampling: the same seed gives the same interval, and every statistic sees the same resamples. */
  seed: number;
}

export const DEFAULT_BOOTSTRAP: BootstrapSettings = { samples: 2000, level: 0.95, seed: 0 };

/** A mean with its interval; everything null when no unit had a value. */
export interface Estimate {
  value: number | null;
  low: number | null;
  high: number | null;
  /** Units that had a value (e.g. at least k scored attempts for pass^k). */
  units: number;
}

/**
 * The mean of `unitValue` over the units that have one (null = no value, e.g. too few attempts), with the percentile
 * bootstrap over cases: each resample draws as many cases as there are, with replacement, and takes the ratio of the
 * drawn cases' value sums to their unit counts.
 */
export function caseClusteredMean<Unit>(
  cases: readonly (readonly Unit[])[],
  unitValue: (unit: Unit) => number | null,
  settings: BootstrapSettings = DEFAULT_BOOTSTRAP,
): Estimate {
  const sums = new Array<number>(cases.length).fill(0);
  const counts = new Array<number>(cases.length).fill(0);
  cases.forEach((units, i) => {
    for (const unit of units) {
      const value = unitValue(unit);
      if (value === null) continue;
      sums[i] = (sums[i] ?? 0) + value;
      counts[i] = (counts[i] ?? 0) + 1;
    }
  });
  const units = counts.reduce((a, b) => a + b, 0);
  if (units === 0) return { value: null, low: null, high: null, units: 0 };
  const value = sums.reduce((a, b) => a + b, 0) / units;
  const interval = bootstrapInterval(
    cases.length,
    (drawn) => {
      let sum = 0;
      let count = 0;
      for (const i of drawn) {
        sum += sums[i] ?? 0;
        count += counts[i] ?? 0;
      }
      return count === 0 ? null : sum / count;
    },
    { samples: settings.samples, level: settings.level, random: mulberry32(settings.seed) },
  );
  return { value, low: interval.low, high: interval.high, units };
}
