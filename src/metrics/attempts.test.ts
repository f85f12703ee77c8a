import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Attempt, groupAttempts } from "./attempts.js";

const at = (case_id: string, protocol: string, attempt: number, passed: boolean | null): Attempt => ({
  case_id,
  protocol,
  attempt,
  passed,
});

describe("groupAttempts", () => {
  const attempts = [
    at("b", "xml", 0, true),
    at("a", "json", 0, true),
    at("b", "json", 1, false),
    at("a", "json", 1, null),
    at("b", "json", 0, true),
    at("a", "json", 2, false),
  ];
  const groups = groupAttempts(attempts);

  it("counts scored attempts and passes per (case, protocol), and errored attempts apart", () => {
    expect(groups.units).toEqual([
      { case_id: "a", protocol: "json", attempts: 2, passes: 1, errored: 1 },
      { case_id: "b", protocol: "json", attempts: 2, passes: 1, errored: 0 },
      { case_id: "b", protocol: "xml", attempts: 1, passes: 1, errored: 0 },
    ]);
    expect(groups.errored).toBe(1);
    // Unit a/json was asked three times (one errored): the run's K.
    expect(groups.repeats).toBe(3);
  });

  it("groups units by case, in id order and then protocol order", () => {
    expect(groups.cases.map((c) => [c.case_id, c.units.map((u) => u.protocol)])).toEqual([
      ["a", ["json"]],
      ["b", ["json", "xml"]],
    ]);
  });

  it("does not depend on the order attempts arrive in (property)", () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(attempts, { minLength: attempts.length }), (shuffled) => {
        expect(groupAttempts(shuffled)).toEqual(groups);
      }),
      { seed: 31, numRuns: 100 },
    );
  });

  it("refuses an attempt given twice and an index that is not a whole number ≥ 0", () => {
    expect(() => groupAttempts([at("a", "json", 0, true), at("a", "json", 0, false)])).toThrow(
      /attempt 0 of a \(json\) appears twice/,
    );
    expect(() => groupAttempts([at("a", "json", -1, true)])).toThrow(RangeError);
    expect(() => groupAttempts([at("a", "json", 0.5, true)])).toThrow(RangeError);
  });

  it("is empty for no attempts", () => {
    expect(groupAttempts([])).toEqual({ cases: [], units: [], errored: 0, repeats: 0 });
  });
});
