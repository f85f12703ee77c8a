import { describe, expect, it } from "vitest";
import { extractDeepSeek } from "./deepseek.js";
import { proseWithout } from "./prose.js";
import { contextFor } from "./test-support/context.js";

function read(text: string) {
  return extractDeepSeek(text, contextFor(text));
}

const V3_CALL =
  '<｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"city": "Tokyo", "unit": "celsius"}\n```<｜tool▁call▁end｜>';

describe("extractDeepSeek", () => {
  it("reads the V3 form: name after the separator, arguments in a fence", () => {
    expect(read(`<｜tool▁calls▁begin｜>${V3_CALL}<｜tool▁calls▁end｜>`).calls).toEqual([
      { name: "get_weather", arguments: { city: "Tokyo", unit: "celsius" } },
    ]);
  });

  it("reads the V3.1 form: name before the separator, bare JSON after it", () => {
    const text =
      'some prefix<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>foo<｜tool▁sep｜>{"x":1}<｜tool▁call▁end｜><｜tool▁call▁begin｜>bar<｜tool▁sep｜>{"y":2}<｜tool▁call▁end｜><｜tool▁calls▁end｜> suffix';
    const result = read(text);
    expect(result.calls).toEqual([
      { name: "foo", arguments: { x: 1 } },
      { name: "bar", arguments: { y: 2 } },
    ]);
    expect(proseWithout(text, result.spans)).toBe("some prefix suffix");
  });

  it("reads a call truncated before its end marker", () => {
    expect(read('<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>foo<｜tool▁sep｜>{"x":1}').calls).toEqual([
      { name: "foo", arguments: { x: 1 } },
    ]);
  });

  it("yields nothing for broken arguments or missing call markers", () => {
    expect(
      read(
        '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"city": "Tokyo"\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
      ).calls,
    ).toEqual([]);
    expect(read('<｜tool▁calls▁begin｜>foo<｜tool▁sep｜>{"x":1}<｜tool▁calls▁end｜>').calls).toEqual([]);
    expect(read("Let me look that up.<｜tool▁calls▁begin｜>get_weather").calls).toEqual([]);
  });
});
