/**
 * `spec1` is SPEC 1.0 to the letter (issue 25, item 5): one test per rule of SPEC §3, graded through the profile
 * `tooluse grade --rules spec1` uses. The `tooluse` profile's extensions are shown beside it where they differ.
 */
import { describe, expect, it } from "vitest";
import type { Case, Expect, Protocol } from "../cases/schema.js";
import { TOOL_NAMES } from "../tools/catalogue.js";
import { gradingProfile } from "./profiles.js";

const spec1 = gradingProfile("spec1");
const tooluse = gradingProfile("tooluse");

function makeCase(id: string, expect: Expect): Case {
  const [category = "negative", lang = "en"] = id.split("-");
  return {
    id,
    lang,
    category,
    difficulty: "easy",
    ...(category === "negative" ? { kind: "knowledge" as const } : {}),
    tools: [...TOOL_NAMES],
    messages: [{ role: "user", content: "…" }],
    expect,
  };
}

const rome = makeCase("get_weather-en-01", { call: { name: "get_weather", arguments: { city: "Rome" } } });
const graded = (profile: typeof spec1, testCase: Case, output: string, protocol: Protocol = "json") =>
  profile.grade(testCase, { id: testCase.id, protocol, output });

describe("SPEC §3.1: the extractor chain, and only it", () => {
  it.each([
    [
      "an XML call block",
      "<tool_call><function=get_weather><parameter=city>Rome</parameter></function></tool_call>",
    ],
    ["a bare JSON object", '{"name": "get_weather", "arguments": {"city": "Rome"}}'],
    ["a fenced JSON object", '```json\n{"name": "get_weather", "arguments": {"city": "Rome"}}\n```'],
    [
      "a JSON object embedded in prose",
      'Checking: {"name": "get_weather", "arguments": {"city": "Rome"}} now.',
    ],
    [
      "the OpenAI tool_calls shape",
      '{"tool_calls": [{"type": "function", "function": {"name": "get_weather", "arguments": "{\\"city\\": \\"Rome\\"}"}}]}',
    ],
    ["function + string arguments", '{"function": "get_weather", "arguments": "{\\"city\\": \\"Rome\\"}"}'],
    ["the plain TOOL line", "TOOL get_weather | city=Rome"],
    ["a bare argument object whose keys identify one tool", '{"city": "Rome"}'],
  ])("reads %s", (_shape, output) => {
    expect(graded(spec1, rome, output).passed).toBe(true);
  });

  it("strips thinking blocks and ｜end▁of▁thinking｜ markers first", () => {
    const call = '{"name": "get_weather", "arguments": {"city": "Rome"}}';
    expect(graded(spec1, rome, `<think>maybe Paris?</think>${call}`).passed).toBe(true);
    expect(graded(spec1, rome, `Paris or Rome… Rome.｜end▁of▁thinking｜${call}`).passed).toBe(true);
  });

  it("lets the first extractor that yields a call win (XML before JSON)", () => {
    const output =
      '<tool_call><function=get_weather><parameter=city>Rome</parameter></function></tool_call>\n{"name": "get_time", "arguments": {"timezone": "UTC"}}';
    expect(graded(spec1, rome, output).calls).toEqual([{ name: "get_weather", arguments: { city: "Rome" } }]);
  });

  it("reads no Python-style call (tooluse does, and names the dialect)", () => {
    const output = 'get_weather(city="Rome")';
    expect(graded(spec1, rome, output)).toMatchObject({ passed: false, calls: [] });
    expect(graded(tooluse, rome, output)).toMatchObject({ passed: true, lenient: ["dialect=pythonic"] });
  });

  it("reads no GLM-4.5 arg_key block (tooluse does, and names the dialect)", () => {
    const output = "<tool_call>get_weather<arg_key>city</arg_key><arg_value>Rome</arg_value></tool_call>";
    expect(graded(spec1, rome, output)).toMatchObject({ passed: false, calls: [], malformed: true });
    expect(graded(tooluse, rome, output)).toMatchObject({ passed: true, lenient: ["dialect=glm"] });
  });

  it("reads no harmony call as such: its arguments are text for the chain (tooluse reads the call)", () => {
    const output =
      '<|channel|>commentary to=functions.get_time <|constrain|>json<|message|>{"city": "Rome"}<|call|>';
    // The body `{"city": "Rome"}` is a bare argument object: SPEC 1.0's chain reads it as get_weather.
    expect(graded(spec1, rome, output).calls).toEqual([{ name: "get_weather", arguments: { city: "Rome" } }]);
    expect(graded(tooluse, rome, output).calls).toEqual([{ name: "get_time", arguments: { city: "Rome" } }]);
  });

  it("reads the TOOL line in every protocol (tooluse only under plain)", () => {
    const trap = makeCase("negative-en-24", { no_call: "answer" });
    expect(graded(spec1, trap, "TOOL calculator | expression=1+1", "json").passed).toBe(false);
    expect(graded(tooluse, trap, "TOOL calculator | expression=1+1", "json").passed).toBe(true);
  });

  it("has no mention rule: a call in inline code or mid-sentence is a call", () => {
    const output = 'I would send `{"name": "get_weather", "arguments": {"city": "Rome"}}` but I will not.';
    expect(graded(spec1, rome, output).calls).toHaveLength(1);
    expect(graded(tooluse, rome, output).calls).toHaveLength(0);
  });

  it("requires exactly one call on a call case: two fail", () => {
    const one = '{"name": "get_weather", "arguments": {"city": "Rome"}}';
    expect(graded(spec1, rome, `[${one}, ${one}]`)).toMatchObject({ passed: false, calls: [{}, {}] });
  });
});

