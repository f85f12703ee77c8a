/** The false alarms of issue 15, each pinned with the plan that used to raise it, and its true positive beside it. */
import { describe, expect, it } from "vitest";
import { REFUND_BEST_PLAN } from "./paper-examples.js";
import { parsePlan, parseReference } from "./parse.js";
import { PLAN_POINTS } from "./points.js";
import { scorePlan } from "./score.js";
import { DEFAULT_TOOL_DESCRIPTIONS as tools } from "./tool-descriptions.js";

const codes = (plan: string) => {
  const parsed = parsePlan(plan);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.violations.map((v) => `${v.step}:${v.code}`);
};

describe("false alarms", () => {
  it("reads (1800) in a prompt as a number, but (5) in a 2-step plan as a placeholder naming no step", () => {
    expect(
      codes(`{1: {"step": T2S([], "How many calls lasted over 30 minutes (1800)?"), "depends_on": []}}`),
    ).toEqual([]);
    expect(
      codes(
        `{1: {"step": T2S([], "Fetch call_ids"), "depends_on": []}, 2: {"step": LLM("Use (1) and (5) for (query)"), "depends_on": [1]}}`,
      ),
    ).toContain("2:placeholder-unknown-step");
  });

  it("does not take 'question' for the user's query, but does take 'the user's question'", () => {
    const llm = (prompt: string) =>
      `{1: {"step": T2S([], "Fetch call_ids"), "depends_on": []}, 2: {"step": LLM("${prompt}"), "depends_on": [1]}}`;
    expect(codes(llm("Which question do customers ask most often in (1)?"))).toEqual([]);
    expect(codes(llm("Answer the user's question from (1)."))).toContain("2:missing-query-placeholder");
    expect(codes(llm("Answer the query from (1)."))).toContain("2:missing-query-placeholder");
  });

  it("charges a dependency without its placeholder to Format once, not to Dependencies as well", () => {
    const reference = parseReference(REFUND_BEST_PLAN);
    if (!reference.ok) throw new Error(reference.message);
    const line = scorePlan({
      candidate: `{1: {"step": T2S([], "Fetch call_ids of refund calls"), "depends_on": []}, 2: {"step": RAG([], "Why are customers unhappy?"), "depends_on": [1]}}`,
      reference: reference.plan,
      tools,
    });
    expect(line.violations.map((v) => v.code)).toContain("dependency-without-placeholder");
    expect(line.format).toBe(PLAN_POINTS.format / 2);
    expect(line.dependencies).toBe(PLAN_POINTS.dependencies);
  });

  it("does not count two steps with different unknown tools as duplicates; the same known step twice it does", () => {
    expect(
      codes(
        `{1: {"step": SQL([], "Fetch call_ids"), "depends_on": []}, 2: {"step": GREP([], "Fetch call_ids"), "depends_on": []}}`,
      ),
    ).not.toContain("2:duplicate-step");
    expect(
      codes(
        `{1: {"step": T2S([], "Fetch call_ids"), "depends_on": []}, 2: {"step": T2S([], "Fetch call_ids"), "depends_on": []}}`,
      ),
    ).toContain("2:duplicate-step");
  });

  it("flags a T2S or RAG placeholder inside the prompt, and not an LLM one", () => {
    const fetch = `1: {"step": T2S([], "Fetch call_ids of refund calls"), "depends_on": []}`;
    expect(
      codes(
        `{${fetch}, 2: {"step": T2S((1), "How many of the calls in (1) were escalated?"), "depends_on": [1]}}`,
      ),
    ).toContain("2:placeholder-in-prompt");
    expect(
      codes(`{${fetch}, 2: {"step": RAG([], "Why are customers unhappy in (1)?"), "depends_on": [1]}}`),
    ).toContain("2:placeholder-in-prompt");
    expect(codes(`{${fetch}, 2: {"step": LLM("Summarise (1) for (query)"), "depends_on": [1]}}`)).toEqual([]);
  });
});
