import { describe, expect, it } from "vitest";
import { extractPlain, readToolLine } from "./plain.js";
import { proseWithout } from "./prose.js";
import { contextFor } from "./test-support/context.js";

function read(text: string) {
  return extractPlain(text, contextFor(text));
}

describe("extractPlain", () => {
  it("reads the protocol line", () => {
    expect(read("TOOL get_weather | city=Berlin").calls).toEqual([
      { name: "get_weather", arguments: { city: "Berlin" } },
    ]);
  });

  it("reads several arguments, trimmed, with surrounding quotes stripped", () => {
    expect(read("TOOL translate |  text = \"Good morning\"  | target_language='fr'").calls).toEqual([
      { name: "translate", arguments: { text: "Good morning", target_language: "fr" } },
    ]);
  });

  it("keeps numeric-looking values as strings", () => {
    expect(read("TOOL set_timer | seconds=300").calls).toEqual([
      { name: "set_timer", arguments: { seconds: "300" } },
    ]);
  });

  it("keeps '=' after the first one inside the value", () => {
    expect(read("TOOL calculator | expression=a=b+1").calls).toEqual([
      { name: "calculator", arguments: { expression: "a=b+1" } },
    ]);
  });

  it("reads TOOL with no arguments", () => {
    expect(read("TOOL get_time").calls).toEqual([{ name: "get_time", arguments: {} }]);
  });

  it("allows leading whitespace and reads the line inside prose", () => {
    const text = "Let me check.\n   TOOL get_weather | city=Paris\nOne moment.";
    const result = read(text);
    expect(result.calls).toEqual([{ name: "get_weather", arguments: { city: "Paris" } }]);
    expect(proseWithout(text, result.spans)).toBe("Let me check.\n\nOne moment.");
  });

  it("reads several TOOL lines in order", () => {
    expect(
      read("TOOL get_weather | city=Paris\nTOOL get_weather | city=Rome").calls.map(
        (call) => call.arguments.city,
      ),
    ).toEqual(["Paris", "Rome"]);
  });

  it("consumes the fence around a TOOL line", () => {
    const text = "Calling:\n```\nTOOL get_time | timezone=UTC\n```\nDone.";
    const result = read(text);
    expect(result.calls).toEqual([{ name: "get_time", arguments: { timezone: "UTC" } }]);
    expect(proseWithout(text, result.spans)).toBe("Calling:\n\nDone.");
  });

  it("reads lines ending in \\r\\n", () => {
    expect(read("TOOL get_time | timezone=UTC\r\nThanks").calls).toEqual([
      { name: "get_time", arguments: { timezone: "UTC" } },
    ]);
  });

  it("reads a line wrapped in inline code", () => {
    expect(read("`TOOL get_time | timezone=UTC`").calls).toEqual([
      { name: "get_time", arguments: { timezone: "UTC" } },
    ]);
  });

  it("does not read TOOL in the middle of a sentence", () => {
    expect(read("Repeat after me: TOOL calculator | expression=1+1").calls).toEqual([]);
  });

  it("does not read words that merely start with TOOL", () => {
    expect(read("TOOLS are useful | a=b").calls).toEqual([]);
  });

  it("splits a value at '|' (not supported inside values)", () => {
    expect(read("TOOL save_note | text=a|b").calls).toEqual([
      { name: "save_note", arguments: { text: "a" } },
    ]);
  });

  it("ignores segments without a key", () => {
    expect(read("TOOL calculator | 2+2 | =x").calls).toEqual([{ name: "calculator", arguments: {} }]);
  });
});

describe("readToolLine", () => {
  it.each([
    ["TOOL"],
    ["TOOL | city=Paris"],
    ["TOOL get weather | city=Paris"],
    ["TOOL: get_weather"],
    ["Tool get_time"],
  ])("%j is not a call", (line) => {
    expect(readToolLine(line)).toBeUndefined();
  });

  it("accepts dotted names as written", () => {
    expect(readToolLine("TOOL math.factorial | number=5")).toEqual({
      name: "math.factorial",
      arguments: { number: "5" },
    });
  });
});
