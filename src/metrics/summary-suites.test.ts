import { describe, expect, it } from "vitest";
import type { Case } from "../cases/schema.js";
import { makeVerdict } from "../test-support/verdict.js";
import { bfclCompatibleLine, summarize } from "./summary.js";

const tool = { name: "f", parameters: { type: "object" as const, properties: {} } };
const make = (id: string, expect: Case["expect"]): Case => ({
  id,
  lang: "zh",
  category: "imported",
  tools: [tool],
  messages: [{ role: "user", content: id }],
  expect,
});
const verdict = makeVerdict;

const cases = [
  make("parallel", {
    calls: [
      { name: "f", arguments: {} },
      { name: "f", arguments: {} },
    ],
  }),
  make("relevance", { any_call: true }),
  make("irrelevance", { no_call: "abstain" }),
  { ...make("constrained", { no_call: "abstain", answer_contains_all: ["Canberra"] }), lang: "en" },
];

describe("summarize: imported suites", () => {
  it("counts `calls` and `any_call` cases among call cases, and leaves cases without difficulty out of by_difficulty", () => {
    const summary = summarize(
      [
        verdict("parallel", { passed: true, tool_ok: true, args_ok: true }),
        verdict("relevance", { tool_ok: false, args_ok: false }),
        verdict("irrelevance", { passed: true, spurious: false }),
        verdict("constrained", { spurious: false, answer_ok: true, passed: true }),
      ],
      cases,
    );
    expect(summary.counts).toMatchObject({ call_cases: 2, call_passed: 1, no_call_cases: 2, constrained: 1 });
    expect(summary.by_difficulty).toEqual({});
    expect(Object.keys(summary.by_lang)).toEqual(["en", "zh"]);
  });

  it("computes the BFCL-compatible score: a malformed attempt on a no-call case counts as an abstention", () => {
    const verdicts = [
      verdict("parallel", { malformed: true, tool_ok: false, args_ok: false }),
      verdict("relevance", { passed: true, tool_ok: true, args_ok: true }),
      // Ours fails both malformed attempts; BFCL counts them as abstentions (and has no answer constraints).
      verdict("irrelevance", { passed: false, spurious: false, malformed: true }),
      verdict("constrained", { spurious: false, answer_ok: false, malformed: true }),
    ];
    const summary = summarize(verdicts, cases);
    expect(summary.score).toBe(1 / 4);
    expect(summary.bfcl_compatible_score).toBe(3 / 4);
    expect(summary.by_lang.en?.bfcl_compatible_score).toBe(1);
    expect(bfclCompatibleLine(summary)).toMatch(/^BFCL-compatible score 0\.750 /);
    expect(bfclCompatibleLine({ score: 0.5, bfcl_compatible_score: 0.5 })).toBe("");
  });
});
