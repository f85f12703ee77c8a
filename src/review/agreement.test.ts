import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { tempDir } from "../test-support/temp.js";
import type { NewTask, TaskKind } from "./contract.js";
import { openReviewStore } from "./store.js";
import { answersTask, verdictTask } from "./test-support/tasks.js";

const dir = tempDir("tooluse-review-agreement-");
afterAll(() => dir.remove());
let n = 0;

function ratingTask(key: string): NewTask {
  const plan = { text: "{}", source: "{}" };
  return {
    key,
    title: key,
    payload: {
      query_id: key,
      planner: "p",
      prompt_type: "without_lineage",
      query: "q",
      candidate: plan,
      reference: plan,
      evaluator: null,
    },
  };
}

/** A database with `tasks` of one kind and each annotator's labels, task by task (undefined: no label). */
function agreementOf(kind: TaskKind, tasks: NewTask[], labels: Record<string, unknown[]>) {
  const store = openReviewStore(join(dir.path, `a-${++n}.sqlite`));
  store.addTasks(kind, tasks);
  const ids = store.listTasks({ kind }).map((t) => t.id);
  for (const [annotator, values] of Object.entries(labels))
    values.forEach((value, index) => {
      if (value !== undefined) store.addLabel(ids[index] as number, annotator, value);
    });
  const agreement = store.agreement(kind);
  store.close();
  return agreement;
}

describe("agreement between annotators", () => {
  it("verdicts: Cohen's κ by hand — observed 3/4, chance 1/2, κ = 0.5; no weighted κ for a category", () => {
    const agree = { verdict: "agree" };
    const dispute = { verdict: "dispute", reason: "r" };
    const result = agreementOf(
      "verdict",
      ["a", "b", "c", "d"].map((k) => verdictTask(k)),
      {
        alice: [agree, agree, dispute, dispute],
        bob: [agree, dispute, dispute, dispute],
      },
    );
    expect(result.annotators).toEqual(["alice", "bob"]);
    expect(result.pairs).toEqual([
      {
        annotators: ["alice", "bob"],
        measure: "verdict",
        n: 4,
        exact: 0.75,
        kappa: 0.5,
        weighted_kappa: null,
        ordinal: false,
      },
    ]);
  });

  it("ratings: κ = 1/7 and quadratic weighted κ = 8/13 by hand; metric scores as pass/fail", () => {
    // alice: Good, Bad, Extremely Good (indices 4, 2, 6); bob: Very Good, Bad, Good (5, 2, 4).
    // κ: p_o = 1/3, p_e = 2/9 → (1/9)/(7/9) = 1/7. Weighted: Σw·O = (1 + 0 + 4)/36, Σw·E = 39/36/3 = 13/36 → 1 − 5/13.
    const result = agreementOf("plan-rating", ["q1", "q2", "q3"].map(ratingTask), {
      alice: [{ rating: "Good", format: 20 }, { rating: "Bad", format: 20 }, { rating: "Extremely Good" }],
      bob: [
        { rating: "Very Good", format: 10 },
        { rating: "Bad", format: 20 },
        { rating: "Good", format: 20 },
      ],
    });
    const rating = result.pairs.find((p) => p.measure === "rating");
    expect(rating?.n).toBe(3);
    expect(rating?.exact).toBeCloseTo(1 / 3, 12);
    expect(rating?.kappa).toBeCloseTo(1 / 7, 12);
    expect(rating?.weighted_kappa).toBeCloseTo(8 / 13, 12);
    expect(rating?.ordinal).toBe(true);
    // format on the two plans both scored: alice pass/pass, bob fail/pass → exact 1/2 = chance (alice used one category), κ 0.
    const format = result.pairs.find((p) => p.measure === "format");
    expect(format).toMatchObject({ n: 2, exact: 0.5, kappa: 0, weighted_kappa: null });
  });

  it("every pair of annotators, latest labels only, tasks both labelled", () => {
    const agree = { verdict: "agree" };
    const dispute = { verdict: "dispute", reason: "r" };
    const store = openReviewStore(join(dir.path, `a-${++n}.sqlite`));
    store.addTasks(
      "verdict",
      ["a", "b"].map((k) => verdictTask(k)),
    );
    const [a, b] = store.listTasks().map((t) => t.id) as [number, number];
    store.addLabel(a, "alice", dispute);
    store.addLabel(a, "alice", agree); // replaces the dispute
    store.addLabel(a, "bob", agree);
    store.addLabel(b, "bob", dispute);
    store.addLabel(b, "carol", dispute);
    const result = store.agreement("verdict");
    store.close();
    expect(result.annotators).toEqual(["alice", "bob", "carol"]);
    expect(result.pairs.map((p) => [p.annotators.join("/"), p.n, p.exact, p.kappa])).toEqual([
      ["alice/bob", 1, 1, null],
      ["bob/carol", 1, 1, null],
    ]);
  });

  it("answers: the decision over the values given (normalised), per-response scores ordinal where 1–7", () => {
    const scores = (completeness: number) => ({
      R1: { validity: 1, consistency: 1, completeness, redundancy: 7 },
      R2: { validity: 1, consistency: 0, completeness: 7, redundancy: 7 },
      R3: { validity: 0, consistency: 0, completeness: 1, redundancy: 1 },
    });
    const result = agreementOf("answers", [answersTask("q1"), answersTask("q2")], {
      alice: [{ decision: "R2, R1", scores: scores(7) }, { decision: "all" }],
      bob: [{ decision: "R1,R2", scores: scores(5) }, { decision: "Neither" }],
    });
    const decision = result.pairs.find((p) => p.measure === "decision");
    expect(decision).toMatchObject({ n: 2, exact: 0.5, ordinal: false });
    const completeness = result.pairs.find((p) => p.measure === "R1.completeness");
    expect(completeness).toMatchObject({ n: 1, exact: 0, ordinal: true });
    expect(result.pairs.map((p) => p.measure)).toContain("R3.validity");
  });
});
