/**
 * Blind set 5's three classes (issue 25; docs/spec-conformance.md E9–E11), hand-checked one rule at a time through
 * `grade`, as `tooluse grade` reads a reply, English and Russian. Every "attempt"/"mention" expectation here failed
 * on the grader before (main at db3b71b: each was read as a correct call or a plain answer); the controls beside them
 * held there and hold now.
 */
import { describe, expect, it } from "vitest";
import type { Case, Protocol } from "../cases/schema.js";
import { grade } from "./grade.js";
import { SPEC1_RULES } from "./rules.js";
import { ATTEMPT, CALL, MENTION, weatherCase as weather } from "./test-support/synthetic-cases.js";

function verdictOf(c: Case, output: string, protocol: Protocol = "json") {
  const v = grade(c, { id: c.id, protocol, output });
  return { passed: v.passed, malformed: v.malformed, calls: v.calls.length, lenient: v.lenient ?? [] };
}

describe("E9: a repaired JSON call is a call under tooluse, never a silent one; an attempt under spec1", () => {
  const cases: [string, string, string][] = [
    ["en", "Rome", `{"name": "get_weather", "arguments": {"city": "Rome"},}`],
    ["en", "Rome", `{name: "get_weather", arguments: {city: "Rome"}}`],
    ["en", "Rome", `{'name': 'get_weather', 'arguments': {'city': 'Rome'}}`],
    ["en", "Rome", `{"name": "get_weather", "arguments": {"city": "Rome", "unit": None}}`],
    ["en", "Rome", `{"name": "get_weather", "arguments": {"city": "Rome"}}}`],
    ["en", "Rome", `<tool_call>\n{'name': 'get_weather', 'arguments': {'city': 'Rome'}}\n</tool_call>`],
    ["ru", "Берлин", `Сейчас проверю:\n{'name': 'get_weather', 'arguments': {'city': 'Берлин'}}`],
    ["en", "Rome", `{"name": "get_weather", "arguments": "{'city': 'Rome'}"}`],
    [
      "ru",
      "Берлин",
      `{"type": "function", "function": {"name": "get_weather", "arguments": "{\\"city\\": \\"Берлин\\",}"}}`,
    ],
    ["ru", "Берлин", '```json\n{"name": "get_weather", "arguments": {"city": "Берлин",}}\n```'],
  ];
  it.each(cases)("%s: %s — %s", (lang, city, output) => {
    const c = weather(lang as "en" | "ru", city);
    expect(verdictOf(c, output)).toMatchObject({ ...CALL, lenient: ["json=repaired"] });
    expect(grade(c, { id: c.id, protocol: "json", output }).reason).toContain("(lenient: json=repaired)");
    const strict = grade(c, { id: c.id, protocol: "json", output }, SPEC1_RULES);
    expect({ passed: strict.passed, malformed: strict.malformed, calls: strict.calls.length }).toEqual(
      ATTEMPT,
    );
  });

  it("spec1 reads JSON objects too: a repaired text is none, and the call is an attempt", () => {
    const c = weather("en", "Rome");
    const v = grade(
      c,
      { id: c.id, protocol: "json", output: `{'name': 'get_weather', 'arguments': {'city': 'Rome'}}` },
      SPEC1_RULES,
    );
    expect({ passed: v.passed, malformed: v.malformed }).toEqual({ passed: false, malformed: true });
  });

  it("control: OpenAI's standard string arguments are the call", () => {
    const output = JSON.stringify({ name: "get_weather", arguments: JSON.stringify({ city: "Rome" }) });
    expect(verdictOf(weather("en", "Rome"), output)).toMatchObject(CALL);
  });

  it("controls: standard JSON is the call; a Python dict inside a Python-style call is the named pythonic dialect", () => {
    expect(
      verdictOf(weather("en", "Rome"), `{"name": "get_weather", "arguments": {"city": "Rome"}}`),
    ).toMatchObject(CALL);
    const py = verdictOf(weather("ru", "Берлин"), `[get_weather(city='Берлин', options={'metric': True})]`);
    expect(py).toMatchObject(CALL);
    expect(py.lenient).toContain("dialect=pythonic");
  });

  it("a repaired call shown in a disowning frame is a mention, not an attempt", () => {
    const output = `I would call it like this:\n{'name': 'get_weather', 'arguments': {'city': 'Rome'}}`;
    expect(verdictOf(weather("en", "Rome"), output)).toMatchObject(MENTION);
  });
});

