/**
 * Shards: `--shard K/N` runs a deterministic 1/N of a run's (case, protocol) pairs, so N machines can share a run and
 * `tooluse merge` can put it back together. Pairs are dealt round-robin in the run's own order (case order, then
 * protocol order): the split depends only on the selection, and each shard gets every category and protocol alike.
 */
import type { Case, Protocol } from "../cases/schema.js";

/** Shard `index` (1-based) of `count` (a stored one is checked by config.ts's ShardSchema). */
export interface Shard {
  index: number;
  count: number;
}

export interface Pair {
  testCase: Case;
  protocol: Protocol;
}

/** The pairs a run (or one shard of it) asks, in the order records are written. */
export function selectPairs(
  cases: readonly Case[],
  protocols: readonly Protocol[],
  shard: Shard | undefined,
): Pair[] {
  const pairs: Pair[] = [];
  let position = 0;
  for (const testCase of cases) {
    for (const protocol of protocols) {
      if (!shard || position % shard.count === shard.index - 1) pairs.push({ testCase, protocol });
      position++;
    }
  }
  return pairs;
}

/** `K/N` as typed on the command line; null when the text is not of that form. */
export function parseShard(text: string): Shard | null {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (!match) return null;
  // Digits only, so each side is a whole number; it must also be exact (a safe integer), as the stored form's.
  const shard = { index: Number(match[1]), count: Number(match[2]) };
  const whole = (n: number) => Number.isSafeInteger(n) && n >= 1;
  return whole(shard.index) && whole(shard.count) && shard.index <= shard.count ? shard : null;
}
