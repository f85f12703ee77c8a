/**
 * Shards: `--shard K/N` runs a deterministic 1/N of a run's (case, protocol) pairs, so N machines can share a run and
 * `tooluse merge` can put it back together. Pairs are dealt round-robin in the run's own order (case order, then
 * protocol order): the split depends only on the selection, and each shard gets every category and protocol alike.
 */
import { z } from "zod";
import type { Case, Protocol } from "../cases/schema.js";

export const ShardSchema = z
  .object({ index: z.number().int().positive(), count: z.number().int().positive() })
  .refine((shard) => shard.index <= shard.count, { message: "the shard index is above the shard count" });

/** Shard `index` (1-based) of `count`. */
export type Shard = z.infer<typeof ShardSchema>;

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
  const parsed = ShardSchema.safeParse({ index: Number(match[1]), count: Number(match[2]) });
  return parsed.success ? parsed.data : null;
}
