import { describe, expect, it } from "vitest";
import { CATALOGUE } from "./catalogue.js";
import {
  argumentMatches,
  DIGIT_GROUPING,
  NORMALISERS,
  normaliseArgument,
  parseNumber,
  valuesEqual,
} from "./normalise.js";
import type { NormalisedValue, NormaliserName, ToolParameter } from "./types.js";

const param = (normaliser: NormaliserName): ToolParameter => ({
  name: "x",
  type: "string",
  description: "",
  required: true,
  normaliser,
});

const str = (value: string): NormalisedValue => ({ kind: "string", value });
const num = (value: number): NormalisedValue => ({ kind: "number", value });

function normalised(name: NormaliserName, value: unknown): NormalisedValue {
  const result = NORMALISERS[name](value);
  if (result.kind === "invalid")
    throw new Error(`${name}(${JSON.stringify(value)}) is invalid: ${result.reason}`);
  return result;
}

function expectInvalid(name: NormaliserName, value: unknown): void {
  expect(NORMALISERS[name](value).kind, `${name}(${JSON.stringify(value)})`).toBe("invalid");
}

describe("registry", () => {
  it("has a normaliser for every name every catalogue parameter declares", () => {
    for (const tool of Object.values(CATALOGUE)) {
      for (const parameter of tool.parameters)
        expect(typeof NORMALISERS[parameter.normaliser]).toBe("function");
    }
  });

  it("normaliseArgument uses the parameter's normaliser", () => {
    expect(normaliseArgument(param("city"), "СПб")).toEqual(str("saint petersburg"));
    expect(normaliseArgument(param("number"), "300")).toEqual(num(300));
  });
});

describe("text", () => {
  it.each([
    ["  Hello   World. ", "hello world"],
    ["«Купить молоко»", "купить молоко"],
    ["Ёж", "еж"],
  ])("%j → %j", (input, expected) => {
    expect(normalised("text", input)).toEqual(str(expected));
  });

  it("stringifies numbers and booleans, refuses objects, arrays and null", () => {
    expect(normalised("text", 300)).toEqual(str("300"));
    expect(normalised("text", 2.5)).toEqual(str("2.5"));
    expect(normalised("text", true)).toEqual(str("true"));
    expectInvalid("text", { a: 1 });
    expectInvalid("text", ["a"]);
    expectInvalid("text", null);
    expectInvalid("text", undefined);
  });
});

describe("number", () => {
  it.each([
    [300, 300],
    [300.0, 300],
    ["300", 300],
    [" 300.0 ", 300],
    ["-12.5", -12.5],
    ["+7", 7],
    ["−7", -7],
    ["1e3", 1000],
    [".5", 0.5],
    ["2,5", 2.5],
    ["12,3456", 12.3456],
    ["0,75", 0.75],
  ])("%j → %d", (input, expected) => {
    expect(normalised("number", input)).toEqual(num(expected));
  });

  it("refuses anything that is not plainly a number", () => {
    for (const value of [
      "",
      "abc",
      "300 seconds",
      "$100",
      "1,00,000",
      "10 00",
      "0x10",
      "Infinity",
      "1..2",
      "5*60",
    ]) {
      expectInvalid("number", value);
    }
    for (const value of [true, false, null, undefined, {}, [300], Number.NaN, Number.POSITIVE_INFINITY]) {
      expectInvalid("number", value);
    }
  });

  // S4 (2.5.0): SPEC §3.2 reads numeric text as a number because a tool could; grouped digits no tool reads.
  it.each(["1,000", "1,000,000", "1,234.5", "12,500.50", "1 000", "1\u00A0000", "1 000 000,5", "-1,250"])(
    "refuses %j: digit grouping is no number a tool reads",
    (input) => {
      expect(NORMALISERS.number(input)).toEqual({ kind: "invalid", reason: DIGIT_GROUPING });
    },
  );

  it("parseNumber, which expressions fall back on, still reads grouped digits", () => {
    expect(parseNumber("17²")).toBeUndefined();
    expect(parseNumber("1,000")).toBe(1000);
    expect(parseNumber("2,5")).toBe(2.5);
    expect(parseNumber("nope")).toBeUndefined();
  });
});

