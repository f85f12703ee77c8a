import { describe, expect, it } from "vitest";
import type { Case } from "../cases/schema.js";
import { makeVerdict } from "../test-support/verdict.js";
import { summarize } from "./summary.js";

const callCase = (id: string, lang: "en" | "ru"): Case => ({
  id,
  lang,
  category: "calculator",
  difficulty: "easy",
  tools: ["calculator"],
  messages: [{ role: "user", content: id }],
  expect: { call: { name: "calculator", arguments: { expression: "1+1" } } },
});
const noCallCase = (id: string, constrained: boolean): Case => ({
  id,
  lang: "en",
  category: "negative",
  difficulty: "hard",
  kind: "knowledge",
  tools: ["calculator"],
  messages: [{ role: "user", content: id }],
  expect: constrained ? { no_call: "abstain", answer_contains_all: ["x"] } : { no_call: "abstain" },
});

const verdict = makeVerdict;

// Four call cases and four no-call cases, with every metric's numerator and denominator chosen by hand.
const cases = [
  callCase("c1", "en"),
  callCase("c2", "en"),
  callCase("c3", "ru"),
  callCase("c4", "ru"),
  noCallCase("n1", true),
  noCallCase("n2", true),
  noCallCase("n3", false),
  noCallCase("n4", false),
];
const verdicts = [
  verdict("c1", { passed: true, tool_ok: true, args_ok: true }),
  verdict("c2", { tool_ok: true, args_ok: false }),
  verdict("c3", { tool_ok: false, args_ok: false, malformed: true }),
  verdict("c4", { tool_ok: true, args_ok: true }), // right call, but two of them
  verdict("n1", { passed: true, spurious: false, answer_ok: true }),
  verdict("n2", { spurious: false, answer_ok: false }),
  verdict("n3", { spurious: true }),
  verdict("n4", { passed: true, spurious: false }),
];

describe("summarize", () => {
  const summary = summarize(verdicts, cases);

  it("computes the headline score and its Wilson interval", () => {
    expect(summary.n).toBe(8);
    expect(summary.passed).toBe(3);
    expect(summary.score).toBe(3 / 8);
    // Wilson 95% for 3/8, worked by hand from the formula: 0.136844 to 0.694258.
    expect(summary.score_ci[0]).toBeCloseTo(0.136844, 5);
    expect(summary.score_ci[1]).toBeCloseTo(0.694258, 5);
  });

  it("computes every secondary metric over its own denominator", () => {
    expect(summary.metrics).toEqual({
      call_accuracy: 1 / 4,
      abstention_accuracy: 2 / 4,
      spurious_call_rate: 1 / 4,
      tool_selection_accuracy: 3 / 4,
      args_exact_rate: 2 / 4,
      answer_constraint_rate: 1 / 2,
      malformed_rate: 1 / 8,
    });
  });

  it("breaks down by language, category, difficulty and protocol with the same formulas", () => {
    expect(Object.keys(summary.by_lang)).toEqual(["en", "ru"]);
    expect(summary.by_lang.ru?.metrics.call_accuracy).toBe(0);
    expect(summary.by_lang.en?.score).toBe(3 / 6);
    expect(summary.by_category.negative?.metrics.call_accuracy).toBeNull();
    expect(summary.by_difficulty.hard?.n).toBe(4);
    expect(summary.by_protocol.json?.passed).toBe(3);
  });

  it("reports null, not zero, for a metric with no denominator", () => {
    const empty = summarize([], cases);
    expect(empty.score).toBeNull();
    expect(empty.score_ci).toEqual([0, 1]);
    expect(Object.values(empty.metrics).every((m) => m === null)).toBe(true);
  });
});
