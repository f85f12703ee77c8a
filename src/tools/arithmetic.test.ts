import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluateExpression, MAX_EXPRESSION_LENGTH, MAX_NESTING_DEPTH } from "./arithmetic.js";

function evaluated(text: string): number {
  const result = evaluateExpression(text);
  if (!result.ok) throw new Error(`expected "${text}" to evaluate, got: ${result.reason}`);
  return result.value;
}

function expectRefused(text: string): string {
  const result = evaluateExpression(text);
  expect(result.ok, `"${text.slice(0, 60)}" should be refused`).toBe(false);
  return result.ok ? "" : result.reason;
}

describe("evaluateExpression: arithmetic", () => {
  it.each([
    ["45+12", 57],
    ["45 + 12", 57],
    ["(45+12)", 57],
    ["(45 + 12) * 3", 171],
    ["2 + 3 * 4", 14],
    ["(2 + 3) * 4", 20],
    ["10 - 4 - 3", 3],
    ["100 / 10 / 5", 2],
    ["7 / 2", 3.5],
    ["2 * 3 % 4", 2],
    ["-5 + 2", -3],
    ["+5", 5],
    ["--5", 5],
    ["3 - -2", 5],
    ["1e3", 1000],
    ["2.5E-1", 0.25],
    [".5 + 5.", 5.5],
    ["0.1 + 0.2", 0.30000000000000004],
  ])("%s = %d", (text, expected) => {
    expect(evaluated(text)).toBe(expected);
  });

  it("treats ** and ^ as the same right-associative power", () => {
    expect(evaluated("2^10")).toBe(1024);
    expect(evaluated("2**10")).toBe(1024);
    expect(evaluated("2**3**2")).toBe(512);
    expect(evaluated("2^3^2")).toBe(512);
    expect(evaluated("2**-1")).toBe(0.5);
  });

  it("binds power tighter than a unary minus on its left, as Python does", () => {
    expect(evaluated("-2**2")).toBe(-4);
    expect(evaluated("(-2)**2")).toBe(4);
    expect(evaluated("-2^2")).toBe(-4);
  });

  it("uses floored (Python) modulo and has no percent operator", () => {
    expect(evaluated("17 % 5")).toBe(2);
    expect(evaluated("-7 % 3")).toBe(2);
    expect(evaluated("7 % -3")).toBe(-2);
    expect(evaluated("7.5 % 2")).toBe(1.5);
    expectRefused("15%");
    expectRefused("15% of 200");
  });

  it("maps typographic operators", () => {
    expect(evaluated("3 × 4")).toBe(12);
    expect(evaluated("3 · 4")).toBe(12);
    expect(evaluated("12 ÷ 4")).toBe(3);
    expect(evaluated("10 − 4")).toBe(6);
    expect(evaluated("2 × π")).toBeCloseTo(2 * Math.PI, 12);
  });

  it("accepts any whitespace, including non-breaking spaces and newlines", () => {
    expect(evaluated(" \t45\u00A0+\n12 ")).toBe(57);
  });
});

describe("evaluateExpression: superscript powers", () => {
  it.each([
    ["17²", 289],
    ["2¹⁰", 1024],
    ["17² - 9", 280],
    ["(1+2)³", 27],
  ])("%s = %d, never the digits NFKC would make of it", (expression, value) => {
    expect(evaluateExpression(expression)).toEqual({ ok: true, value });
  });
});

describe("evaluateExpression: functions and constants", () => {
  it.each([
    ["sqrt(16)", 4],
    ["abs(-3.5)", 3.5],
    ["floor(2.7)", 2],
    ["floor(-2.5)", -3],
    ["ceil(2.1)", 3],
    ["round(2.5)", 3],
    ["round(-2.5)", -3],
    ["round(2.4)", 2],
    ["round(3.14159, 2)", 3.14],
    ["round(1234, -2)", 1200],
    ["log(1000)", 3],
    ["log(8, 2)", 3],
    ["log10(100)", 2],
    ["log2(1024)", 10],
    ["ln(1)", 0],
    ["exp(0)", 1],
    ["sin(0)", 0],
    ["cos(0)", 1],
    ["tan(0)", 0],
    ["min(3, 1, 2)", 1],
    ["max(3, 1, 2)", 3],
    ["max(7)", 7],
    ["pow(2, 10)", 1024],
    ["SQRT(16)", 4],
    ["sqrt(3**2 + 4**2)", 5],
    ["max(1, min(5, 9), abs(-4))", 5],
  ])("%s = %d", (text, expected) => {
    expect(evaluated(text)).toBe(expected);
  });

  it("knows pi, π and e (in any case)", () => {
    expect(evaluated("pi")).toBe(Math.PI);
    expect(evaluated("π")).toBe(Math.PI);
    expect(evaluated("PI")).toBe(Math.PI);
    expect(evaluated("e")).toBe(Math.E);
    expect(evaluated("ln(e)")).toBe(1);
    expect(evaluated("sin(pi / 2)")).toBe(1);
  });

  it("refuses wrong arities, unknown functions and functions used as values", () => {
    expect(expectRefused("max()")).toBe("max() takes at least 1 argument, got 0");
    expect(expectRefused("pow(2)")).toBe("pow() takes 2 arguments, got 1");
    expect(expectRefused("sqrt(1, 2)")).toBe("sqrt() takes 1 argument, got 2");
    expectRefused("round(2.5, 0.5)");
    expectRefused("factorial(5)");
    expectRefused("sqrt");
    expectRefused("pi(2)");
  });
});

