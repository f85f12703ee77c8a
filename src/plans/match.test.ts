import { describe, expect, it } from "vitest";
import { matchSteps } from "./match.js";
import type { StepLike, Tool } from "./model.js";

const step = (id: number, tool: Tool, prompt: string, depends_on: number[] = []): StepLike => ({
  id,
  tool,
  prompt,
  depends_on,
});

const reference = [
  step(1, "T2S", "Fetch call_ids of calls where the call driver is refunds"),
  step(2, "RAG", "What are customers most unhappy about?", [1]),
  step(3, "T2S", "What are customers most unhappy about?", [1]),
  step(4, "LLM", "Combine (2) and (3) to answer (query)", [2, 3]),
];

describe("matchSteps", () => {
  it("matches a plan with itself completely", () => {
    const result = matchSteps(reference, reference);
    expect(result.pairs.map((p) => [p.candidate, p.reference])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 4],
    ]);
    expect(result).toMatchObject({ precision: 1, recall: 1, f1: 1, edgeF1: 1 });
  });

  it("needs the same tool", () => {
    const result = matchSteps(
      [step(1, "RAG", "Fetch call_ids of calls where the call driver is refunds")],
      reference,
    );
    expect(result.pairs).toEqual([]);
    expect(result.explain()[0]?.reason).toMatch(/closest: step 2, slots differ/);
  });

  it("does not match a step that merges several reference steps", () => {
    const merged = step(
      1,
      "T2S",
      "Fetch interaction_ids categorized by 'Did We Resolve' (DWR) status and their call drivers",
    );
    const single = step(1, "T2S", "Fetch interaction_ids of calls marked as 'resolved'.");
    const result = matchSteps([merged], [single]);
    expect(result.pairs).toEqual([]);
    expect(result.explain()[0]?.reason).toMatch(/slots differ/);
  });

  it("matches prompts that differ in wording but not in intent", () => {
    const candidate = [step(7, "T2S", "Get the ids of refund-related calls")];
    expect(matchSteps(candidate, reference).pairs.map((p) => [p.reference, p.matched])).toEqual([[1, true]]);
  });

  it("does not match when one slot differs, however alike the words", () => {
    const interactions = [
      step(7, "T2S", "Fetch interaction_ids of interactions where the call driver is refunds"),
    ];
    const billing = [step(7, "T2S", "Fetch call_ids of calls where the call driver is billing disputes")];
    expect(matchSteps(interactions, reference).pairs).toEqual([]);
    expect(matchSteps(billing, reference).pairs).toEqual([]);
  });

  it("aligns a step with a wrong but consistent dependency and reports it, without matching it", () => {
    const candidate = [
      reference[0],
      reference[1],
      step(3, "T2S", "What are customers most unhappy about?", [2]),
      reference[3],
    ].filter((s) => s !== undefined);
    const result = matchSteps(candidate, reference);
    expect(result.pairs.map((p) => [p.candidate, p.matched])).toEqual([
      [1, true],
      [2, true],
      [3, false],
      [4, true],
    ]);
    expect(result.f1).toBeCloseTo(0.75);
    expect(result.dependencyDisagreements).toEqual([
      { candidate: 3, reference: 3, extra: [2], missing: [1] },
    ]);
  });

  it("does not match a step whose input corresponds to no reference step", () => {
    const candidate = [step(1, "T2S", "Fetch call_ids of calls about billing disputes"), reference[1]].filter(
      (s) => s !== undefined,
    );
    const result = matchSteps(candidate, reference);
    expect(result.f1).toBe(0);
    expect(result.explain()[1]?.reason).toMatch(/corresponds to no reference step/);
  });

  it("uses agreement of dependencies to tell identical prompts apart", () => {
    const ref = [
      step(1, "T2S", "Fetch refund calls"),
      step(2, "T2S", "Fetch escalated calls"),
      step(3, "RAG", "Why?", [1]),
      step(4, "RAG", "Why?", [2]),
    ];
    const candidate = [ref[0], ref[1], step(3, "RAG", "Why?", [2]), step(4, "RAG", "Why?", [1])].filter(
      (s) => s !== undefined,
    );
    const pairs = matchSteps(candidate, ref).pairs.map((p) => [p.candidate, p.reference]);
    expect(pairs).toContainEqual([3, 4]);
    expect(pairs).toContainEqual([4, 3]);
  });

  it("compares edges through the matching, not by step number", () => {
    const renumbered = [
      step(11, "T2S", "Fetch call_ids of calls where the call driver is refunds"),
      step(12, "T2S", "What are customers most unhappy about?", [11]),
      step(13, "RAG", "What are customers most unhappy about?", [11]),
      step(14, "LLM", "Combine (13) and (12) to answer (query)", [12, 13]),
    ];
    expect(matchSteps(renumbered, reference)).toMatchObject({ f1: 1, edgeF1: 1 });
  });

  it("accepts a different prompt similarity and threshold", () => {
    const always = matchSteps([step(1, "LLM", "anything (query)")], reference, { restSimilarity: () => 1 });
    expect(always.pairs.map((p) => p.reference)).toEqual([4]);
    const never = matchSteps(reference, reference, { restSimilarity: () => 0.4 });
    expect(never.pairs).toEqual([]);
    const lenient = matchSteps(reference, reference, { restSimilarity: () => 0.4, threshold: 0.3 });
    expect(lenient.pairs).toHaveLength(4);
  });

  it("handles empty sides", () => {
    expect(matchSteps([], reference)).toMatchObject({ precision: 0, recall: 0, f1: 0, edgeF1: 0 });
    expect(matchSteps([], [])).toMatchObject({ f1: 0, edgeF1: 1 });
  });
});

