/**
 * Repeats (`run --repeats K`): every (case, protocol) is asked K times. An attempt is one of those K asks, named by
 * its index 0 … K−1; attempt 0 is the request a run without repeats sends (same seed, same cache key), so a
 * repeated run extends a single one instead of replacing it. docs/statistics.md says how the attempts are read.
 */
import type { Case, Protocol } from "../cases/schema.js";
import { sha256 } from "./canonical-json.js";
import type { RunConfig } from "./config.js";
import { type Shard, selectPairs } from "./shard.js";

/** The K of a configuration: absent (every run before repeats, and every K = 1 run) means 1. */
export function repeatsOf(config: Pick<RunConfig, "repeats">): number {
  return config.repeats ?? 1;
}

/**
 * The seed attempt `attempt` sends, from the run's `--seed`. Attempt 0 sends the run's seed itself; attempt i > 0 a
 * seed derived from (seed, i) by sha256, a whole number in [0, 2³¹) so every server's integer seed takes it. A run
 * without `--seed` sends none on any attempt: its repeats differ as the server's own sampling makes them differ.
 */
export function attemptSeed(seed: number | null, attempt: number): number | null {
  if (seed === null || attempt === 0) return seed;
  return (
    Number.parseInt(sha256(`tooluse.repeat/1\u0000${seed}\u0000${attempt}`).slice(0, 8), 16) & 0x7fffffff
  );
}

export interface AttemptPair {
  testCase: Case;
  protocol: Protocol;
  attempt: number;
}

/**
 * Every attempt a run (or one shard of it) asks, in the order records are written: case order, protocol order,
 * attempt order. A shard owns all the attempts of its pairs.
 */
export function selectAttempts(
  cases: readonly Case[],
  protocols: readonly Protocol[],
  shard: Shard | undefined,
  repeats: number,
): AttemptPair[] {
  return selectPairs(cases, protocols, shard).flatMap((pair) =>
    Array.from({ length: repeats }, (_, attempt) => ({ ...pair, attempt })),
  );
}
