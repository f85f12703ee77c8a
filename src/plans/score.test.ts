import { describe, expect, it } from "vitest";
import type { Plan } from "./model.js";
import { PAYMENT_SENTIMENT_PLAN, REFUND_BEST_PLAN, REFUND_INITIAL_PLAN } from "./paper-examples.js";
import { parseReference } from "./parse.js";
import { PLAN_POINTS } from "./points.js";
import { scorePlan } from "./score.js";
import { ScoreLineSchema } from "./score-line.js";
import { DEFAULT_TOOL_DESCRIPTIONS } from "./tool-descriptions.js";

function reference(text: string): Plan {
  const parsed = parseReference(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.plan;
}

const tools = DEFAULT_TOOL_DESCRIPTIONS;

describe("the paper's worked example (refund calls)", () => {
  const line = scorePlan({ candidate: REFUND_INITIAL_PLAN, reference: reference(REFUND_BEST_PLAN), tools });

  it("scores the initial plan as the paper does on the checkable metrics", () => {
    expect(line).toMatchObject({
      format: PLAN_POINTS.format,
      dependencies: PLAN_POINTS.dependencies,
      redundancy: PLAN_POINTS.redundancy,
      tool_usage_completeness: PLAN_POINTS.tool_usage_completeness / 2,
    });
  });

  it("blames step 2, the RAG half without its T2S twin", () => {
    expect(line.violations).toEqual([expect.objectContaining({ step: 2, code: "incomplete-tool-pair" })]);
  });

  it("matches neither initial step: interactions where the best plan fetches calls, and the RAG step runs on them", () => {
    // The paper's judge said "Good"; by its own matching rule step 1 fetches another population (the very fix the
    // human made), and step 2's input corresponds to no reference step (docs/plan-matching.md, section 1).
    expect(line).toMatchObject({
      precision: 0,
      recall: 0,
      f1: 0,
      steps: 2,
      hops: 1,
      rating: "Extremely Bad",
    });
  });

  it("once step 1 fetches calls, both initial steps match: precision 1, recall 1/2", () => {
    const fixed = scorePlan({
      candidate: REFUND_INITIAL_PLAN.replace("interaction_ids of interactions", "call_ids of calls"),
      reference: reference(REFUND_BEST_PLAN),
      tools,
    });
    expect(fixed).toMatchObject({ precision: 1, recall: 0.5, rating: "Acceptable" });
    expect(fixed.f1).toBeCloseTo(2 / 3);
  });

  it("leaves the judged metrics and the total null, and reports the deterministic subtotal", () => {
    expect(line).toMatchObject({ tool_prompt_alignment: null, query_adherence: null, total: null });
    expect(line).toMatchObject({ subtotal: 60, subtotal_max: 65 });
  });
});

describe("scorePlan", () => {
  it("gives a best plan full marks against itself", () => {
    const line = scorePlan({
      candidate: PAYMENT_SENTIMENT_PLAN,
      reference: reference(PAYMENT_SENTIMENT_PLAN),
      tools,
    });
    expect(line).toMatchObject({
      format: PLAN_POINTS.format,
      dependencies: PLAN_POINTS.dependencies,
      redundancy: PLAN_POINTS.redundancy,
      tool_usage_completeness: PLAN_POINTS.tool_usage_completeness,
    });
    expect(line).toMatchObject({
      step_executability: PLAN_POINTS.step_executability,
      f1: 1,
      edge_f1: 1,
      rating: "Extremely Good",
      tier: "A+",
    });
  });

  it("scores an unreadable output 0 and Extremely Bad, with the reason in its violations", () => {
    const line = scorePlan({
      candidate: "Sorry, I can't.",
      reference: reference(REFUND_BEST_PLAN),
      tools,
      planner: "p",
    });
    expect(line).toMatchObject({
      parse_ok: false,
      format: 0,
      dependencies: 0,
      f1: 0,
      rating: "Extremely Bad",
      tier: null,
    });
    expect(line).toMatchObject({ planner: "p", steps: 0, hops: null });
    expect(line.violations.map((v) => v.code)).toEqual(["unparseable"]);
  });

  it("produces lines that satisfy the public schema, with the fields in the documented order", () => {
    const line = scorePlan({
      candidate: REFUND_INITIAL_PLAN,
      reference: reference(REFUND_BEST_PLAN),
      tools,
      query_id: 7,
    });
    expect(ScoreLineSchema.parse(line)).toEqual(line);
    expect(Object.keys(line).slice(0, 6)).toEqual([
      "query_id",
      "planner",
      "prompt_type",
      "parse_ok",
      "format",
      "dependencies",
    ]);
  });

  it("is pure: the same inputs give the same line", () => {
    const input = { candidate: REFUND_INITIAL_PLAN, reference: reference(REFUND_BEST_PLAN), tools };
    expect(scorePlan(input)).toEqual(scorePlan(input));
  });
});
