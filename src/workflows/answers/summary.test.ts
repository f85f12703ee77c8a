import { describe, expect, it } from "vitest";
import type { AnswerJudgement } from "../../plans/answer-records.js";
import { decisionWinners } from "./decide.js";
import { formatAnswerSummary, summariseAnswers } from "./summary.js";

const LABELS = ["R1", "R2", "R3"];

function judgement(decision: string | null, overrides: Partial<AnswerJudgement> = {}): AnswerJudgement {
  return {
    query_id: "q",
    judge: "judge-model",
    labels: LABELS,
    status: decision === null ? "failed" : "judged",
    decision,
    winners: decision === null ? [] : decisionWinners(decision, LABELS),
    judge_decision: decision,
    decision_agrees: decision === null ? null : true,
    scores: null,
    raw_scores: null,
    gating: [],
    rationale: null,
    error: decision === null ? "judge reply unusable" : null,
    prompts: 1,
    cached: false,
    replies: [],
    prompt_version: { sha256: "0".repeat(64), source: "built-in" },
    ...overrides,
  };
}

describe("summariseAnswers", () => {
  it("counts ties for each winner, All for all, Neither for none, and leaves failures out", () => {
    const summary = summariseAnswers([
      judgement("R2"),
      judgement("R1,R2"),
      judgement("All", { decision_agrees: false, judge_decision: "R3" }),
      judgement("Neither", { prompts: 2 }),
      judgement(null),
    ]);
    expect(summary).toMatchObject({ queries: 5, judged: 4, failed: 1, repaired: 1 });
    expect(summary.win_rates).toEqual([
      { label: "R1", wins: 2, judged: 4, rate: 0.5 },
      { label: "R2", wins: 3, judged: 4, rate: 0.75 },
      { label: "R3", wins: 1, judged: 4, rate: 0.25 },
    ]);
    expect(summary.decisions).toEqual({ All: 1, Neither: 1, "R1,R2": 1, R2: 1 });
    expect(summary.judge_agreement).toEqual({ agree: 3, judged: 4, rate: 0.75 });
  });

  it("has no rates when nothing was judged", () => {
    const summary = summariseAnswers([judgement(null)]);
    expect(summary.win_rates.every((w) => w.rate === null)).toBe(true);
    expect(summary.judge_agreement.rate).toBeNull();
    expect(formatAnswerSummary(summary)).toContain("1 FAILED");
  });

  it("prints aligned win rates", () => {
    const text = formatAnswerSummary(summariseAnswers([judgement("R2"), judgement("R1,R2")]));
    expect(text).toContain("R1          1      2     50.0%");
    expect(text).toContain("R2          2      2    100.0%");
    expect(text).toContain("judge's own decision matches its scores: 2/2 (100.0%)");
  });
});
