import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { numbersIn, withDigits } from "./numbers.js";

describe("withDigits", () => {
  it.each([
    ["twenty-five minutes", "en", "25 minutes"],
    ["four hundred and twelve times thirty-seven", "en", "412 times 37"],
    ["a hundred dollars", "en", "100 dollars"],
    ["twelve thousand, subtract", "en", "12000, subtract"],
    ["5 thousand", "en", "5000"],
    ["1,500 yen", "en", "1500 yen"],
    ["5k rupees", "en", "5000 rupees"],
    ["one two three", "en", "1 2 3"],
    ["сто двадцать пять", "ru", "125"],
    ["двенадцать тысяч четыреста", "ru", "12400"],
    ["полтора часа", "ru", "1.5 часа"],
    ["2,5 километра", "ru", "2.5 километра"],
    ["из пяти", "ru", "из 5"],
  ] as const)("%s → %s", (text, lang, want) => {
    expect(withDigits(text, lang)).toBe(want);
  });

  it("leaves text without number words as it was", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[b-df-hj-np-tv-z .,!?]{0,40}$/), (text) => {
        expect(withDigits(text, "en")).toBe(text);
      }),
    );
  });
});

describe("numbersIn", () => {
  it("reads the figures of a tool result", () => {
    expect(numbersIn("200 USD = 184.60 EUR")).toEqual([200, 184.6]);
    expect(numbersIn("Berlin: -3°C, wind 1,200 m")).toEqual([-3, 1200]);
  });
});
