import { describe, expect, it } from "vitest";
import { hashSeed, mulberry32 } from "./random.js";

describe("seeded randomness", () => {
  it("repeats for a seed and differs across seeds", () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const c = mulberry32(43);
    const first = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(first);
    expect(Array.from({ length: 5 }, () => c())).not.toEqual(first);
  });

  it("stays in [0, 1) and is roughly uniform", () => {
    const rng = mulberry32(7);
    const values = Array.from({ length: 20_000 }, () => rng());
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
    expect(mean).toBeGreaterThan(0.49);
    expect(mean).toBeLessThan(0.51);
  });

  it("hashes text to a stable seed", () => {
    expect(hashSeed("gpt-4o|f1")).toBe(hashSeed("gpt-4o|f1"));
    expect(hashSeed("gpt-4o|f1")).not.toBe(hashSeed("gpt-4o|f2"));
    expect(hashSeed("x", 1)).not.toBe(hashSeed("x", 2));
  });
});
