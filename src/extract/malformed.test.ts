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
