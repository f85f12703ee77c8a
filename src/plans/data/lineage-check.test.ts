import { describe, expect, it } from "vitest";
import type { Plan } from "../model.js";
import { REFUND_BEST_PLAN, REFUND_INITIAL_PLAN } from "../paper-examples.js";
import { DEFAULT_TOOL_DESCRIPTIONS as tools } from "../tool-descriptions.js";
import { lineageProblems, lineageScores } from "./lineage-check.js";
import { canonicalPlan } from "./plan-forms.js";
import type { QueryRecord } from "./schema.js";

function plan(text: string): Plan {
  const converted = canonicalPlan(text);
  if (!converted.ok) throw new Error(converted.message);
  return converted.plan;
}

const initial = plan(REFUND_INITIAL_PLAN);
const best = plan(REFUND_BEST_PLAN);
const callIds = plan(REFUND_INITIAL_PLAN.replace("interaction_ids of interactions", "call_ids of calls"));

function record(...revisions: Plan[]): QueryRecord {
  return {
    query_id: "tr-900",
    split: "train",
    query: "What are customers most unhappy about in refund-related calls longer than 30 minutes?",
    is_subjective: true,
    is_compound: true,
    best_plan: best,
    steps: 4,
    hops: 2,
    lineage: revisions.map((p, index) => ({ plan: p, fixes: index === 0 ? [] : ["missing dual-tool step"] })),
  };
}

describe("lineageProblems", () => {
  it("accepts the paper's worked example: the best plan completes the tool pair", () => {
    expect(lineageProblems(record(initial, callIds, best), tools)).toEqual([]);
    const [first, , last] = lineageScores(record(initial, callIds, best), tools);
    // Tool-usage completeness 5 of 10 on the initial plan (the paper's figure); everything else in full.
    expect((last?.subtotal ?? 0) - (first?.subtotal ?? 0)).toBe(5);
    expect(last?.f1).toBe(1);
  });

  it("names the revision, the metric and both scores when a revision regresses", () => {
    const ignored = plan(
      REFUND_BEST_PLAN.replace('"depends_on": [2, 3]', '"depends_on": [2]').replace(
        "Second:(3)",
        "Second: nothing",
      ),
    );
    expect(lineageProblems(record(initial, best, ignored, best), tools)).toEqual([
      // Redundancy only: the wiring that differs from the best plan's costs matching, not Dependencies.
      "revision 3 scores lower than revision 2 on subtotal (62.5 < 65)",
      "revision 3 scores lower than revision 2 on f1 (0.75 < 1)",
    ]);
  });

  it("wants the best plan to beat the first revision somewhere", () => {
    expect(lineageProblems(record(best, best, best), tools)).toEqual([
      "the best plan scores no higher than the first revision on any metric",
    ]);
  });

  it("has nothing to say about a test query", () => {
    expect(lineageProblems({ ...record(), split: "test", lineage: null }, tools)).toEqual([]);
  });
});
