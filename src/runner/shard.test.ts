import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadCases } from "../cases/load.js";
import { DEFAULT_CASES_FILE } from "../paths.js";
import { ShardSchema } from "./config.js";
import { parseShard, selectPairs } from "./shard.js";

const cases = loadCases(DEFAULT_CASES_FILE);
const key = (p: { testCase: { id: string }; protocol: string }) => `${p.testCase.id}/${p.protocol}`;

describe("shards", () => {
  it("deal every pair to exactly one of N shards, in run order, sizes within one", () => {
    const all = selectPairs(cases, ["json", "xml", "plain"], undefined).map(key);
    for (const count of [1, 2, 3, 7]) {
      const shards = Array.from({ length: count }, (_, i) =>
        selectPairs(cases, ["json", "xml", "plain"], { index: i + 1, count }).map(key),
      );
      expect(shards.flat().sort()).toEqual([...all].sort());
      const sizes = shards.map((s) => s.length);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      for (const shard of shards) expect(shard).toEqual(all.filter((k) => shard.includes(k)));
    }
  });

  it("parse K/N exactly as a stored shard is checked (config.ts's ShardSchema), whatever the numbers", () => {
    const side = fc.oneof(
      fc.nat(20),
      fc.constantFrom("9007199254740991", "9007199254740992", "1".repeat(30)),
    );
    fc.assert(
      fc.property(side, side, (index, count) => {
        const text = `${index}/${count}`;
        const stored = ShardSchema.safeParse({ index: Number(index), count: Number(count) });
        expect(parseShard(text)).toEqual(stored.success ? stored.data : null);
      }),
      { numRuns: 2000, seed: 28 },
    );
  });

  it("parse K/N and refuse anything else", () => {
    expect(parseShard("2/3")).toEqual({ index: 2, count: 3 });
    for (const bad of ["0/2", "3/2", "1/0", "1", "a/b", "1/2/3", "-1/2", "1.5/2"])
      expect(parseShard(bad)).toBeNull();
  });
});
