import { describe, expect, it } from "vitest";
import type { Plan } from "./model.js";
import {
  PAYMENT_SENTIMENT_PLAN,
  REFUND_BEST_PLAN,
  REFUND_INITIAL_PLAN,
  UNRESOLVED_SENTIMENT_PLAN,
} from "./paper-examples.js";
import { parsePlan, parseReference, toCanonical } from "./parse.js";
import { renderPlan } from "./render.js";

function canonical(text: string): Plan {
  const parsed = parseReference(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.plan;
}

describe("renderPlan", () => {
  it("writes the paper's text form, one step per line", () => {
    expect(renderPlan(canonical(REFUND_BEST_PLAN))).toBe(
      [
        "{",
        '  1: {"step": T2S([], "Fetch call_ids of calls where the call driver is related to refunds and duration is longer than 30 minutes."), "depends_on": []},',
        '  2: {"step": RAG((1), "What are customers most unhappy about?"), "depends_on": [1]},',
        '  3: {"step": T2S((1), "What are customers most unhappy about?"), "depends_on": [1]},',
        '  4: {"step": LLM("Combine the following 2 outputs to answer the following query (query):First:(2)Second:(3)"), "depends_on": [2, 3]}',
        "}",
      ].join("\n"),
    );
  });

  it("writes several inputs as ((1), (3)) and escapes quotes in prompts", () => {
    const plan: Plan = {
      steps: [
        { id: 1, tool: "T2S", inputs: [], prompt: 'Fetch "escalated" calls', depends_on: [] },
        { id: 3, tool: "LLM", inputs: [1], prompt: "List ids in (1)", depends_on: [1] },
        { id: 4, tool: "T2S", inputs: [1, 3], prompt: "Count them", depends_on: [1, 3] },
      ],
    };
    const text = renderPlan(plan);
    expect(text).toContain('T2S(((1), (3)), "Count them")');
    expect(text).toContain('T2S([], "Fetch \\"escalated\\" calls")');
  });

  it.each([
    ["refund initial", REFUND_INITIAL_PLAN],
    ["refund best", REFUND_BEST_PLAN],
    ["payment sentiment", PAYMENT_SENTIMENT_PLAN],
    ["unresolved sentiment", UNRESOLVED_SENTIMENT_PLAN],
  ])("round-trips the paper's %s plan", (_, text) => {
    const plan = canonical(text);
    const again = parsePlan(renderPlan(plan));
    expect(again.ok).toBe(true);
    if (again.ok) expect(toCanonical(again.steps)).toEqual({ ok: true, plan });
    if (again.ok) expect(again.violations).toEqual([]);
  });
});
