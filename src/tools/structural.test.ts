import { describe, expect, it } from "vitest";
import { compareArgument, matchExpected } from "./structural.js";
import type { JsonSchemaNode } from "./types.js";

const ok = (schema: JsonSchemaNode | undefined, expected: unknown, actual: unknown) =>
  matchExpected(schema, expected, actual, "arg").ok;

describe("matchExpected: scalars by type", () => {
  it("compares numbers with a relative tolerance of 1e-6, from numbers or numeric text", () => {
    const number = { type: "number" as const };
    expect(ok(number, 300, 300.0000001)).toBe(true);
    expect(ok(number, 300, "300.0")).toBe(true);
    expect(ok(number, 0.1, 0.1001)).toBe(false);
    expect(ok({ type: "integer" }, "5", 5)).toBe(true);
    expect(ok(number, 5, "five")).toBe(false);
  });

  it("compares booleans from values or words", () => {
    const boolean = { type: "boolean" as const };
    expect(ok(boolean, true, "true")).toBe(true);
    expect(ok(boolean, false, "False")).toBe(true);
    expect(ok(boolean, true, false)).toBe(false);
    expect(ok({ type: "string" }, true, "yes")).toBe(true);
  });

  it("compares free text case- and whitespace-insensitively, and enums as text", () => {
    expect(ok({ type: "string" }, "San Francisco, CA", "  san  francisco, ca. ")).toBe(true);
    expect(ok({ type: "string", enum: ["Kitchen", "Patio"] }, "Kitchen", "kitchen")).toBe(true);
    expect(ok({ type: "string" }, "San Francisco, CA", "San Francisco CA")).toBe(false);
  });

  it("accepts what the XML reader typed: numbers and JSON structures spelled as text", () => {
    expect(ok({ type: "string" }, "1.50", 1.5)).toBe(true);
    expect(ok({ type: "string" }, '{"a": 1}', { a: 1 })).toBe(true);
    expect(ok({ type: "string" }, "null", null)).toBe(true);
  });

  it("matches null only to null (or the word, as text protocols write it)", () => {
    expect(ok({ type: "string" }, null, null)).toBe(true);
    expect(ok({ type: "string" }, null, "null")).toBe(true);
    expect(ok({ type: "string" }, null, "")).toBe(false);
  });
});

describe("matchExpected: arrays and objects", () => {
  const list = { type: "array" as const, items: { type: "number" as const } };
  it("compares arrays element-wise and in order, including arrays sent as text", () => {
    expect(ok(list, [3, 5], [3.0, 5])).toBe(true);
    expect(ok(list, [3, 5], "[3, 5]")).toBe(true);
    expect(ok({ type: "array" }, ["a", "b"], "['a', 'b']")).toBe(true);
    expect(ok(list, [3, 5], [5, 3])).toBe(false);
    expect(ok(list, [3, 5], [3, 5, 7])).toBe(false);
    expect(ok(list, [], [])).toBe(true);
  });

  const budget: JsonSchemaNode = {
    type: "object",
    properties: { min: { type: "integer" }, max: { type: "integer" }, currency: { type: "string" } },
  };
  it("compares objects key-wise, with alternatives and optional keys inside, and reports extra keys as paths", () => {
    const expected = {
      min: 300000,
      max: { one_of: [400000, 450000] },
      currency: { one_of: ["USD"], optional: true },
    };
    expect(matchExpected(budget, expected, { min: "300000", max: 450000 }, "budget")).toEqual({
      ok: true,
      extra: [],
    });
    expect(matchExpected(budget, expected, { min: 300000, max: 400000, note: "x" }, "budget")).toEqual({
      ok: true,
      extra: ["budget.note"],
    });
    expect(ok(budget, expected, { min: 300000, max: 400000, currency: "EUR" })).toBe(false);
    expect(ok(budget, expected, { max: 400000 })).toBe(false);
    expect(ok(budget, expected, '{"min": 300000, "max": 400000}')).toBe(true);
  });

  it("compares arrays of objects element by element", () => {
    const people = [
      { name: "李雷", age: 18 },
      { name: "李丽", age: 21 },
    ];
    expect(
      ok(undefined, people, [
        { name: "李雷", age: "18" },
        { name: "李丽", age: 21 },
      ]),
    ).toBe(true);
    expect(ok(undefined, people, [people[1], people[0]])).toBe(false);
  });
});

describe("matchExpected: alternatives", () => {
  it("accepts any listed value; an empty optional list accepts no present value", () => {
    expect(ok({ type: "string" }, { one_of: ["m", "meters"] }, "Meters")).toBe(true);
    expect(ok({ type: "string" }, { one_of: ["m", "meters"] }, "feet")).toBe(false);
    expect(ok({ type: "number" }, { one_of: [], optional: true }, 0.1)).toBe(false);
  });
});

describe("compareArgument", () => {
  it("keeps catalogue parameters on their declared normaliser", () => {
    const city = {
      name: "city",
      type: "string" as const,
      description: "",
      required: true,
      normaliser: "city" as const,
    };
    expect(compareArgument(city, "Saint Petersburg", "СПб").ok).toBe(true);
  });

  it("compares defined parameters structurally", () => {
    const numbers = {
      name: "numbers",
      type: "array" as const,
      description: "",
      required: true,
      normaliser: "text" as const,
      schema: { type: "array" as const, items: { type: "number" as const } },
    };
    expect(compareArgument(numbers, [1, 2], "[1.0, 2.0]").ok).toBe(true);
  });
});