describe("evaluateExpression: refusals", () => {
  it("refuses results that are not finite numbers", () => {
    expect(expectRefused("1/0")).toBe("division by zero");
    expect(expectRefused("5 % 0")).toBe("modulo by zero");
    expectRefused("0/0");
    expectRefused("sqrt(-1)");
    expectRefused("log(0)");
    expectRefused("log(10, 1)");
    expectRefused("(-8)**(1/3)");
    expectRefused("10**400");
    expectRefused("1e999");
    expectRefused("exp(1000)");
    expectRefused("1e308 * 10");
    expectRefused("-1e308 - 1e308");
  });

  it("refuses towering powers quickly", () => {
    const started = performance.now();
    expect(expectRefused("9**9**9**9")).toBe("the power is not finite");
    expectRefused("2**1e9");
    expectRefused("2^2^2^2^2^2");
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("refuses names that would mean something to JavaScript", () => {
    for (const text of ["constructor", "__proto__", "toString", "process.exit()", "globalThis", "eval(1)"]) {
      expectRefused(text);
    }
    expect(expectRefused("constructor")).toBe('unknown name "constructor" at 0');
    expect(expectRefused("x + 1")).toBe('unknown name "x" at 0');
    expect(expectRefused("Function('return 1')()")).toMatch(/unexpected character/);
  });

  it("refuses malformed syntax", () => {
    for (const text of [
      "",
      "   ",
      "1 +",
      "* 2",
      "(1 + 2",
      "1 + 2)",
      "()",
      "2 3",
      "2pi",
      "2(3)",
      "1e",
      "1.2.3",
      "1,5",
      "sqrt(1,)",
      "45+12=",
      "1 ** ** 2",
      "[1]",
      "1; 2",
      "'1'",
    ]) {
      expectRefused(text);
    }
    expect(expectRefused("")).toBe("empty expression");
    expect(expectRefused("1 +")).toBe("unexpected end of expression");
  });

  it("refuses input longer than the limit before reading it", () => {
    const megabyte = "1+".repeat(512 * 1024);
    const started = performance.now();
    expect(expectRefused(megabyte)).toBe(`expression longer than ${MAX_EXPRESSION_LENGTH} characters`);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(evaluated(`${"1+".repeat(4999)}1`)).toBe(5000);
  });

  it("refuses 100k nested parentheses and nesting deeper than the limit", () => {
    expectRefused(`${"(".repeat(100_000)}1${")".repeat(100_000)}`);
    const deep = MAX_NESTING_DEPTH + 1;
    expect(expectRefused(`${"(".repeat(deep)}1${")".repeat(deep)}`)).toMatch(/nested deeper/);
    expectRefused(`${"-".repeat(5000)}1`);
    expectRefused(`${"sqrt(".repeat(deep)}1${")".repeat(deep)}`);
    const shallow = MAX_NESTING_DEPTH - 5;
    expect(evaluated(`${"(".repeat(shallow)}1${")".repeat(shallow)}`)).toBe(1);
  });
});

describe("evaluateExpression: properties", () => {
  // A bound that catches runaway work (seconds), not a speed target: the machine running tests may be loaded.
  const BUDGET_MS = 1000;

  function neverThrowsAndIsQuick(text: string): void {
    const started = performance.now();
    const result = evaluateExpression(text);
    expect(performance.now() - started).toBeLessThan(BUDGET_MS);
    expect(typeof result.ok).toBe("boolean");
    if (result.ok) expect(Number.isFinite(result.value)).toBe(true);
    else expect(result.reason.length).toBeGreaterThan(0);
  }

  it("never throws on arbitrary strings", () => {
    fc.assert(fc.property(fc.string({ unit: "binary", maxLength: 300 }), neverThrowsAndIsQuick), {
      numRuns: 2000,
    });
  });

  it("never throws on strings of its own alphabet", () => {
    const piece = fc.constantFrom(
      ..."0123456789.eE+-*/%^(),  ×÷−π".split(""),
      "**",
      "sqrt(",
      "log(",
      "max(",
      "round(",
      "pi",
      "1e308",
      "constructor",
    );
    const expression = fc.array(piece, { maxLength: 400 }).map((pieces) => pieces.join(""));
    fc.assert(fc.property(expression, neverThrowsAndIsQuick), { numRuns: 3000 });
  });

  it("never throws on deep nesting of its own alphabet", () => {
    const nested = fc
      .tuple(
        fc.integer({ min: 0, max: 3000 }),
        fc.constantFrom("(", "-", "sqrt(", "2**"),
        fc.string({ maxLength: 20 }),
      )
      .map(([depth, opener, middle]) => opener.repeat(depth) + middle + ")".repeat(depth));
    fc.assert(fc.property(nested, neverThrowsAndIsQuick), { numRuns: 300 });
  });
});
