import { describe, expect, it } from "vitest";
import { hasConstraints, unmetConstraints } from "./answer.js";

describe("answer constraints", () => {
  it("checks every `all` string case-insensitively", () => {
    expect(unmetConstraints("The capital is CANBERRA.", { answer_contains_all: ["canberra"] })).toEqual([]);
    expect(unmetConstraints("Sydney", { answer_contains_all: ["Canberra"] })).toEqual(['missing "Canberra"']);
  });

  it("needs one `any` string", () => {
    expect(unmetConstraints("2 + 2 = four", { answer_contains_any: ["4", "four"] })).toEqual([]);
    expect(unmetConstraints("five", { answer_contains_any: ["4", "four"] })).toEqual(['none of "4", "four"']);
  });

  it("folds ё to е and Cyrillic case", () => {
    expect(unmetConstraints("Столица — КАНБЕРРА", { answer_contains_all: ["Канберр"] })).toEqual([]);
    expect(unmetConstraints("Её ответ", { answer_contains_all: ["ее"] })).toEqual([]);
  });

  it("treats missing or empty lists as unconstrained", () => {
    expect(hasConstraints({})).toBe(false);
    expect(hasConstraints({ answer_contains_all: [] })).toBe(false);
    expect(hasConstraints({ answer_contains_any: ["x"] })).toBe(true);
    expect(unmetConstraints("anything", {})).toEqual([]);
  });
});