describe("expression", () => {
  it("evaluates arithmetic so equal expressions normalise alike", () => {
    expect(normalised("expression", "45+12")).toEqual(num(57));
    expect(normalised("expression", "45 + 12")).toEqual(num(57));
    expect(normalised("expression", "(45+12)")).toEqual(num(57));
    expect(normalised("expression", 57)).toEqual(num(57));
    expect(normalised("expression", "57")).toEqual(num(57));
    expect(normalised("expression", "2^10")).toEqual(num(1024));
  });

  it("still reads numbers the arithmetic grammar leaves out", () => {
    expect(normalised("expression", "1 000")).toEqual(num(1000));
    expect(normalised("expression", "2,5")).toEqual(num(2.5));
  });

  it("is invalid, with the evaluator's reason, when not evaluable", () => {
    expect(NORMALISERS.expression("1/0")).toEqual({
      kind: "invalid",
      reason: "not evaluable: division by zero",
    });
    expectInvalid("expression", "9**9**9**9");
    expectInvalid("expression", "constructor");
    expectInvalid("expression", "x + 1");
    expectInvalid("expression", true);
    expectInvalid("expression", { expression: "1+1" });
  });
});

describe("boolean", () => {
  it.each([
    [true, "true"],
    [false, "false"],
    ["true", "true"],
    ["False", "false"],
    ["yes", "true"],
    ["No", "false"],
    [1, "true"],
    [0, "false"],
    ["1", "true"],
    ["да", "true"],
  ])("%j → %s", (input, expected) => {
    expect(normalised("boolean", input)).toEqual(str(expected));
  });

  it("refuses other values", () => {
    for (const value of ["maybe", 2, null, {}]) expectInvalid("boolean", value);
  });
});

describe("enum", () => {
  it("compares folded text", () => {
    expect(normalised("enum", " Celsius ")).toEqual(str("celsius"));
  });
});

describe("alias normalisers", () => {
  it.each<[NormaliserName, unknown, string]>([
    ["city", "СПб", "saint petersburg"],
    ["city", "в Петербурге", "saint petersburg"],
    ["city", "из Москвы", "moscow"],
    ["city", "in Berlin", "berlin"],
    ["city", "Нью-Йорк", "new york"],
    ["city", "Gotham City", "gotham city"],
    ["language", "английский", "en"],
    ["language", "на английский", "en"],
    ["language", "на английском языке", "en"],
    ["language", "с испанского", "es"],
    ["language", "into French", "fr"],
    ["language", "pt-BR", "pt"],
    ["language", "Klingon", "klingon"],
    ["currency", "$", "USD"],
    ["currency", "долларов", "USD"],
    ["currency", "в рублях", "RUB"],
    ["currency", "евро", "EUR"],
    ["currency", "zar", "ZAR"],
    ["unit", "градусов", "celsius"],
    ["unit", "°F", "fahrenheit"],
    ["unit", "в километрах", "kilometer"],
    ["unit", "in km", "kilometer"],
    ["unit", "in", "inch"],
    ["timezone", "Moscow", "Europe/Moscow"],
    ["timezone", "по Москве", "Europe/Moscow"],
    ["timezone", "по московскому времени", "Europe/Moscow"],
    ["timezone", "в Токио", "Asia/Tokyo"],
    ["timezone", "europe/berlin", "Europe/Berlin"],
    ["timezone", " Mars/Olympus_Mons ", "Mars/Olympus_Mons"],
    ["timezone", "Atlantis", "atlantis"],
  ])("%s(%j) → %j", (name, input, expected) => {
    expect(normalised(name, input)).toEqual(str(expected));
  });

  it("refuses objects", () => {
    expectInvalid("city", { name: "Paris" });
    expectInvalid("currency", ["USD"]);
  });
});

