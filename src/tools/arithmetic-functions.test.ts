import { describe, expect, it } from "vitest";
import { CONSTANTS, describeArity, FUNCTIONS } from "./arithmetic-functions.js";

describe("arithmetic whitelist", () => {
  it("holds exactly the documented functions and constants", () => {
    expect([...FUNCTIONS.keys()].sort()).toEqual([
      "abs",
      "ceil",
      "cos",
      "exp",
      "floor",
      "ln",
      "log",
      "log10",
      "log2",
      "max",
      "min",
      "pow",
      "round",
      "sin",
      "sqrt",
      "tan",
    ]);
    expect([...CONSTANTS.keys()].sort()).toEqual(["e", "pi", "π"]);
  });

  it("resolves no inherited object property", () => {
    expect(FUNCTIONS.get("constructor")).toBeUndefined();
    expect(FUNCTIONS.get("__proto__")).toBeUndefined();
    expect(CONSTANTS.get("toString")).toBeUndefined();
  });

  it("rounds half away from zero", () => {
    const round = FUNCTIONS.get("round");
    expect(round?.apply([0.5])).toBe(1);
    expect(round?.apply([-0.5])).toBe(-1);
    expect(round?.apply([1.25, 1])).toBe(1.3);
    expect(round?.apply([2, 16])).toBeNaN();
  });

  it("describes arities for messages", () => {
    expect(describeArity({ minArguments: 1, maxArguments: 1, apply: () => 0 })).toBe("1 argument");
    expect(describeArity({ minArguments: 1, maxArguments: 2, apply: () => 0 })).toBe("1 or 2 arguments");
    expect(describeArity({ minArguments: 1, maxArguments: Number.POSITIVE_INFINITY, apply: () => 0 })).toBe(
      "at least 1 argument",
    );
  });
});
