import { describe, expect, it } from "vitest";
import { createFinder, findFences, findJsonSpans, widenToFence } from "./scanner.js";

function texts(text: string): string[] {
  return findJsonSpans(text).map((span) => text.slice(span.start, span.end));
}

describe("findJsonSpans", () => {
  it("finds outermost objects and arrays in prose, in order", () => {
    expect(texts('Sure! {"a": {"b": 1}} and [1, 2] done')).toEqual(['{"a": {"b": 1}}', "[1, 2]"]);
  });

  it("ignores brackets inside double-quoted strings", () => {
    expect(texts('{"q": "test {value} [complex]"}')).toEqual(['{"q": "test {value} [complex]"}']);
  });

  it("respects escaped quotes", () => {
    expect(texts('{"t": "He said \\"}\\""} x')).toEqual(['{"t": "He said \\"}\\""}']);
  });

  it("reads single-quoted strings where a JSON token may start", () => {
    expect(texts("{'a': 'x}y'}")).toEqual(["{'a': 'x}y'}"]);
  });

  it("does not treat a prose apostrophe inside braces as a string", () => {
    expect(texts('{it\'s} then {"b": 2}')).toEqual(["{it's}", '{"b": 2}']);
  });

  it("marks spans inside a bracket that never closes as orphans", () => {
    const spans = findJsonSpans('{"name": "x", "arguments": {"a": 1}');
    expect(spans).toEqual([{ start: 27, end: 35, orphan: true }]);
  });

  it("breaks open brackets on a mismatched closer and keeps scanning", () => {
    expect(texts('{"a": [1} {"b": 2}')).toEqual(['{"b": 2}']);
  });

  it("caps the number of spans and their size", () => {
    expect(findJsonSpans("{}".repeat(100), { maxSpans: 3 })).toHaveLength(3);
    expect(findJsonSpans(`{"a": "${"x".repeat(50)}"} {}`, { maxSize: 10 })).toEqual([
      { start: 60, end: 62, orphan: false },
    ]);
  });

  it("ignores quotes at depth 0", () => {
    expect(texts('He said "hi {there}"')).toEqual(["{there}"]);
  });
});

describe("findFences", () => {
  it("pairs fences and records the info string and body", () => {
    const text = 'a\n```json\n{"x": 1}\n```\nb';
    const [fence] = findFences(text);
    expect(fence?.info).toBe("json");
    expect(text.slice(fence?.bodyStart, fence?.bodyEnd)).toBe('{"x": 1}\n');
    expect(text.slice(fence?.start, fence?.end)).toBe('```json\n{"x": 1}\n```');
  });

  it("runs an unclosed fence to the end", () => {
    const text = "```\nopen";
    expect(findFences(text)).toEqual([{ start: 0, end: 8, info: "", bodyStart: 4, bodyEnd: 8 }]);
  });

  it("widens a span inside a fence body to the whole fence", () => {
    const text = 'x ```json\n{"a": 1}\n``` y';
    const fences = findFences(text);
    expect(widenToFence({ start: 10, end: 18 }, fences)).toEqual({ start: 2, end: 22 });
    expect(widenToFence({ start: 0, end: 1 }, fences)).toEqual({ start: 0, end: 1 });
  });
});

describe("createFinder", () => {
  it("answers like indexOf for forward-moving searches", () => {
    const find = createFinder("a<b>a<b>");
    expect(find("<b>", 0)).toBe(1);
    expect(find("<b>", 1)).toBe(1);
    expect(find("<b>", 2)).toBe(5);
    expect(find("<c>", 0)).toBe(-1);
    expect(find("<c>", 3)).toBe(-1);
  });
});