describe("valuesEqual", () => {
  it("compares numbers with a relative tolerance of 1e-6", () => {
    expect(valuesEqual(num(300), num(300.0))).toBe(true);
    expect(valuesEqual(num(1_000_000), num(1_000_000.5))).toBe(true);
    expect(valuesEqual(num(1_000_000), num(1_000_002))).toBe(false);
    expect(valuesEqual(num(0.1 + 0.2), num(0.3))).toBe(true);
    expect(valuesEqual(num(1), num(1.00001))).toBe(false);
    expect(valuesEqual(num(-5), num(5))).toBe(false);
  });

  it("needs exact equality at zero", () => {
    expect(valuesEqual(num(0), num(0))).toBe(true);
    expect(valuesEqual(num(0), num(-0))).toBe(true);
    expect(valuesEqual(num(0), num(1e-12))).toBe(false);
  });

  it("matches a number and a string only when the string is that number", () => {
    expect(valuesEqual(num(100), str("100"))).toBe(true);
    expect(valuesEqual(str("100.0"), num(100))).toBe(true);
    expect(valuesEqual(num(100), str("hundred"))).toBe(false);
  });

  it("compares strings exactly", () => {
    expect(valuesEqual(str("paris"), str("paris"))).toBe(true);
    expect(valuesEqual(str("paris"), str("Paris"))).toBe(false);
  });
});

describe("argumentMatches", () => {
  it("matches the spec's examples", () => {
    expect(argumentMatches(param("expression"), "45+12", "(45+12)")).toBe(true);
    expect(argumentMatches(param("expression"), "45+12", 57)).toBe(true);
    expect(argumentMatches(param("expression"), "57", "45 + 12")).toBe(true);
    expect(argumentMatches(param("number"), 300, "300")).toBe(true);
    expect(argumentMatches(param("number"), 300, 300.0)).toBe(true);
    expect(argumentMatches(param("number"), "100", 100)).toBe(true);
    expect(argumentMatches(param("city"), "Saint Petersburg", "СПб")).toBe(true);
    expect(argumentMatches(param("language"), "en", "английский")).toBe(true);
    expect(argumentMatches(param("currency"), "USD", "$")).toBe(true);
    expect(argumentMatches(param("currency"), "USD", "долларов")).toBe(true);
    expect(argumentMatches(param("unit"), "celsius", "градусов")).toBe(true);
    expect(argumentMatches(param("timezone"), "Europe/Moscow", "Moscow")).toBe(true);
    expect(argumentMatches(param("text"), "Buy milk", '"buy  milk."')).toBe(true);
  });

  it("tells different values apart", () => {
    expect(argumentMatches(param("expression"), "45+12", "45+13")).toBe(false);
    expect(argumentMatches(param("city"), "Paris", "London")).toBe(false);
    expect(argumentMatches(param("currency"), "USD", "EUR")).toBe(false);
    expect(argumentMatches(param("timezone"), "Europe/Moscow", "Europe/London")).toBe(false);
  });

  it("accepts any value of one_of", () => {
    const expected = { one_of: ["Europe/Moscow", "Europe/Kaliningrad"] };
    expect(argumentMatches(param("timezone"), expected, "Калининград")).toBe(true);
    expect(argumentMatches(param("timezone"), expected, "MSK")).toBe(true);
    expect(argumentMatches(param("timezone"), expected, "Tokyo")).toBe(false);
  });

  it("never matches an invalid actual value", () => {
    expect(argumentMatches(param("expression"), "1/0", "1/0")).toBe(false);
    expect(argumentMatches(param("number"), 300, undefined)).toBe(false);
    expect(argumentMatches(param("text"), "a", { text: "a" })).toBe(false);
  });
});
