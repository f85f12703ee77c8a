import { describe, expect, it } from "vitest";
import { UserError } from "../errors.js";
import { choice, choices, decimal, fraction, refuseConflicts, seconds, wholeNumber, words } from "./flags.js";

function message(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).exitCode).toBe(2);
    return (error as Error).message;
  }
  throw new Error("expected a UserError");
}

describe("wholeNumber", () => {
  it("accepts digits within bounds", () => {
    expect(wholeNumber("--limit", "3", { min: 1 })).toBe(3);
    expect(wholeNumber("--seed", " 0 ")).toBe(0);
    expect(wholeNumber("--n", "+7")).toBe(7);
  });
  it.each(["abc", "", " ", "1.5", "0.8x", "1e3", "-5", "0x10", "Infinity", "99999999999999999999"])(
    "refuses %j by name",
    (value) => {
      expect(message(() => wholeNumber("--concurrency", value, { min: 0 }))).toBe(
        `--concurrency: expected a whole number ≥ 0, got "${value}"`,
      );
    },
  );
  it("names both bounds", () => {
    expect(message(() => wholeNumber("--n", "11", { min: 1, max: 10 }))).toContain("from 1 to 10");
  });
});

describe("decimal, fraction, seconds", () => {
  it("accept plain decimals", () => {
    expect(decimal("--temperature", "0.7", { min: 0 })).toBe(0.7);
    expect(decimal("--t", ".5")).toBe(0.5);
    expect(fraction("--min-score", "0.8")).toBe(0.8);
    expect(fraction("--min-score", "1")).toBe(1);
    expect(seconds("--timeout", "1.5")).toBe(1500);
  });
  it.each(["abc", "0.8x", "-5", "1.2", "", "1e-1", "NaN"])("fraction refuses %j", (value) => {
    expect(message(() => fraction("--min-score", value))).toBe(
      `--min-score: expected a number from 0 to 1, got "${value}"`,
    );
  });
  it.each(["-5", "0", "abc", "", "0.0001", "1e3", "86401"])("seconds refuses %j", (value) => {
    expect(message(() => seconds("--timeout", value))).toContain(
      `--timeout: expected seconds greater than 0`,
    );
  });
});

describe("choice, choices, words", () => {
  it("accepts allowed words", () => {
    expect(choice("--thinking", "on", ["off", "on"])).toBe("on");
    expect(choices("--lang", "en, ru", ["en", "ru"])).toEqual(["en", "ru"]);
    expect(words("--ids", "a,b")).toEqual(["a", "b"]);
  });
  it("refuses unknown, empty and repeated items by name", () => {
    expect(message(() => choice("--thinking", "maybe", ["off", "on"]))).toBe(
      '--thinking: expected one of off, on, got "maybe"',
    );
    expect(message(() => choices("--lang", "en,,ru", ["en", "ru"]))).toContain("without empty items");
    expect(message(() => choices("--lang", "de", ["en", "ru"]))).toContain('"de"');
    expect(message(() => words("--ids", "a,a"))).toBe('--ids: "a" is listed twice');
  });
});

describe("refuseConflicts", () => {
  const rules = [
    { flag: "--resume", excludes: ["--backend", "--out"], because: "a resumed run keeps its own" },
  ];
  it("names both flags and the reason", () => {
    expect(message(() => refuseConflicts(new Set(["--resume", "--out"]), rules))).toBe(
      "--resume cannot be combined with --out: a resumed run keeps its own",
    );
  });
  it("lets either flag alone through", () => {
    refuseConflicts(new Set(["--resume"]), rules);
    refuseConflicts(new Set(["--out", "--backend"]), rules);
  });
});
