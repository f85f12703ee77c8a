import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { aliasKey, normaliseText } from "./text.js";

describe("normaliseText", () => {
  it.each([
    ["  Hello   World  ", "hello world"],
    ["Hello\n\tWorld", "hello world"],
    ["ПРИВЕТ, Мир", "привет, мир"],
    ["Ёлка ёжик", "елка ежик"],
    ['"Hello"', "hello"],
    ["'Hello'", "hello"],
    ["«Привет»", "привет"],
    ["“Hi”", "hi"],
    ["„Hallo“", "hallo"],
    ['"Hello."', "hello"],
    ['"Hello".', "hello"],
    ["«Привет!»…", "привет"],
    ["Really?!", "really"],
    ["Done;", "done"],
    ["ＦＵＬＬ　ＷＩＤＴＨ", "full width"],
    ["ﬁle", "file"],
    ["zero\u200Bwidth", "zerowidth"],
    ["non\u00A0breaking", "non breaking"],
    ["rock 'n' roll", "rock 'n' roll"],
    ["it's", "it's"],
    ["S’il vous plaît", "s'il vous plaît"],
    ["say “hi” twice", 'say "hi" twice'],
    ["3.5", "3.5"],
    ["", ""],
    ['""', ""],
  ])("%j → %j", (input, expected) => {
    expect(normaliseText(input)).toBe(expected);
  });

  it("keeps inner punctuation", () => {
    expect(normaliseText("Hello, world. Bye!")).toBe("hello, world. bye");
  });

  it("is idempotent", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 60 }), (input) => {
        const once = normaliseText(input);
        expect(normaliseText(once)).toBe(once);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("aliasKey", () => {
  it.each([
    ["st. petersburg", "st petersburg"],
    ["saint-petersburg", "saint petersburg"],
    ["нью-йорк", "нью йорк"],
    ["u.s. dollars", "us dollars"],
    ["a – b", "a b"],
    ["km/h", "km/h"],
    ["miles_per_hour", "miles per hour"],
    ["america/new_york", "america/new york"],
  ])("%j → %j", (input, expected) => {
    expect(aliasKey(input)).toBe(expected);
  });
});
