import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hashParts, Random } from "./random.js";

describe("Random", () => {
  it("gives the same draws for the same seed and label, and different ones for another label", () => {
    const a = Random.of(7, "calls");
    const b = Random.of(7, "calls");
    const c = Random.of(7, "chats");
    const draws = (r: Random) => Array.from({ length: 20 }, () => r.uint32());
    expect(draws(a)).toEqual(draws(b));
    expect(draws(Random.of(7, "calls"))).not.toEqual(draws(c));
  });

  it("hashes every part, order included", () => {
    expect(hashParts("a", "b")).not.toBe(hashParts("b", "a"));
    expect(hashParts("ab")).not.toBe(hashParts("a", "b"));
  });

  it("draws uniform numbers in [0, 1) with the mean and spread of a uniform distribution", () => {
    const r = new Random(1);
    const values = Array.from({ length: 20_000 }, () => r.next());
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    const mean = values.reduce((s, v) => s + v, 0) / values.length;
    expect(mean).toBeCloseTo(0.5, 1);
  });

  it("keeps int, pick and weighted inside their ranges (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: -50, max: 50 }), (seed, lo) => {
        const r = new Random(seed);
        const v = r.int(lo, lo + 9);
        expect(v).toBeGreaterThanOrEqual(lo);
        expect(v).toBeLessThanOrEqual(lo + 9);
        expect(["x", "y"]).toContain(r.pick(["x", "y"]));
        expect(r.weighted([["only", 1]] as const)).toBe("only");
      }),
      { seed: 29, numRuns: 300 },
    );
  });

  it("refuses to pick from nothing", () => {
    expect(() => new Random(1).pick([])).toThrow(/empty/);
  });
});
