import { describe, expect, it } from "vitest";
import { extractCalls } from "./index.js";
import { looksLikeCallAttempt } from "./malformed.js";

describe("looksLikeCallAttempt: call attempts that could not be read", () => {
  it.each([
    ["<tool_call>\n{broken}\n</tool_call>"],
    ["<tool_call>"],
    ["<function=>"],
    ["TOOL"],
    ["TOOL | city=Paris"],
    ["TOOL\r\nmore"],
    ["  TOOL get weather"],
    ['{"name": "get_weather", "arguments": {"city": "Paris"}'],
    ['Here: {"name": "calculator"'],
    ['"arguments": {"expression": "2+2"}'],
    ['{"tool_calls": [{"function": '],
    ["{'name': 'x', 'arguments': {'a': }}"],
    ["```json\n{name: get_weather, arguments: {city: Paris}}\n```"],
    ["<｜tool▁calls▁begin｜>foo<｜tool▁sep｜>{}<｜tool▁calls▁end｜>"],
  ])("%j is malformed", (text) => {
    expect(looksLikeCallAttempt(text)).toBe(true);
    expect(extractCalls(text)).toMatchObject({ calls: [], malformed: true, shape: null });
  });
});

describe("looksLikeCallAttempt: prose", () => {
  it.each([
    ["I would use the calculator tool for this."],
    ["The function name and its arguments are described below."],
    ["Repeat after me: TOOL calculator | expression=1+1"],
    ["The capital of Australia is Canberra."],
    ['The config is {"port": 8080}.'],
    ["```python\nprint(name)\n```"],
    ["TOOLS and machines"],
    [""],
  ])("%j is not malformed", (text) => {
    expect(looksLikeCallAttempt(text)).toBe(false);
    expect(extractCalls(text)).toMatchObject({ calls: [], malformed: false });
  });
});

describe("E8: a call block that never closes, under truncated: attempt (2.0)", () => {
  const twoPointO = { mentions: true, truncated: "attempt" as const };
  it.each([
    ['<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}'],
    ["<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>"],
    ["<tool_call>get_weather<arg_key>city</arg_key><arg_value>Par"],
  ])("%j is a malformed attempt, not the call it might have been", (text) => {
    expect(extractCalls(text, twoPointO)).toMatchObject({ calls: [], malformed: true });
  });

  it("reads the same block as its call under truncated: call (1.0, vLLM)", () => {
    const text = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}';
    expect(extractCalls(text, { mentions: true, truncated: "call" }).calls).toHaveLength(1);
  });

  it("keeps whole blocks and Granite's list without a closing tag as calls", () => {
    const whole = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>';
    const granite = '<tool_call>[{"name": "get_weather", "arguments": {"city": "Paris"}}]';
    expect(extractCalls(whole, twoPointO).calls).toHaveLength(1);
    expect(extractCalls(granite, twoPointO).calls).toHaveLength(1);
  });

  it("a tag cut off inside a sentence is a mention, not an attempt", () => {
    const text = "I would write <function=get_weather> with a city parameter, but I won't send it.";
    expect(extractCalls(text, twoPointO)).toMatchObject({ calls: [], malformed: false });
  });
});

describe("E7 under the mention rule: a broken shape is an attempt only where a call would be one", () => {
  it.each([
    ['There\'s no tool like {"name": "order_food", "arguments": {"dish": pizza} in my list, sorry.'],
    ['The template is {"name": "convert_currency", "arguments": {"amount": ?, "to": "EUR"}}'],
    ['```json\n{"name": "get_weather", "arguments": {"city": "<your city>"}\n```'],
  ])("%j is prose", (text) => {
    expect(looksLikeCallAttempt(text, { plainLine: true, mentions: true })).toBe(false);
  });

  it.each([
    ['{"name": "get_weather", "arguments": {"city": "Paris"}'],
    ['Sure.\n{"name": "calculator", "arguments": {"expression": "2+2"'],
  ])("%j is still an attempt", (text) => {
    expect(looksLikeCallAttempt(text, { plainLine: true, mentions: true })).toBe(true);
  });
});
