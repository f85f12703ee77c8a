/** aggregateScores: per planner and prompt type, the mean of each metric with a seeded bootstrap 95 % interval. */
import { quantileSorted } from "simple-statistics";
import { hashSeed } from "../metrics/random.js";
import { inTier, RATINGS, type Rating, TIERS, type Tier } from "./rating.js";
import { AVERAGED_FIELDS, type AveragedField, type ScoreLine } from "./score-line.js";

export interface AggregateOptions {
  /** Bootstrap resamples (the paper uses 1,000). */
  samples?: number;
  seed?: number;
  /** Coverage of the interval. */
  level?: number;
}

export const DEFAULT_AGGREGATE_OPTIONS = { samples: 1000, seed: 20260216, level: 0.95 } as const;

export interface MeanWithInterval {
  /** Plans with a value for this metric (nulls are left out). */
  n: number;
  mean: number | null;
  low: number | null;
  high: number | null;
}

export interface PlannerAggregate {
  planner: string | null;
  prompt_type: string | null;
  plans: number;
  parse_ok: number;
  metrics: Record<AveragedField, MeanWithInterval>;
  /** Share of plans per rating. */
  ratings: Record<Rating, number>;
  /** Share of plans in each cumulative tier. */
  tiers: Record<Tier, number>;
}

function mean(values: readonly number[]): number {
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}

/**
 * Percentile bootstrap of the mean with `samples` resamples drawn from mulberry32(seed). The generator is written
 * out inside the loop (same numbers as `mulberry32`): this loop runs tens of millions of times for a --json report.
 */
export function bootstrapMean(
  values: readonly number[],
  seed: number,
  samples: number,
  level: number,
): MeanWithInterval {
  const n = values.length;
  if (n === 0) return { n: 0, mean: null, low: null, high: null };
  const data = Float64Array.from(values);
  const means = new Float64Array(samples);
  let state = seed >>> 0;
  for (let s = 0; s < samples; s++) {
    let sum = 0;
    for (let i = 0; i < n; i++) {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = Math.imul(state ^ (state >>> 15), state | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      sum += data[Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n)] as number;
    }
    means[s] = sum / n;
  }
  means.sort();
  const tail = (1 - level) / 2;
  const sorted = Array.from(means);
  return { n, mean: mean(values), low: quantileSorted(sorted, tail), high: quantileSorted(sorted, 1 - tail) };
}

function share(lines: readonly ScoreLine[], keep: (line: ScoreLine) => boolean): number {
  return lines.filter(keep).length / lines.length;
}

function aggregateGroup(
  lines: readonly ScoreLine[],
  key: string,
  options: Required<AggregateOptions>,
): PlannerAggregate {
  const first = lines[0];
  const metrics = Object.fromEntries(
    AVERAGED_FIELDS.map((field) => {
      // Sorted, so the interval depends on the values and not on the order the lines came in.
      const values = lines
        .flatMap((line) => (line[field] === null ? [] : [line[field]]))
        .sort((a, b) => a - b);
      const seed = hashSeed(`${key}\u0000${field}`, options.seed);
      return [field, bootstrapMean(values, seed, options.samples, options.level)];
    }),
  ) as Record<AveragedField, MeanWithInterval>;
  return {
    planner: first?.planner ?? null,
    prompt_type: first?.prompt_type ?? null,
    plans: lines.length,
    parse_ok: share(lines, (line) => line.parse_ok),
    metrics,
    ratings: Object.fromEntries(RATINGS.map((r) => [r, share(lines, (line) => line.rating === r)])) as Record<
      Rating,
      number
    >,
    tiers: Object.fromEntries(
      TIERS.map((t) => [t, share(lines, (line) => inTier(line.rating, t))]),
    ) as Record<Tier, number>,
  };
}

/** Groups by planner and prompt type (sorted), so the order of the input lines does not change the output. */
export function aggregateScores(
  lines: readonly ScoreLine[],
  options: AggregateOptions = {},
): PlannerAggregate[] {
  const settings = { ...DEFAULT_AGGREGATE_OPTIONS, ...options };
  const groups = new Map<string, ScoreLine[]>();
  for (const line of lines) {
    const key = JSON.stringify([line.planner, line.prompt_type]);
    const group = groups.get(key);
    if (group) group.push(line);
    else groups.set(key, [line]);
  }
  return [...groups.keys()].sort().map((key) => aggregateGroup(groups.get(key) ?? [], key, settings));
}
