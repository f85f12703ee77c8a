/**
 * Blind set 14's shape classes (issue 25, round 4b), each as its rule says (docs/spec-conformance.md E2 M1, E8, §3.1
 * dialects; docs/reply-roles.md O), hand-checked through `grade`; the examples are written here, with a control each.
 */
import { describe, expect, it } from "vitest";
import { loadCases } from "../cases/load.js";
import type { Case, Protocol } from "../cases/schema.js";
import { DEFAULT_CASES_FILE } from "../paths.js";
import { grade } from "./grade.js";

const cases = new Map(loadCases(DEFAULT_CASES_FILE).map((c) => [c.id, c]));
const caseOf = (id: string) => cases.get(id) as Case;
const verdict = (id: string, protocol: Protocol, output: string) =>
  grade(caseOf(id), { id, protocol, output });

describe("M1 across lines: a sentence that runs through a shape on its own lines", () => {
  const block = '{"name": "get_weather", "arguments": {"city": "Rome"}}';
  it("is a mention when the line before breaks off and the line after goes on in lower case", () => {
    const v = verdict(
      "negative-en-01",
      "json",
      `The capital is Canberra. A call like\n\n${block}\n\nis not needed here.`,
    );
    expect(v).toMatchObject({ calls: [], malformed: false, passed: true });
    const ru = verdict(
      "negative-en-01",
      "xml",
      `Столица — Канберра. Примечание: вызов\n<tool_call><function=web_search><parameter=query>столица</parameter></function></tool_call>\nздесь не нужен.`,
    );
    expect(ru.calls).toEqual([]);
  });
  it("stays a call when the line before ends a clause or the line after starts a sentence (controls)", () => {
    expect(verdict("get_weather-en-01", "json", `Checking now:\n${block}`).calls).toHaveLength(1);
    expect(
      verdict("get_weather-en-01", "json", `Let me check\n${block}\nI'll report back.`).calls,
    ).toHaveLength(1);
  });
});

describe("E8: a TOOL line cut inside a value", () => {
  it("is a malformed attempt when a bracket opens and never closes", () => {
    expect(verdict("calculator-en-01", "plain", "TOOL calculator | expression=sqrt(72")).toMatchObject({
      calls: [],
      malformed: true,
    });
  });
  it("stays a call when its brackets close (control)", () => {
    expect(verdict("calculator-en-01", "plain", "TOOL calculator | expression=(45+12)").calls).toHaveLength(
      1,
    );
  });
});

describe("pythonic calls after a template token", () => {
  it("reads `<|python_tag|>name(...)` and Llama 3.1's built-in `name.call(...)`", () => {
    for (const output of [
      '<|python_tag|>calculator(expression="45+12")',
      '<|python_tag|>calculator.call(expression="45+12")',
    ])
      expect(verdict("calculator-en-01", "json", output)).toMatchObject({
        passed: true,
        lenient: ["dialect=pythonic"],
      });
  });
  it("still needs an offered tool's name (control)", () => {
    expect(verdict("calculator-en-01", "json", '<|python_tag|>brave_search.call(query="x")').calls).toEqual(
      [],
    );
  });
});

describe("a bare word of assent asked for is an offer, not a request", () => {
  it("keeps a refusal with an offer a refusal", () => {
    const v = verdict(
      "negative-ru-10",
      "plain",
      "Вызвать такси я не могу — такого инструмента нет. Могу сохранить напоминание, если хотите. Скажите — сохраню.",
    );
    expect(v.behaviour).toBe("refusal");
  });
});
