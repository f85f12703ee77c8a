/** The selftest can fail: each kind of broken grader is caught by the negative control made for it, naming the case. */
import { describe, expect, it } from "vitest";
import type { Case } from "./cases/schema.js";
import { grade } from "./grade/grade.js";
import type { Output } from "./grade/output.js";
import { SPEC1_RULES } from "./grade/rules.js";
import type { Verdict } from "./grade/verdict.js";
import { type ControlRow, selftest, selftestControls } from "./selftest.js";
import { TOOL_NAMES } from "./tools/catalogue.js";

const ALL = [...TOOL_NAMES];
const base = {
  lang: "en",
  difficulty: "easy" as const,
  tools: ALL,
  messages: [{ role: "user" as const, content: "…" }],
};
const CASES: Case[] = [
  {
    ...base,
    id: "get_weather-en-01",
    category: "get_weather",
    expect: { call: { name: "get_weather", arguments: { city: "Berlin" } } },
  },
  {
    ...base,
    id: "clarification-en-01",
    category: "clarification",
    expect: { no_call: "clarify", answer_contains_any: ["city"] },
  },
  {
    ...base,
    id: "negative-en-01",
    category: "negative",
    kind: "knowledge",
    expect: { no_call: "answer", answer_contains_all: ["Canberra"] },
  },
  {
    ...base,
    id: "negative-en-20",
    category: "negative",
    kind: "capability_trap",
    tools: ["calculator"],
    expect: { no_call: "refuse" },
  },
];

type Grader = (testCase: Case, output: Output) => Verdict;
const failing = (rows: ControlRow[]) =>
  Object.fromEntries(
    rows.filter((row) => !row.ok).map((row) => [`${row.control}/${row.protocol}`, row.passed]),
  );

describe("selftest negative controls", () => {
  it("all fail under the real grader, in every protocol, and the reference runners still agree", () => {
    expect(failing(selftestControls(CASES))).toEqual({});
    expect(selftest(CASES).every((row) => row.ok)).toBe(true);
  });

  it("catch a grader with argument comparison disabled", () => {
    const lenient: Grader = (c, o) => {
      const v = grade(c, o);
      return v.tool_ok && v.calls.length === 1 ? { ...v, passed: true } : v;
    };
    const failed = failing(selftestControls(CASES, { grade: lenient }));
    expect(Object.keys(failed)).toEqual([
      "wrong-argument/json",
      "wrong-argument/xml",
      "wrong-argument/plain",
      "wrong-argument/native",
    ]);
    expect(failed["wrong-argument/json"]).toEqual(["get_weather-en-01"]);
  });

  it("catch a grader that ignores the tool name", () => {
    const anyTool: Grader = (c, o) => {
      const v = grade(c, o);
      return v.tool_ok === false && v.calls.length === 1 ? { ...v, passed: true } : v;
    };
    expect(Object.keys(failing(selftestControls(CASES, { grade: anyTool })))).toContain("wrong-tool/json");
  });

  it("catch a grader that reads only the first call", () => {
    const firstOnly: Grader = (c, o) => {
      const v = grade(c, o);
      return v.tool_ok && v.args_ok ? { ...v, passed: true } : v;
    };
    expect(Object.keys(failing(selftestControls(CASES, { grade: firstOnly })))).toContain("extra-call/xml");
  });

  it("catch a grader that ignores spurious calls", () => {
    const blind: Grader = (c, o) => {
      const v = grade(c, o);
      return v.spurious ? { ...v, passed: true } : v;
    };
    expect(failing(selftestControls(CASES, { grade: blind }))["call-on-no-call/plain"]).toEqual([
      "clarification-en-01",
      "negative-en-01",
      "negative-en-20",
    ]);
  });

  it("catch a behaviour-blind grader (SPEC 1.0's abstention rule)", () => {
    const spec1: Grader = (c, o) => grade(c, o, SPEC1_RULES);
    const failed = failing(selftestControls(CASES, { grade: spec1 }));
    expect(failed["statement-on-clarify/json"]).toEqual(["clarification-en-01"]);
    expect(failed["statement-on-refuse/native"]).toEqual(["negative-en-20"]);
    expect(failed["question-on-answer/xml"]).toEqual(["negative-en-01"]);
  });
});