describe("E10: a disowning frame makes the shape a mention; a plain preface keeps the call", () => {
  const call = (city: string) => `{"name": "get_weather", "arguments": {"city": "${city}"}}`;
  const mentions: [string, string, string][] = [
    ["en", "Rome", `I would call the calculator tool like this:\n\n${call("Rome")}`],
    ["en", "Rome", `Tool call for reference (not executed):\n<tool_call>\n${call("Rome")}\n</tool_call>`],
    ["en", "Rome", `I'd run:\n\nget_weather(city="Rome")\n\nWould you like me to?`],
    ["en", "Rome", `Here's the command format I would use:\n${call("<city>")}`],
    ["en", "Rome", `Here's the command format I would use:\n${call("CITY_NAME")}`],
    ["en", "Rome", `Here it is:\n${call("...")}`],
    ["ru", "Берлин", `Для этого используйте такой вызов:\nTOOL get_weather | city=Берлин`],
    ["ru", "Берлин", `Для этого используйте такой вызов:\n${call("Берлин")}`],
    ["ru", "Берлин", `get_weather(city="Берлин")\n\nХотите, чтобы я это сделал?`],
    ["ru", "Берлин", `Вызов:\n${call("YOUR_CITY")}`],
  ];
  it.each(mentions)("%s mention: %s — %s", (lang, city, output) => {
    const protocol: Protocol = output.includes("TOOL ") ? "plain" : "json";
    expect(verdictOf(weather(lang as "en" | "ru", city), output, protocol)).toMatchObject(MENTION);
  });

  const kept: [string, string, string][] = [
    ["en", "Rome", `Sure, I'll check that:\n${call("Rome")}`],
    ["en", "Rome", `Calling the tool now:\n${call("Rome")}`],
    ["en", "Rome", `Let me look that up.\n\n${call("Rome")}`],
    ["ru", "Берлин", `Вызываю инструмент:\n${call("Берлин")}`],
    ["ru", "Берлин", `Сейчас проверю:\nTOOL get_weather | city=Берлин`],
    ["en", "CITY", `Checking:\n${call("CITY")}`],
  ];
  it.each(kept)("%s call: %s — %s", (lang, city, output) => {
    const protocol: Protocol = output.includes("TOOL ") ? "plain" : "json";
    expect(verdictOf(weather(lang as "en" | "ru", city), output, protocol)).toMatchObject(CALL);
  });
});

describe("E11: a broken structure is a malformed attempt", () => {
  const broken: [string, string, Protocol][] = [
    ["misnested", `<tool_call><parameter=city>Rome</parameter><function=get_weather></tool_call>`, "xml"],
    ["glm key without value", `<tool_call>get_weather\n<arg_key>city</arg_key>\n</tool_call>`, "xml"],
    ["TOOL line without |", `TOOL get_weather city=Rome`, "plain"],
    ["keyed by the tool's name", `{"get_weather": {"city": "Rome"}}`, "json"],
    ["ru: keyed by the tool's name", `Проверяю:\n{"get_weather": {"city": "Rome"}}`, "json"],
  ];
  it.each(broken)("%s", (_name, output, protocol) => {
    expect(verdictOf(weather("en", "Rome"), output, protocol)).toMatchObject(ATTEMPT);
  });

  it("a native call with an empty name is an attempt; the named one is the call", () => {
    const c = weather("en", "Rome");
    const native = (name: string) =>
      JSON.stringify({
        content: null,
        tool_calls: [{ id: "1", type: "function", function: { name, arguments: '{"city": "Rome"}' } }],
      });
    expect(verdictOf(c, native(""), "native")).toMatchObject(ATTEMPT);
    expect(verdictOf(c, native("get_weather"), "native")).toMatchObject(CALL);
  });

  it("controls: the well-formed shapes are calls, and spec1 keeps 1.0's reading of the broken ones", () => {
    const c = weather("en", "Rome");
    expect(
      verdictOf(
        c,
        `<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Rome</arg_value>\n</tool_call>`,
        "xml",
      ),
    ).toMatchObject(CALL);
    expect(verdictOf(c, `TOOL get_weather | city=Rome`, "plain")).toMatchObject(CALL);
    const spec1 = grade(
      c,
      {
        id: c.id,
        protocol: "xml",
        output: `<tool_call><parameter=city>Rome</parameter><function=get_weather></tool_call>`,
      },
      SPEC1_RULES,
    );
    expect(spec1.malformed).toBe(false);
    expect(spec1.calls.length).toBe(1);
  });

  it("a tool-keyed object in prose about data is no attempt (a sentence, E2)", () => {
    const output = `The cache holds {"get_weather": {"city": "Rome"}} from yesterday, so I can't say more.`;
    expect(verdictOf(weather("en", "Rome"), output)).toMatchObject(MENTION);
  });
});
