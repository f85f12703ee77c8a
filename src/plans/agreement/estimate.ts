/** A statistic with its seeded percentile-bootstrap interval: the one shape every agreement number takes. */
import { bootstrapInterval } from "../../metrics/agreement.js";
import { hashSeed, mulberry32 } from "../../metrics/random.js";
import { DEFAULT_AGGREGATE_OPTIONS } from "../aggregate.js";

export interface Estimate {
  value: number | null;
  /** Bounds of the bootstrap interval; null when the statistic was undefined in every resample. */
  low: number | null;
  high: number | null;
}

export interface BootstrapSettings {
  samples: number;
  seed: number;
  level: number;
}

/** The paper's 1,000 resamples and 95 % coverage, with the seed the planner aggregates use. */
export const DEFAULT_BOOTSTRAP: BootstrapSettings = {
  samples: DEFAULT_AGGREGATE_OPTIONS.samples,
  seed: DEFAULT_AGGREGATE_OPTIONS.seed,
  level: DEFAULT_AGGREGATE_OPTIONS.level,
};

/**
 * `statistic` over all `size` units, and its interval from resampling those units. `name` derives the seed, so each
 * statistic draws its own stream and adding one statistic does not move the intervals of the others.
 */
export function estimate(
  name: string,
  size: number,
  statistic: (indices: readonly number[]) => number | null,
  settings: BootstrapSettings,
): Estimate {
  const all = Array.from({ length: size }, (_, i) => i);
  const value = size === 0 ? null : statistic(all);
  if (value === null) return { value: null, low: null, high: null };
  const random = mulberry32(hashSeed(name, settings.seed));
  const { low, high } = bootstrapInterval(size, statistic, {
    samples: settings.samples,
    level: settings.level,
    random,
  });
  return { value, low, high };
}
