import { describe, expect, it } from "vitest";
import { callsFromValue } from "./call-shape.js";
import { extractCalls } from "./index.js";
import { extractJson } from "./json.js";
import { proseWithout } from "./prose.js";
import { contextFor } from "./test-support/context.js";

function read(text: string) {
  return extractJson(text, contextFor(text));
}
function calls(text: string) {
  return read(text).calls;
}

const WEATHER = { name: "get_weather", arguments: { city: "Berlin" } };
const toolNames = new Set(["get_time", "time"]);

describe("extractJson: where the object is", () => {
  it("reads a bare object", () => {
    expect(calls('{"name": "get_weather", "arguments": {"city": "Berlin"}}')).toEqual([WEATHER]);
  });

  it("reads a ```json fence and consumes the fence", () => {
    const text = 'Here:\n```json\n{"name": "get_weather", "arguments": {"city": "Berlin"}}\n```\nDone.';
    const result = read(text);
    expect(result.calls).toEqual([WEATHER]);
    expect(proseWithout(text, result.spans)).toBe("Here:\n\nDone.");
  });

  it("reads a plain ``` fence", () => {
    expect(calls('```\n{"name": "get_weather", "arguments": {"city": "Berlin"}}\n```')).toEqual([WEATHER]);
  });

  it("reads an object embedded in prose", () => {
    const text = 'Sure! {"name": "get_weather", "arguments": {"city": "Berlin"}} Let me know';
    const result = read(text);
    expect(result.calls).toEqual([WEATHER]);
    expect(proseWithout(text, result.spans)).toBe("Sure! Let me know");
  });

  it("reads several objects in order (Llama-3 separates them with ';')", () => {
    const text = '{"name": "a", "parameters": {"q": "1"}}; {"name": "b", "parameters": {}}';
    expect(calls(text)).toEqual([
      { name: "a", arguments: { q: "1" } },
      { name: "b", arguments: {} },
    ]);
  });

  it("reads a list of calls", () => {
    const text =
      '[{"name": "get_weather", "arguments": {"city": "Berlin"}}, {"name": "get_time", "arguments": {"timezone": "UTC"}}]';
    expect(calls(text).map((call) => call.name)).toEqual(["get_weather", "get_time"]);
  });
});

describe("extractJson: call shapes", () => {
  it("reads {tool_calls: [...]}", () => {
    expect(calls('{"tool_calls": [{"name": "get_weather", "arguments": {"city": "Berlin"}}]}')).toEqual([
      WEATHER,
    ]);
  });

  it("reads the OpenAI shape with string arguments", () => {
    const text =
      '{"tool_calls":[{"id":"call_1","type":"function","function":{"name":"get_weather","arguments":"{\\"city\\":\\"Berlin\\"}"}}]}';
    expect(calls(text)).toEqual([WEATHER]);
  });

  it("reads {function: {name, arguments}}", () => {
    expect(calls('{"function": {"name": "get_weather", "arguments": {"city": "Berlin"}}}')).toEqual([
      WEATHER,
    ]);
  });

  it("reads {function: name, arguments}", () => {
    expect(calls('{"function": "get_weather", "arguments": {"city": "Berlin"}}')).toEqual([WEATHER]);
  });

  it("reads Llama-3 {name, parameters}", () => {
    expect(calls('{"name": "get_weather", "parameters": {"city": "Berlin"}}')).toEqual([WEATHER]);
  });

  it("reads {tool, args} and {tool_name, arguments}", () => {
    expect(calls('{"tool": "get_weather", "args": {"city": "Berlin"}}')).toEqual([WEATHER]);
    expect(calls('{"tool_name": "get_weather", "arguments": {"city": "Berlin"}}')).toEqual([WEATHER]);
  });

  it("reads {type: function, name, ...} even without arguments", () => {
    expect(calls('{"type": "function", "name": "get_weather", "parameters": {"city": "Berlin"}}')).toEqual([
      WEATHER,
    ]);
    expect(calls('{"type": "function", "name": "ping"}')).toEqual([{ name: "ping", arguments: {} }]);
  });

  it("reads a {tool_call: {...}} wrapper", () => {
    expect(calls('{"tool_call": {"name": "get_weather", "parameters": {"city": "Berlin"}}}')).toEqual([
      WEATHER,
    ]);
  });

  it("reads Python-dict quoting, trailing commas and single quotes", () => {
    expect(calls("{'name': 'x', 'arguments': {'a': True, 'b': None,},}")).toEqual([
      { name: "x", arguments: { a: true, b: null } },
    ]);
  });

  it("keeps nested argument objects and parses arguments given as a JSON string", () => {
    expect(calls('{"name": "f", "arguments": {"config": {"pool": {"size": 10}}}}')).toEqual([
      { name: "f", arguments: { config: { pool: { size: 10 } } } },
    ]);
    expect(calls('{"name": "f", "arguments": "{\'a\': 1}"}')).toEqual([{ name: "f", arguments: { a: 1 } }]);
  });

  it("gives unusable arguments as an empty object", () => {
    expect(calls('{"name": "do_thing", "arguments": "hello"}')).toEqual([
      { name: "do_thing", arguments: {} },
    ]);
  });

  it("keeps names as written and trims them", () => {
    expect(calls('{"name": " calc ", "arguments": {"expression": "1+1"}}')).toEqual([
      { name: "calc", arguments: { expression: "1+1" } },
    ]);
  });
});

describe("extractJson: objects that are not calls", () => {
  it.each([
    ['{"answer": 42}'],
    ['The config is {"port": 8080, "debug": true}.'],
    ['{"name": "Alice", "age": 30}'],
    ['{"name": "toolWithoutParams"}'],
    ['{"parameters": {}}'],
    ['{"name": "", "arguments": {}}'],
    ["[1, 2, 3]"],
    ["{not json at all}"],
  ])("%s is not a call", (text) => {
    expect(calls(text)).toEqual([]);
  });

  it("skips data objects but keeps the call beside them", () => {
    expect(
      calls(
        '{"name": "get_weather", "parameters": {"city": "Berlin"}} The arguments were {"city": "Berlin"}',
      ),
    ).toEqual([WEATHER]);
  });

  it("does not read a truncated call", () => {
    expect(calls('{"name": "get_weather", "arguments": {"city": "Berlin"}')).toEqual([]);
  });
});

describe("callsFromValue", () => {
  it("accepts {name} alone only for an offered tool name or alias", () => {
    expect(callsFromValue({ name: "get_time" }, { toolNames })).toEqual([
      { name: "get_time", arguments: {} },
    ]);
    expect(callsFromValue({ name: "time" }, { toolNames })).toEqual([{ name: "time", arguments: {} }]);
    expect(callsFromValue({ name: "Alice" }, { toolNames })).toEqual([]);
  });

  it("skips list items that are not objects", () => {
    expect(callsFromValue([1, { name: "a", arguments: {} }, "x"], { toolNames })).toEqual([
      { name: "a", arguments: {} },
    ]);
  });
});

describe("string arguments that are not an object", () => {
  it("read as no usable arguments: the call was made, with {}", () => {
    const call = (args: string) =>
      extractCalls(JSON.stringify({ name: "calculator", arguments: args })).calls[0]?.arguments;
    expect(call("5")).toEqual({});
    expect(call('"hello"')).toEqual({});
    expect(call('{"expression": "2+2"}')).toEqual({ expression: "2+2" });
  });
});