/** One-step plans: whether candidate step 1 matches reference step 1. */
const oneStep = (tool: Tool, candidate: string, reference: string) =>
  matchSteps([step(1, tool, candidate)], [step(1, tool, reference)]).pairs.some((p) => p.matched);

describe("blind set 3's rules (docs/plan-matching.md, sections 1, 3.2, 3.3)", () => {
  it("a team named on one side only, in words the other side says, is one team", () => {
    const reference = "How many calls to the mortgage line yesterday had more than two minutes of silence?";
    expect(
      oneStep("T2S", "How many mortgage-line calls yesterday had over 120 seconds of dead air?", reference),
    ).toBe(true);
    expect(
      oneStep(
        "T2S",
        "Determine the average QA score of billing dispute calls handled by Billing Support this quarter.",
        "What is the average QA score of billing dispute calls handled by the Billing Support team this quarter?",
      ),
    ).toBe(true);
    // Negative controls: another team named, and the team dropped, are other populations.
    expect(
      oneStep(
        "T2S",
        "How many calls to the fraud line yesterday had more than two minutes of silence?",
        reference,
      ),
    ).toBe(false);
    expect(oneStep("T2S", "How many calls yesterday had more than two minutes of silence?", reference)).toBe(
      false,
    );
  });

  it("a bound written after the measure it bounds is the same bound", () => {
    const reference =
      "What was the average QA score in September of agents with a tenure of one month or less?";
    expect(
      oneStep(
        "T2S",
        "What was the average QA score in September for agents with one month of tenure or less?",
        reference,
      ),
    ).toBe(true);
    expect(
      oneStep(
        "T2S",
        "Fetch the customers who called 3 times or more.",
        "Fetch the customers who called three or more times.",
      ),
    ).toBe(true);
    // Negative control: "less than one month" is a strict bound, "one month or less" is not.
    expect(
      oneStep(
        "T2S",
        "What was the average QA score in September for agents with less than one month of tenure?",
        reference,
      ),
    ).toBe(false);
  });

  it("a rank with nothing to rank is wording; the other end is a question of its own", () => {
    const reference = "What do customers complain about most?";
    expect(oneStep("RAG", "What are customers' most frequent complaints?", reference)).toBe(true);
    expect(oneStep("RAG", "What are the most common complaints customers raise?", reference)).toBe(true);
    expect(oneStep("RAG", "What are the least common complaints customers raise?", reference)).toBe(false);
    // A rank of units stays a rank.
    expect(oneStep("T2S", "Which agents handled the most calls?", "Which agents handled calls?")).toBe(false);
  });

  it("praise and complaints are two questions even when they share every other word", () => {
    expect(
      oneStep("RAG", "What do customers praise about our support?", "What do customers complain about?"),
    ).toBe(false);
    expect(
      oneStep(
        "RAG",
        "What aspects of our support do customers praise most often?",
        "What do customers most often praise about our support?",
      ),
    ).toBe(true);
  });

  it("what caused it asks why", () => {
    expect(
      oneStep("RAG", "What caused these calls to be escalated?", "Why were these calls escalated?"),
    ).toBe(true);
    expect(
      oneStep("RAG", "What led to these calls being escalated?", "Why were these calls escalated?"),
    ).toBe(true);
  });
});
