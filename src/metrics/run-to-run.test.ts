import { describe, expect, it } from "vitest";
import type { Attempt } from "./attempts.js";
import { perRepeatScores, runToRunDeviation } from "./run-to-run.js";

const unit = (case_id: string, verdicts: string): Attempt[] =>
  [...verdicts].map((v, attempt) => ({
    case_id,
    protocol: "json",
    attempt,
    passed: v === "E" ? null : v === "P",
  }));

const noFlip = { value: null, low: null, high: null, units: 0 };

describe("perRepeatScores", () => {
  it("scores each repeat over its scored attempts, in repeat order", () => {
    const attempts = [...unit("a", "PPF"), ...unit("b", "PFE")].reverse();
    expect(perRepeatScores(attempts)).toEqual([
      { attempt: 0, score: 1, attempts: 2 },
      { attempt: 1, score: 0.5, attempts: 2 },
      { attempt: 2, score: 0, attempts: 1 },
    ]);
  });
});

describe("runToRunDeviation", () => {
  // Repeat scores 1, 1/2, 0: mean 1/2, s² = (1/4 + 0 + 1/4)/2, s = 1/2.
  const attempts = [...unit("a", "PPF"), ...unit("b", "PFF")];

  it("is the sample deviation of the per-repeat scores, with the χ² interval (2 degrees of freedom)", () => {
    const result = runToRunDeviation(attempts, noFlip);
    expect(result.sd).toBeCloseTo(0.5, 15);
    // s·√(2/χ²₀.₉₇₅(2)) = 0.5·√(2/7.377759) and s·√(2/χ²₀.₀₂₅(2)) = 0.5·√(2/0.0506356).
    expect(result.low).toBeCloseTo(0.2603291, 6);
    expect(result.high).toBeCloseTo(3.1423673, 6);
    expect(result.level).toBe(0.95);
  });

  it("implies √(flip rate / 2M) from the units' own attempt noise", () => {
    // M = 8 units: √(0.16/16) = 0.1, √(0.04/16) = 0.05, √(0.36/16) = 0.15.
    const flip = { value: 0.16, low: 0.04, high: 0.36, units: 8 };
    const { implied } = runToRunDeviation(attempts, flip);
    expect(implied.value).toBeCloseTo(0.1, 15);
    expect(implied.low).toBeCloseTo(0.05, 15);
    expect(implied.high).toBeCloseTo(0.15, 15);
    expect(implied.units).toBe(8);
  });

  it("has no deviation below two repeats, and none that errors can invent", () => {
    expect(runToRunDeviation(unit("a", "P"), noFlip)).toMatchObject({ sd: null, low: null, high: null });
    expect(runToRunDeviation([...unit("a", "PE"), ...unit("b", "FE")], noFlip).sd).toBeNull();
    expect(runToRunDeviation([...unit("a", "PP"), ...unit("b", "FF")], noFlip).sd).toBe(0);
  });
});
