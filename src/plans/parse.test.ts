import { describe, expect, it } from "vitest";
import { PAYMENT_SENTIMENT_PLAN, REFUND_BEST_PLAN } from "./paper-examples.js";
import { parsePlan, parseReference, toCanonical } from "./parse.js";

function steps(input: unknown) {
  const result = parsePlan(input);
  if (!result.ok) throw new Error(result.message);
  return result;
}

describe("parsePlan", () => {
  it("reads an already-decoded JSON value like the same plan in text", () => {
    const value = {
      steps: [
        { id: 1, tool: "T2S", inputs: [], prompt: "Fetch call_ids of refund calls", depends_on: [] },
        { id: 2, tool: "RAG", inputs: [1], prompt: "Why?", depends_on: [1] },
      ],
    };
    const fromValue = steps(value);
    const fromText = steps(JSON.stringify(value));
    expect(fromValue.steps).toEqual(fromText.steps);
    expect(fromValue.violations).toEqual([]);
  });

  it("reads (tool k), (sub-query k) and (query), and leaves prose parentheses alone", () => {
    const plan = steps(PAYMENT_SENTIMENT_PLAN);
    const final = plan.steps[3];
    expect(final?.placeholders.map((p) => p.kind)).toEqual([
      "query",
      "sub-query",
      "tool",
      "step",
      "sub-query",
      "tool",
      "step",
    ]);
    expect(final?.inputs).toEqual([2, 3]);
    const prose = steps(
      '{1: {"step": T2S([], "Fetch calls (e.g. refunds) from (last week)"), "depends_on": []}}',
    );
    expect(prose.steps[0]?.placeholders).toEqual([]);
    expect(prose.violations).toEqual([]);
  });

  it("says why nothing could be read", () => {
    expect(parsePlan("no braces here")).toMatchObject({ ok: false, code: "no-plan" });
    expect(parsePlan('{"note": "nothing"}')).toMatchObject({ ok: false, code: "no-plan" });
    expect(parsePlan("{}")).toMatchObject({ ok: false, code: "no-plan" });
    expect(parsePlan({ steps: [] })).toMatchObject({ ok: false, code: "no-steps" });
    expect(parsePlan(42)).toMatchObject({ ok: false, code: "no-plan" });
    expect(parsePlan(null)).toMatchObject({ ok: false, code: "no-plan" });
  });

  it("numbers a lone step and flags that it had no number", () => {
    const plan = steps('{"step": T2S([], "Fetch call_ids"), "depends_on": []}');
    expect(plan.steps.map((s) => s.id)).toEqual([1]);
    expect(plan.violations.map((v) => v.code)).toEqual(["invalid-step-key"]);
  });

  it("orders steps by their numbers", () => {
    const plan = steps(
      '{2: {"step": RAG((1), "Why?"), "depends_on": [1]}, 1: {"step": T2S([], "Fetch"), "depends_on": []}}',
    );
    expect(plan.steps.map((s) => s.id)).toEqual([1, 2]);
    expect(plan.violations.map((v) => v.code)).toEqual(["steps-out-of-order"]);
  });

  it("joins steps that a stray brace cut off from their plan", () => {
    const plan = steps(
      '{1: {"step": T2S([], "Fetch"), "depends_on": []}}, 2: {"step": RAG((1), "Why?"), "depends_on": [1]}}',
    );
    expect(plan.steps.map((s) => s.id)).toEqual([1, 2]);
    expect(plan.violations.map((v) => v.code)).toContain("unbalanced-brackets");
  });

  it("attributes a syntax flaw to the step whose text holds it", () => {
    const plan = steps(
      '{1: {"step": T2S([], "Fetch"), "depends_on": []}, 2: {"step": RAG((1), \'Why?\'), "depends_on": [1]}}',
    );
    expect(plan.violations).toEqual([expect.objectContaining({ step: 2, code: "single-quotes" })]);
  });

  it("does not read a prompt such as 'Fetch (1) calls' as a call to a tool named Fetch", () => {
    const plan = steps('{"1": {"tool": "T2S", "step": "Fetch (1) calls", "depends_on": []}}');
    expect(plan.steps[0]).toMatchObject({ tool: "T2S", prompt: "Fetch (1) calls" });
  });

  it("takes LLM inputs from the placeholders in its prompt", () => {
    const plan = steps(REFUND_BEST_PLAN);
    expect(plan.steps.map((s) => s.inputs)).toEqual([[], [1], [1], [2, 3]]);
  });

  it("keeps the step numbers of a malformed placeholder, so only the format suffers", () => {
    const plan = steps(
      '{1: {"step": T2S([], "a"), "depends_on": []}, 2: {"step": T2S([], "b"), "depends_on": []}, 3: {"step": LLM("Combine (1, 2) for (query)"), "depends_on": [1, 2]}}',
    );
    expect(plan.violations.map((v) => v.code)).toEqual(["malformed-placeholder"]);
  });
});

describe("toCanonical and parseReference", () => {
  it("refuse a plan with an unknown tool or a step number used twice", () => {
    expect(parseReference('{1: {"step": SQL([], "x"), "depends_on": []}}')).toEqual({
      ok: false,
      message: "step 1 has no known tool",
    });
    const twice = steps(
      '{1: {"step": T2S([], "x"), "depends_on": []}, 1: {"step": T2S([], "y"), "depends_on": []}}',
    );
    expect(toCanonical(twice.steps)).toEqual({ ok: false, message: "step ids must be unique" });
  });

  it("accept a reference with harmless flaws (the paper's trailing comma)", () => {
    const reference = parseReference(REFUND_BEST_PLAN);
    expect(reference.ok && reference.plan.steps.length).toBe(4);
  });
});
