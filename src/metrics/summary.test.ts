import fc from "fast-check";
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

  it("counts every verdict by the rules, whatever its flags (checked against a count written per metric)", () => {
    const flag = fc.constantFrom(true, false, null);
    const entry = fc.record({
      kind: fc.constantFrom("call", "no-call", "constrained"),
      lang: fc.constantFrom("en" as const, "ru" as const),
      passed: fc.boolean(),
      malformed: fc.boolean(),
      spurious: flag,
      tool_ok: flag,
      args_ok: flag,
      answer_ok: flag,
      bfcl: fc.option(fc.boolean(), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 30 }), (drawn) => {
        const testCases = drawn.map((d, i) =>
          d.kind === "call" ? callCase(`e${i}`, d.lang) : noCallCase(`e${i}`, d.kind === "constrained"),
        );
        const drawnVerdicts = drawn.map((d, i) =>
          verdict(`e${i}`, {
            passed: d.passed,
            malformed: d.malformed,
            spurious: d.spurious,
            tool_ok: d.tool_ok,
            args_ok: d.args_ok,
            answer_ok: d.answer_ok,
            ...(d.bfcl === undefined ? {} : { bfcl: { passed: d.bfcl, error_type: "", reason: "" } }),
          }),
        );
        const count = (keep: (d: (typeof drawn)[number]) => boolean) => drawn.filter(keep).length;
        const call = (d: (typeof drawn)[number]) => d.kind === "call";
        const summary = summarize(drawnVerdicts, testCases);
        expect(summary.passed).toBe(count((d) => d.passed));
        expect(summary.counts).toEqual({
          call_cases: count(call),
          call_passed: count((d) => call(d) && d.passed),
          no_call_cases: count((d) => !call(d)),
          no_call_passed: count((d) => !call(d) && d.passed),
          spurious: count((d) => !call(d) && d.spurious === true),
          tool_ok: count((d) => call(d) && d.tool_ok === true),
          args_ok: count((d) => call(d) && d.args_ok === true),
          constrained: count((d) => d.kind === "constrained"),
          answer_ok: count((d) => d.kind === "constrained" && d.answer_ok === true),
          malformed: count((d) => d.malformed),
        });
        // BFCL's verdict when the record has one; else the old rule: a malformed non-call on a no-call case passes.
        const bfclPassed = count((d) =>
          d.bfcl !== undefined ? d.bfcl : d.passed || (!call(d) && d.malformed && d.spurious !== true),
        );
        expect(summary.bfcl_compatible_score).toBe(drawn.length === 0 ? null : bfclPassed / drawn.length);
        // Groups count the same way: here by language (no-call cases are all English).
        for (const lang of ["en", "ru"] as const) {
          const inGroup = drawn.filter((d) => (call(d) ? d.lang : "en") === lang);
          const group = summary.by_lang[lang];
          if (inGroup.length === 0) expect(group).toBeUndefined();
          else {
            expect(group?.n).toBe(inGroup.length);
            expect(group?.counts.malformed).toBe(inGroup.filter((d) => d.malformed).length);
            expect(group?.counts.tool_ok).toBe(inGroup.filter((d) => call(d) && d.tool_ok === true).length);
          }
        }
      }),
    );
  });
});
