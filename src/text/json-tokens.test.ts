import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isJsonSpace, isSpace } from "./chars.js";
import { escapeAt, numberAt, skipSpaces, wordAt } from "./json-tokens.js";

describe("the shared tokens of JSON-like text", () => {
  it("reads numbers and bare words where they start, and nothing elsewhere", () => {
    expect(numberAt("x: -12.5e3,", 3)).toBe("-12.5e3");
    expect(numberAt("x: -", 3)).toBeUndefined();
    expect(wordAt('T2S("a")', 0)).toBe("T2S");
    expect(wordAt("call_id-2 ", 0)).toBe("call_id-2");
    expect(wordAt("2x", 0)).toBeUndefined();
  });

  it("decodes escapes, and leaves a broken one to the reader", () => {
    expect(escapeAt("\\n", 0)).toEqual({ value: "\n", end: 2 });
    expect(escapeAt('\\"', 0)).toEqual({ value: '"', end: 2 });
    expect(escapeAt("\\u00e9!", 0)).toEqual({ value: "é", end: 6 });
    expect(escapeAt("\\u00g9", 0)).toBeNull();
    expect(escapeAt("a\\", 1)).toBeNull();
  });

  it("skips JSON's spaces strictly, or with the no-break space for the lenient readers", () => {
    expect(skipSpaces(" \t\u00a0x", 0, isJsonSpace)).toBe(2);
    expect(skipSpaces(" \t\u00a0x", 0)).toBe(3);
    expect(isSpace(0xa0) && !isJsonSpace(0xa0)).toBe(true);
  });

  it("never throws and never moves backwards", () => {
    fc.assert(
      fc.property(fc.string(), fc.nat(40), (text, at) => {
        const decoded = escapeAt(text, at);
        if (decoded) expect(decoded.end).toBeGreaterThan(at);
        expect(skipSpaces(text, at)).toBeGreaterThanOrEqual(Math.min(at, text.length));
        numberAt(text, at);
        wordAt(text, at);
      }),
    );
  });
});