describe("tooluse names every dialect beyond the chain in the verdict", () => {
  it.each([
    ["pythonic", '[get_weather(city="Rome")]'],
    ["glm", "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Rome</arg_value>\n</tool_call>"],
    [
      "deepseek",
      '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"city": "Rome"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    ],
    [
      "harmony",
      '<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city": "Rome"}<|call|>',
    ],
  ])("%s", (dialect, output) => {
    expect(graded(tooluse, rome, output)).toMatchObject({
      passed: true,
      lenient: [`dialect=${dialect}`],
      reason: `correct call to get_weather (lenient: dialect=${dialect})`,
    });
  });

  it("and joins it to argument leniencies", () => {
    const madrid = makeCase("get_weather-en-03", {
      call: { name: "get_weather", arguments: { city: "Madrid" } },
    });
    expect(graded(tooluse, madrid, 'get_weather(city="Madrid, Spain")')).toMatchObject({
      lenient: ["city=city_region", "dialect=pythonic"],
      reason: "correct call to get_weather (lenient: city=city_region, dialect=pythonic)",
    });
  });
});

describe("SPEC §3.2: arguments compared per tool", () => {
  const calc = makeCase("calculator-en-01", {
    call: { name: "calculator", arguments: { expression: "45+12" } },
  });

  it("evaluates expressions, compares numbers with a tolerance and names through alias tables", () => {
    expect(
      graded(spec1, calc, '{"name": "calculator", "arguments": {"expression": "(45 + 12)"}}').passed,
    ).toBe(true);
    const timer = makeCase("set_timer-en-01", { call: { name: "set_timer", arguments: { seconds: 300 } } });
    expect(graded(spec1, timer, '{"name": "set_timer", "arguments": {"seconds": "300"}}').passed).toBe(true);
    const spb = makeCase("get_weather-ru-01", {
      call: { name: "get_weather", arguments: { city: "Saint Petersburg" } },
    });
    expect(graded(spec1, spb, '{"name": "get_weather", "arguments": {"city": "СПб"}}').passed).toBe(true);
  });

  it("tolerates extra parameters and flags them", () => {
    const verdict = graded(
      spec1,
      rome,
      '{"name": "get_weather", "arguments": {"city": "Rome", "unit": "celsius"}}',
    );
    expect(verdict).toMatchObject({ passed: true, extra: ["unit"] });
  });

  it("resolves tool-name aliases", () => {
    expect(graded(spec1, rome, '{"name": "weather", "arguments": {"city": "Rome"}}').passed).toBe(true);
  });
});

describe("SPEC §3.3: abstention", () => {
  it("passes a no-call case when no call is extracted, whatever the reply does (behaviour-blind)", () => {
    const clarify = makeCase("clarification-en-02", { no_call: "clarify" });
    expect(graded(spec1, clarify, "Timer set for 10 minutes.").passed).toBe(true);
    expect(graded(tooluse, clarify, "Timer set for 10 minutes.").passed).toBe(false);
    expect(graded(spec1, clarify, '{"name": "set_timer", "arguments": {"seconds": 600}}').passed).toBe(false);
  });

  it("checks answer constraints as case-insensitive substrings of the prose", () => {
    const thirty = makeCase("negative-en-29", { no_call: "answer", answer_contains_any: ["30"] });
    expect(graded(spec1, thirty, "It is 300.").passed).toBe(true);
    expect(graded(tooluse, thirty, "It is 300.").passed).toBe(false);
    const capital = makeCase("negative-en-01", { no_call: "answer", answer_contains_all: ["Canberra"] });
    expect(graded(spec1, capital, "<think>Sydney?</think>CANBERRA.").passed).toBe(true);
    expect(graded(spec1, capital, "<think>Canberra</think>Sydney.").passed).toBe(false);
  });
});
