import { describe, expect, it } from "vitest";
import type { PairedTable } from "../metrics/paired.js";
import { formatP, verdictLine } from "./compare.js";

const table = (onlyA: number, onlyB: number, p: number): PairedTable => ({
  pairs: 100,
  both_passed: 50,
  both_failed: 50 - onlyA - onlyB,
  a_passed_b_failed: Array.from({ length: onlyA }, (_, i) => ({ id: `a-${i}`, protocol: "json" })),
  a_failed_b_passed: Array.from({ length: onlyB }, (_, i) => ({ id: `b-${i}`, protocol: "json" })),
  p_value: p,
});

describe("verdictLine", () => {
  it("never names a winner when p ≥ 0.05", () => {
    expect(verdictLine(table(1, 6, 0.125), "A", "B")).toBe(
      "not significant at 0.05 (p = 0.1250): 1 vs 6 flips could be noise, so neither run is shown better",
    );
    expect(verdictLine(table(3, 3, 1), "A", "B")).toMatch(/^not significant at 0\.05/);
  });

  it("names the better run when p < 0.05", () => {
    expect(verdictLine(table(10, 2, 0.0386), "A", "B")).toBe(
      "significant at 0.05 (p = 0.0386): A is better; it passes 10 of the 12 pairs where the runs disagree",
    );
    expect(verdictLine(table(0, 40, 1.8e-12), "A", "B")).toContain("(p = 1.8e-12): B is better");
  });

  it("says when nothing flipped", () => {
    expect(verdictLine(table(0, 0, 1), "A", "B")).toBe(
      "no case flipped: the runs agree on every paired case",
    );
  });
});

describe("formatP", () => {
  it("keeps four decimals, and switches to exponent form for tiny values", () => {
    expect(formatP(0.0625)).toBe("0.0625");
    expect(formatP(0.00042)).toBe("4.2e-4");
  });
});
