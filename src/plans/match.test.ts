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
