import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ConstraintError, compileConstraint, foldAnswer, numberValue } from "./constraint.js";

const matches = (constraint: string | string[], text: string) =>
  compileConstraint(constraint).test(foldAnswer(text));

describe("answer constraints that mean what they say", () => {
  it("matches numbers by value on word boundaries, never inside a longer number (issue 13)", () => {
    expect(matches("30", "The answer is 300.")).toBe(false);
    expect(matches("1000", "В килобайте 10000 байт")).toBe(false);
    expect(matches("30", "It takes 30 minutes.")).toBe(true);
    expect(matches("30", "30.")).toBe(true);
    expect(matches("1989", "The wall fell in 1989, in November.")).toBe(true);
  });

  it("folds number formatting: 1 024, 1,024, 1024 and a no-break or thin space are one number", () => {
    for (const written of ["1 024", "1,024", "1024", "1\u00a0024", "1\u202f024"]) {
      expect(matches("1024", `A kibibyte is ${written} bytes.`)).toBe(true);
      expect(matches("1 024", `A kibibyte is ${written} bytes.`)).toBe(true);
    }
    expect(numberValue("3,5")).toBe(3.5);
    expect(numberValue("1,024")).toBe(1024);
    expect(numberValue("-4")).toBe(-4);
  });

  it("does not read identifiers or hyphenated words as numbers", () => {
    expect(matches("1024", "model v1024 is out")).toBe(false);
    expect(matches("1024", "1024x768 screens")).toBe(false);
    expect(matches("19", "COVID-19 started")).toBe(true);
    expect(matches("-4", "it is -4 degrees")).toBe(true);
  });

  it("needs a word start for phrases and a word end for short ones", () => {
    expect(matches("Au", "Its symbol is Au.")).toBe(true);
    expect(matches("Au", "Austria")).toBe(false);
    expect(matches("city", "velocity")).toBe(false);
    expect(matches("минут", "Сколько минуты?")).toBe(true);
    expect(matches("Austen", "Jane Austen's novel")).toBe(true);
  });

  it("accepts either script when a constraint lists both (negative-ru-01/04/07/19)", () => {
    const canberra = ["Канберр", "Canberra"];
    expect(matches(canberra, "Canberra")).toBe(true);
    expect(matches(canberra, "Столица Австралии — Канберра.")).toBe(true);
    expect(matches(["Толст", "Tolstoy"], "Leo Tolstoy")).toBe(true);
    expect(matches(["Эверест", "Джомолунгм", "Everest"], "Mount Everest")).toBe(true);
    expect(matches(canberra, "Sydney")).toBe(false);
  });

  it("folds dashes and quotes (save_note-ru-03: an em dash typed as a hyphen)", () => {
    expect(matches("встреча — завтра", "Встреча - завтра")).toBe(true);
    expect(matches("встреча - завтра", "Встреча – завтра")).toBe(true);
    expect(matches("«Война и мир»", '"Война и мир"')).toBe(true);
    expect(matches("don't", "Don’t")).toBe(true);
    expect(matches("ёлка", "ЕЛКА")).toBe(true);
  });

  it("refuses to compile a phrase with nothing to match on", () => {
    expect(() => compileConstraint("—")).toThrow(/expected a phrase with a letter or digit/);
    expect(() => compileConstraint(" ")).toThrow();
    expect(() => compileConstraint([])).toThrow(/at least one alternative/);
  });
});

describe("a phrase's pattern, built on the first text that holds the phrase", () => {
  it("builds for every phrase that compiles, and finds the phrase in its own text", () => {
    const phrase = fc.oneof(
      fc.string({ unit: "grapheme", minLength: 1 }),
      fc.string({ unit: "binary", minLength: 1 }),
      fc.stringMatching(/^[a-z.*+?^${}()|[\]\\/-]{1,8}$/),
    );
    let built = 0;
    fc.assert(
      fc.property(phrase, (written) => {
        let compiled: ReturnType<typeof compileConstraint>;
        try {
          compiled = compileConstraint(written);
        } catch (error) {
          expect(error).toBeInstanceOf(ConstraintError);
          return;
        }
        // The text is the phrase itself: the pattern is built (it cannot throw) and, a number aside, it matches.
        const text = foldAnswer(written).trim();
        expect(() => compiled.test(text)).not.toThrow();
        built++;
      }),
      { numRuns: 2000, seed: 28 },
    );
    expect(built).toBeGreaterThan(500);
  });

  it("is not built for a text without the phrase, and matches as before once built", () => {
    const compiled = compileConstraint(["Canberra", "Канберра"]);
    expect(compiled.test(foldAnswer("Sydney"))).toBe(false);
    expect(compiled.test(foldAnswer("It is Canberra."))).toBe(true);
    expect(compiled.test(foldAnswer("Это Канберра."))).toBe(true);
    expect(compiled.test(foldAnswer("xCanberra"))).toBe(false);
  });
});
