/** The execute stage's arithmetic, checked by hand: responses from executed answers, accuracy, point-biserial r. */
import { describe, expect, it } from "vitest";
import { accuracyRows, type ExecutedLine, pearson, responsesFrom, scoreCorrelations } from "./executed.js";

const line = (over: Partial<ExecutedLine>): ExecutedLine => ({
  source: "R3",
  planner: "p",
  prompt_type: "without_lineage",
  query_id: "q1",
  query: "Q",
  status: "answered",
  answer: "A",
  error: null,
  correct: null,
  ...over,
});

describe("pearson (point-biserial with a 0/1 side)", () => {
  it("matches a hand computation", () => {
    // x = 1,2,3,4; y = 0,0,1,1: mean x 2.5, sxy = 2, sxx = 5, syy = 1 → r = 2/√5.
    expect(pearson([1, 2, 3, 4], [0, 0, 1, 1])).toBeCloseTo(2 / Math.sqrt(5), 12);
    expect(pearson([4, 3, 2, 1], [0, 0, 1, 1])).toBeCloseTo(-2 / Math.sqrt(5), 12);
  });
  it("is undefined (null), never 0, when a side does not vary or there is one pair", () => {
    expect(pearson([1, 1, 1], [0, 1, 0])).toBeNull();
    expect(pearson([1, 2, 3], [1, 1, 1])).toBeNull();
    expect(pearson([1], [1])).toBeNull();
  });
});

describe("responsesFrom", () => {
  it("puts R1 and R2 of the query beside each R3 plan, leaves failed answers out and names them", () => {
    const lines = [
      line({ source: "R1", planner: null, prompt_type: null, answer: "one" }),
      line({ source: "R2", planner: null, prompt_type: null, status: "failed", answer: null }),
      line({ answer: "three" }),
      line({ planner: "other", status: "failed", answer: null }),
    ];
    const { records, unjudgeable } = responsesFrom(lines);
    expect(records).toEqual([
      {
        query_id: "q1",
        query: "Q",
        planner: "p",
        prompt_type: "without_lineage",
        responses: { R1: "one", R3: "three" },
        failed: ["R2"],
      },
    ]);
    expect(unjudgeable.map((r) => [r.planner, r.failed])).toEqual([["other", ["R2", "R3"]]]);
  });
});

describe("accuracyRows", () => {
  it("counts a failed answer as not correct and leaves queries without a reference out of the rate", () => {
    const rows = accuracyRows([
      line({ source: "R1", planner: null, prompt_type: null, correct: true }),
      line({
        source: "R1",
        planner: null,
        prompt_type: null,
        query_id: "q2",
        status: "failed",
        answer: null,
        correct: false,
      }),
      line({ source: "R1", planner: null, prompt_type: null, query_id: "q3", correct: null }),
      line({ correct: true }),
    ]);
    expect(rows).toEqual([
      {
        source: "R1",
        planner: null,
        prompt_type: null,
        answers: 3,
        failed: 1,
        with_reference: 2,
        correct: 1,
        accuracy: 0.5,
      },
      {
        source: "R3",
        planner: "p",
        prompt_type: "without_lineage",
        answers: 1,
        failed: 0,
        with_reference: 1,
        correct: 1,
        accuracy: 1,
      },
    ]);
  });
});

describe("scoreCorrelations", () => {
  it("pairs each R3 answer with its own plan's score line and reads the rating as 1…7", () => {
    const lines = [
      line({ query_id: "q1", correct: true }),
      line({ query_id: "q2", correct: false }),
      line({ query_id: "q3", correct: null }),
      line({ source: "R2", planner: null, prompt_type: null, correct: false }),
    ];
    const scores = [
      { query_id: "q1", planner: "p", prompt_type: "without_lineage", f1: 0.9, rating: "Extremely Good" },
      { query_id: "q2", planner: "p", prompt_type: "without_lineage", f1: 0.2, rating: "Extremely Bad" },
      { query_id: "q3", planner: "p", prompt_type: "without_lineage", f1: 0.5, rating: "Good" },
    ];
    const byScore = new Map(scoreCorrelations(lines, scores, "code").map((c) => [c.score, c]));
    expect(byScore.get("f1")).toMatchObject({ n: 2, r: 1, mean_correct: 0.9, mean_incorrect: 0.2 });
    expect(byScore.get("rating")).toMatchObject({ n: 2, r: 1, mean_correct: 7, mean_incorrect: 1 });
    expect(byScore.get("total")).toMatchObject({ n: 0, r: null });
  });
});
