import { describe, expect, it } from "vitest";
import type { PairedTable } from "../metrics/paired.js";
import { formatP, pooledRow, verdictLine } from "./compare.js";

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

describe("pooledRow", () => {
  it("tests the pooled row over cases: a hand-checked three-case table", () => {
    // c1 passed only in B under json and xml (T = +2), c2 only in A under json (T = −1), c3 only in B under plain
    // (T = +1). Signs over 3 cases with magnitudes 2, 1, 1: S ∈ {4, 2, 2, 0, 0, −2, −2, −4}, each 1/8; observed
    // S = 2, so p = P(|S| ≥ 2) = 6/8. McNemar over the 4 discordant pairs (1 vs 3) would say 2·5/16 = 0.625.
    const result = {
      overall: {
        pairs: 9,
        both_passed: 3,
        both_failed: 2,
        a_passed_b_failed: [{ id: "c2", protocol: "json" }],
        a_failed_b_passed: [
          { id: "c1", protocol: "json" },
          { id: "c1", protocol: "xml" },
          { id: "c3", protocol: "plain" },
        ],
        p_value: 0.625,
      },
      by_protocol: {},
      excluded: { error_in_a: 0, error_in_b: 0, error_in_both: 0 },
      unpaired: { only_in_a: 0, only_in_b: 0 },
    };
    const row = pooledRow(result);
    expect(row.p_value).toBeCloseTo(0.75, 12);
    expect(row).toMatchObject({ method: "sign-flip-exact", informative_cases: 3, pairs: 9 });
  });
});
