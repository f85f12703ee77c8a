import { describe, expect, it } from "vitest";
import type { PlanStep } from "../../plans/model.js";
import { fillPrompt, promptInputs } from "./fill.js";

const step = (id: number, tool: PlanStep["tool"], prompt: string, inputs: number[] = []): PlanStep => ({
  id,
  tool,
  inputs,
  prompt,
  depends_on: inputs,
});
const steps = new Map([
  [1, step(1, "T2S", "Fetch call_ids of refund calls.")],
  [2, step(2, "RAG", "Why are customers unhappy?", [1])],
]);
const outputs = new Map([[2, { text: "Slow refunds.", rows: null, insights: null }]]);

describe("fillPrompt", () => {
  it("fills every placeholder kind in an LLM prompt", () => {
    const llm = step(
      3,
      "LLM",
      "Given (2) from (tool 2) on (sub-query 2), answer (query) (e.g. briefly) (1, 2)",
    );
    expect(fillPrompt(llm, { query: "Why?", steps, outputs })).toBe(
      'Given [output of step 2: Slow refunds.] from RAG on "Why are customers unhappy?", answer "Why?" (e.g. briefly) (1, 2)',
    );
  });

  it("leaves (k) alone outside LLM prompts, and a placeholder of a step that is not there", () => {
    expect(fillPrompt(step(4, "T2S", "Count (2) for (query)"), { query: "q", steps, outputs })).toBe(
      'Count (2) for "q"',
    );
    expect(fillPrompt(step(5, "LLM", "Use (7)"), { query: "q", steps, outputs })).toBe("Use (7)");
  });

  it("names the outputs an LLM prompt takes in, in order, once each; numbers that are prose are not steps", () => {
    expect(promptInputs("Compare (3) with (1), then (3) again, within (30) days, per (1800) calls")).toEqual([
      3, 1,
    ]);
  });
});
