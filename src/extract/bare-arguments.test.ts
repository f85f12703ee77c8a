import { describe, expect, it } from "vitest";
import { CATALOGUE } from "../tools/catalogue.js";
import { extractBareArguments, toolForKeys } from "./bare-arguments.js";
import { contextFor, customTool, NINE_TOOLS } from "./test-support/context.js";

function calls(text: string, tools = NINE_TOOLS) {
  return extractBareArguments(text, contextFor(text, tools)).calls;
}

describe("toolForKeys", () => {
  it("identifies the one tool whose required keys are present and which has every key", () => {
    expect(toolForKeys(["city"], NINE_TOOLS)).toBe("get_weather");
    expect(toolForKeys(["city", "unit"], NINE_TOOLS)).toBe("get_weather");
    expect(toolForKeys(["value", "from_unit", "to_unit"], NINE_TOOLS)).toBe("convert_units");
    expect(toolForKeys(["text", "target_language"], NINE_TOOLS)).toBe("translate");
  });

  it("gives {text} to save_note, since translate also requires target_language", () => {
    expect(toolForKeys(["text"], NINE_TOOLS)).toBe("save_note");
  });

  it("gives nothing when two tools fit", () => {
    const tools = [CATALOGUE.save_note, customTool("post_message", ["text"])];
    expect(toolForKeys(["text"], tools)).toBeUndefined();
  });

  it("gives nothing when a required key is missing or a key is unknown", () => {
    expect(toolForKeys(["unit"], NINE_TOOLS)).toBeUndefined();
    expect(toolForKeys(["city", "country"], NINE_TOOLS)).toBeUndefined();
    expect(toolForKeys([], NINE_TOOLS)).toBeUndefined();
  });

  it("only considers the offered tools", () => {
    expect(toolForKeys(["city"], [CATALOGUE.calculator])).toBeUndefined();
  });
});

describe("extractBareArguments", () => {
  it("reads {city} as get_weather", () => {
    expect(calls('{"city": "Paris"}')).toEqual([{ name: "get_weather", arguments: { city: "Paris" } }]);
  });

  it("reads a fenced or embedded object, with Python quoting", () => {
    expect(calls("Calling now:\n```json\n{'expression': '2+2'}\n```")).toEqual([
      { name: "calculator", arguments: { expression: "2+2" } },
    ]);
  });

  it("yields no call for an ambiguous key set", () => {
    expect(calls('{"text": "hi"}', [CATALOGUE.save_note, customTool("post_message", ["text"])])).toEqual([]);
  });

  it("yields no call for objects that fit no tool", () => {
    expect(calls('{"answer": 42}')).toEqual([]);
    expect(calls("{}")).toEqual([]);
    expect(calls('[{"city": "Paris"}]')).toEqual([]);
  });

  it("reads an object after a prose colon, but not one that is the value of a quoted key", () => {
    expect(calls('Here you go: {"city": "Paris"}')).toEqual([
      { name: "get_weather", arguments: { city: "Paris" } },
    ]);
    expect(calls('"arguments": {"city": "Paris"}')).toEqual([]);
  });

  it("does not read the inside of a broken call", () => {
    expect(calls('{"name": "get_weather", "arguments": {"city": "Paris"}')).toEqual([]);
    expect(calls('<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}</tool_call>')).toEqual(
      [],
    );
  });
});
