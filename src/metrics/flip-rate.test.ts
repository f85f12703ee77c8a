import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Attempt, groupAttempts } from "./attempts.js";
import { flipRate, instability, pairDisagreement } from "./flip-rate.js";

const settings = { samples: 500, level: 0.95, seed: 3 };

/** Attempts at one unit from a pass/fail string: "PPF" is pass, pass, fail. */
const unit = (case_id: string, verdicts: string, protocol = "json"): Attempt[] =>
  [...verdicts].map((v, attempt) => ({ case_id, protocol, attempt, passed: v === "E" ? null : v === "P" }));

/** P(c passes in n) for a unit that passes with probability p. */
function binomialPmf(n: number, c: number, p: number): number {
  let coefficient = 1;
  for (let i = 1; i <= c; i++) coefficient = (coefficient * (n - c + i)) / i;
  return coefficient * p ** c * (1 - p) ** (n - c);
}

describe("pairDisagreement", () => {
  it("counts disagreeing pairs by hand", () => {
    expect(pairDisagreement(3, 1)).toBeCloseTo(2 / 3, 15); // {P,F1} {P,F2} disagree, {F1,F2} agree
    expect(pairDisagreement(2, 1)).toBe(1);
    expect(pairDisagreement(4, 2)).toBeCloseTo(4 / 6, 15); // 2·2 mixed pairs of 6
    expect(pairDisagreement(5, 0)).toBe(0);
    expect(pairDisagreement(5, 5)).toBe(0);
  });

  it("is unbiased for 2p(1 − p), the chance two attempts disagree, at every n (exact expectation)", () => {
    for (const n of [2, 3, 5, 10])
      for (const p of [0.1, 0.5, 0.77]) {
        let expected = 0;
        for (let c = 0; c <= n; c++) expected += binomialPmf(n, c, p) * pairDisagreement(n, c);
        expect(expected).toBeCloseTo(2 * p * (1 - p), 14);
      }
  });

  it("refuses fewer than two attempts", () => {
    expect(() => pairDisagreement(1, 1)).toThrow(RangeError);
    expect(() => pairDisagreement(3, 4)).toThrow(RangeError);
  });
});

describe("flipRate and instability", () => {
  const attempts = [
    ...unit("a", "PPF"),
    ...unit("a", "PPP", "xml"),
    ...unit("b", "PFPF"),
    ...unit("c", "FFF"),
    ...unit("d", "P"),
    ...unit("e", "PEF"),
  ];
  const groups = groupAttempts(attempts);

  it("averages the per-unit rates over units with two or more scored attempts", () => {
    // a/json 2/3, a/xml 0, b 4/6, c 0, e 1 (its error left out); d has one attempt and no rate.
    const rate = flipRate(groups, settings);
    expect(rate.units).toBe(5);
    expect(rate.value).toBeCloseTo((2 / 3 + 0 + 4 / 6 + 0 + 1) / 5, 15);
  });

  it("lists unstable units most evenly split first, and counts their cases", () => {
    const found = instability(groups);
    expect(found.units).toBe(5);
    expect(found.share).toBeCloseTo(3 / 5, 15);
    expect(found.cases).toBe(3);
    expect(found.list.map((u) => `${u.case_id}/${u.protocol} ${u.passes}/${u.attempts}`)).toEqual([
      "b/json 2/4",
      "e/json 1/2",
      "a/json 2/3",
    ]);
  });

  it("ties 1/3 with 2/3 exactly, keeping case order", () => {
    const tie = instability(groupAttempts([...unit("x", "PFF"), ...unit("y", "PPF")]));
    expect(tie.list.map((u) => u.case_id)).toEqual(["x", "y"]);
  });

  it("is 0, with no unstable unit, whenever every unit's attempts agree (property)", () => {
    const unanimous = fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 2, max: 8 })), {
      minLength: 1,
      maxLength: 30,
    });
    fc.assert(
      fc.property(unanimous, (units) => {
        const drawn = units.flatMap(([passed, k], i) => unit(`u${i}`, (passed ? "P" : "F").repeat(k)));
        const g = groupAttempts(drawn);
        expect(flipRate(g, settings)).toMatchObject({ value: 0, low: 0, high: 0 });
        expect(instability(g)).toMatchObject({ share: 0, cases: 0, list: [] });
      }),
      { seed: 31, numRuns: 200 },
    );
  });

  it("is above 0 exactly when some unit is unstable (property)", () => {
    const verdicts = fc.array(fc.stringMatching(/^[PF]{2,6}$/), { minLength: 1, maxLength: 20 });
    fc.assert(
      fc.property(verdicts, (units) => {
        const g = groupAttempts(units.flatMap((v, i) => unit(`u${i}`, v)));
        expect((flipRate(g, settings).value ?? 0) > 0).toBe((instability(g).share ?? 0) > 0);
      }),
      { seed: 32, numRuns: 200 },
    );
  });

  it("has no rate when no unit was attempted twice", () => {
    const single = groupAttempts([...unit("a", "P"), ...unit("b", "F")]);
    expect(flipRate(single, settings)).toEqual({ value: null, low: null, high: null, units: 0 });
    expect(instability(single)).toEqual({ units: 0, share: null, cases: 0, list: [] });
  });
});
