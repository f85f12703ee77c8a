import { describe, expect, it } from "vitest";
import { type Composition, compositionOf, compositionProblems, spreadProblems } from "./composition.js";

const query = (is_subjective: boolean, is_compound: boolean, steps: number, hops: number) => ({
  is_subjective,
  is_compound,
  steps,
  hops,
});

/** A split of 100 with exactly the target shares. */
function onTarget(): Composition {
  return {
    queries: 100,
    objective: 48,
    subjective: 52,
    simple: 54,
    compound: 46,
    steps_1_4: 72,
    steps_5_15: 28,
    hops_0: 14,
    hops_1: 44,
    hops_2: 27,
    hops_3_plus: 15,
  };
}

function double(c: Composition): Composition {
  return Object.fromEntries(
    Object.entries(c).map(([key, value]) => [key, value * 2]),
  ) as unknown as Composition;
}

describe("compositionOf", () => {
  it("counts each bucket, with 4 steps in the small bucket and 3 or more hops together", () => {
    const records = [
      query(false, false, 1, 0),
      query(true, true, 4, 3),
      query(true, false, 5, 2),
      query(false, true, 9, 4),
    ];
    expect(compositionOf(records)).toEqual({
      queries: 4,
      objective: 2,
      subjective: 2,
      simple: 2,
      compound: 2,
      steps_1_4: 2,
      steps_5_15: 2,
      hops_0: 1,
      hops_1: 0,
      hops_2: 1,
      hops_3_plus: 2,
    });
  });
});

describe("compositionProblems", () => {
  it("accepts the target spread, and anything within 5 points of it", () => {
    expect(compositionProblems({ train: onTarget(), test: onTarget() }, double(onTarget()))).toEqual([]);
    const near = { ...onTarget(), objective: 53, subjective: 47 };
    expect(spreadProblems("test", near)).toEqual([]);
  });

  it("names the split, the bucket, the share found and the share expected", () => {
    const far = { ...onTarget(), hops_0: 25, hops_1: 33 };
    expect(spreadProblems("train", far)).toEqual([
      "train: hops_0 is 25.0% (25 of 100), expected 14.0% ± 5 points",
      "train: hops_1 is 33.0% (33 of 100), expected 44.0% ± 5 points",
    ]);
  });

  it("wants 100 queries per split and at least 12 per hop bucket overall", () => {
    const small = { ...onTarget(), queries: 60 };
    const problems = compositionProblems(
      { train: small, test: onTarget() },
      { ...double(onTarget()), hops_0: 11 },
    );
    expect(problems).toContain("train: 60 queries, expected 100");
    expect(problems).toContain("all: hops_0 holds 11 queries, expected at least 12");
  });
});
