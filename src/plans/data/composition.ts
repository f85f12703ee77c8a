/** The composition of the benchmark (objective/subjective, simple/compound, step and hop buckets) and its targets. */
import { SPLITS, type Split } from "./schema.js";

export interface Composition {
  queries: number;
  objective: number;
  subjective: number;
  simple: number;
  compound: number;
  steps_1_4: number;
  steps_5_15: number;
  hops_0: number;
  hops_1: number;
  hops_2: number;
  hops_3_plus: number;
}
export type Bucket = Exclude<keyof Composition, "queries">;

interface Classified {
  is_subjective: boolean;
  is_compound: boolean;
  steps: number;
  hops: number;
}

/** Counts per bucket; keys always in this order. */
export function compositionOf(records: readonly Classified[]): Composition {
  const count = (predicate: (r: Classified) => boolean) => records.filter(predicate).length;
  return {
    queries: records.length,
    objective: count((r) => !r.is_subjective),
    subjective: count((r) => r.is_subjective),
    simple: count((r) => !r.is_compound),
    compound: count((r) => r.is_compound),
    steps_1_4: count((r) => r.steps <= 4),
    steps_5_15: count((r) => r.steps >= 5),
    hops_0: count((r) => r.hops === 0),
    hops_1: count((r) => r.hops === 1),
    hops_2: count((r) => r.hops === 2),
    hops_3_plus: count((r) => r.hops >= 3),
  };
}

/**
 * Target shares, close to the paper's one-shot test set (197 queries: objective 95 / subjective 102, simple 106 /
 * compound 91, 1–4 steps 141 / 5–15 steps 56, hops 0/1/2/3+ = 28/86/54/29), rounded as the brief sets them.
 */
export const TARGET_SHARES: Record<Bucket, number> = {
  objective: 0.48,
  subjective: 0.52,
  simple: 0.54,
  compound: 0.46,
  steps_1_4: 0.72,
  steps_5_15: 0.28,
  hops_0: 0.14,
  hops_1: 0.44,
  hops_2: 0.27,
  hops_3_plus: 0.15,
};
/** How far (in share points) a split or the whole set may stray from a target share. */
export const SHARE_TOLERANCE = 0.05;
export const QUERIES_PER_SPLIT = 100;
/** The floor for the whole set: every hop bucket holds at least this many queries. */
export const MIN_PER_HOP_BUCKET = 12;

const BUCKETS = Object.keys(TARGET_SHARES) as Bucket[];
const HOP_BUCKETS: Bucket[] = ["hops_0", "hops_1", "hops_2", "hops_3_plus"];

function percent(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

/** Shares of one split (or of the whole set) that stray from their targets, one line each. */
export function spreadProblems(label: string, composition: Composition): string[] {
  if (composition.queries === 0) return [];
  return BUCKETS.flatMap((bucket) => {
    const share = composition[bucket] / composition.queries;
    const target = TARGET_SHARES[bucket];
    if (Math.abs(share - target) <= SHARE_TOLERANCE + 1e-9) return [];
    return [
      `${label}: ${bucket} is ${percent(share)} (${composition[bucket]} of ${composition.queries}), expected ${percent(target)} ± ${SHARE_TOLERANCE * 100} points`,
    ];
  });
}

/** Every way the set strays from its targets, one line each; empty when the composition is as intended. */
export function compositionProblems(bySplit: Record<Split, Composition>, all: Composition): string[] {
  const problems: string[] = [];
  for (const split of SPLITS) {
    const size = bySplit[split].queries;
    if (size !== QUERIES_PER_SPLIT) problems.push(`${split}: ${size} queries, expected ${QUERIES_PER_SPLIT}`);
    problems.push(...spreadProblems(split, bySplit[split]));
  }
  problems.push(...spreadProblems("all", all));
  for (const bucket of HOP_BUCKETS)
    if (all[bucket] < MIN_PER_HOP_BUCKET)
      problems.push(`all: ${bucket} holds ${all[bucket]} queries, expected at least ${MIN_PER_HOP_BUCKET}`);
  return problems;
}
