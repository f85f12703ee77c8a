import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { saysNoData, statedNumbers, statesFigure, tolerance } from "./numbers.js";

describe("statedNumbers", () => {
  it("reads numbers with thousands separators, decimals and units", () => {
    expect(
      statedNumbers("1,234 calls took 12.5 minutes; 23.4% were escalated, 7 s on hold, 2 hours in all"),
    ).toEqual([
      { value: 1234, unit: null },
      { value: 12.5, unit: "minutes" },
      { value: 23.4, unit: "percent" },
      { value: 7, unit: "seconds" },
      { value: 2, unit: "hours" },
    ]);
  });

  it("does not read the digits inside ids, tool names or dates as figures", () => {
    expect(statedNumbers("IX0000123 from step T2S")).toEqual([]);
    expect(statedNumbers("week of 2025-09-22").map((n) => n.value)).toEqual([2025]);
  });

  it("never throws on any text (property)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        for (const n of statedNumbers(text)) expect(Number.isFinite(n.value)).toBe(true);
      }),
      { seed: 29, numRuns: 500 },
    );
  });
});

describe("statesFigure", () => {
  it.each([
    ["The average handle time was 12.5 minutes.", 750, "seconds", true],
    ["about 750 seconds", 760, "seconds", true],
    ["about 700 seconds", 760, "seconds", false],
    ["23.4% of calls", 0.2345, "share", true],
    ["a share of 0.23", 0.2345, "share", true],
    ["22% of calls", 0.2345, "share", false],
    ["1,234 calls", 1234, "count", true],
    ["1,235 calls", 1234, "count", false],
    ["there were no calls", 0, "count", true],
    ["zero escalations", 0, "count", true],
    ["QA 78.2", 78.49, "score", true],
    ["QA 78.2", 78.8, "score", false],
    ["CSAT 3.52/5", 3.5, "csat", true],
    ["CSAT 3.6", 3.5, "csat", false],
    ["no data for March", null, "seconds", true],
    ["The average was 0", null, "seconds", false],
  ] as const)("%j states %s (%s): %s", (text, value, unit, expected) => {
    expect(statesFigure(text, value, unit)).toBe(expected);
  });

  it("keeps counts exact and the other tolerances as documented", () => {
    expect(tolerance("count", 10)).toBe(0);
    expect(tolerance("seconds", 600)).toBe(12);
    expect(tolerance("seconds", 10)).toBe(1);
    expect(tolerance("share", 0.4)).toBe(0.005);
    expect(saysNoData("No rows (no data)")).toBe(true);
    expect(saysNoData("Sixty calls")).toBe(false);
  });
});
