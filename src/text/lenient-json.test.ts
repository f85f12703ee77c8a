import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseLenient } from "./lenient-json.js";

function read(text: string): unknown {
  const result = parseLenient(text);
  return result.ok ? result.value : "<failed>";
}

describe("parseLenient", () => {
  it("reads standard JSON", () => {
    expect(read('{"a": [1, 2.5, -3e2], "b": null, "c": "\\u00e9\\n"}')).toEqual({
      a: [1, 2.5, -300],
      b: null,
      c: "é\n",
    });
  });

  it("reads Python-dict quoting and literals", () => {
    expect(read("{'name': 'x', 'arguments': {'a': True, 'b': None, 'c': False}}")).toEqual({
      name: "x",
      arguments: { a: true, b: null, c: false },
    });
  });

  it("keeps double quotes inside single-quoted strings and reads escaped single quotes", () => {
    expect(read("{'t': 'He said \"hi\"', 'u': 'it\\'s'}")).toEqual({ t: 'He said "hi"', u: "it's" });
  });

  it("keeps apostrophes inside double-quoted strings", () => {
    expect(read('{"t": "it\'s", \'u\': 1,}')).toEqual({ t: "it's", u: 1 });
  });

  it("accepts trailing commas", () => {
    expect(read('{"a": [1, 2,], "b": 3,}')).toEqual({ a: [1, 2], b: 3 });
  });

  it("accepts bare identifier keys and raw newlines in strings", () => {
    expect(read('{city: "Paris\nFrance"}')).toEqual({ city: "Paris\nFrance" });
  });

  it("keeps __proto__ as an own key instead of a prototype", () => {
    const value = read("{'__proto__': {'polluted': 1}}") as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(["__proto__"]);
    expect((value as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it.each([
    ['{"a": 1'],
    ["{'a': }"],
    ["{a: Paris}"],
    ['{"a": 1} trailing'],
    ["[1 2]"],
    ["'unterminated"],
    ['{"a": "\\u12"}'],
    [""],
  ])("fails on %j", (text) => {
    expect(parseLenient(text).ok).toBe(false);
  });

  it("fails instead of overflowing on deep nesting", () => {
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    expect(() => parseLenient(deep)).not.toThrow();
    const alsoDeep = `${"{'a':".repeat(10_000)}1${"}".repeat(10_000)}`;
    expect(parseLenient(alsoDeep).ok).toBe(false);
  });
});

describe("parseLenient agrees with JSON.parse on standard JSON (property)", () => {
  it("reads any serialised JSON value exactly as JSON.parse does", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (value, pretty) => {
        const text = JSON.stringify(value, null, pretty ? 2 : undefined);
        expect(parseLenient(text)).toEqual({ ok: true, value: JSON.parse(text) });
      }),
      { numRuns: 1000 },
    );
  });
});
