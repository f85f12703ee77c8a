import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { markdownText, terminalText, truncate } from "./sanitize.js";

// biome-ignore lint/suspicious/noControlCharactersInRegex: the test looks for control characters.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe("terminalText", () => {
  it.each([
    ["ESC[2J clear screen", "a\u001b[2Jb", "a␛[2Jb"],
    ["CSI colour", "\u001b[31mred\u001b[0m", "␛[31mred␛[0m"],
    ["OSC 8 hyperlink", "\u001b]8;;http://x\u0007link\u001b]8;;\u0007", "␛]8;;http://x␇link␛]8;;␇"],
    ["8-bit CSI", "\u009b31m", "\ufffd31m"],
    ["newline and tab", "a\nb\r\nc\td", "a b c d"],
    ["bidi override", "abc\u202edef", "abc\ufffddef"],
    ["DEL and NUL", "a\u007fb\u0000", "a␡b␀"],
  ])("%s", (_name, input, expected) => {
    expect(terminalText(input)).toBe(expected);
  });

  it("keeps line breaks when asked for a block", () => {
    expect(terminalText("a\u001b[Hb\nc", { multiline: true })).toBe("a␛[Hb\nc");
  });

  it("never leaves a control character, for any input", () => {
    fc.assert(fc.property(fc.string({ unit: "binary" }), (text) => !CONTROL.test(terminalText(text))));
  });
});

describe("markdownText", () => {
  it("escapes what would end a cell or open markup", () => {
    expect(markdownText("a|b")).toBe("a\\|b");
    expect(markdownText("a\\|b")).toBe("a\\\\\\|b");
    expect(markdownText("<script>alert(1)</script>")).toBe("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(markdownText("x\ny")).toBe("x y");
    expect(markdownText("`code`")).toBe("\\`code\\`");
  });

  it("never leaves an unescaped pipe, raw tag or line break", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        const safe = markdownText(text);
        return !CONTROL.test(safe) && !/[<>\n]/.test(safe) && !/(^|[^\\])(\\\\)*\|/.test(safe);
      }),
    );
  });
});

describe("truncate", () => {
  it("cuts by characters, never inside a surrogate pair, and marks the cut", () => {
    expect(truncate("abcdef", 4)).toBe("abc…");
    expect(truncate("abc", 4)).toBe("abc");
    expect(truncate("😀😀😀😀😀", 3)).toBe("😀😀…");
  });

  it("cannot cut an escape sequence once the text is sanitised", () => {
    const cut = truncate(terminalText("model\u001b[31mred"), 8);
    expect(cut).toBe("model␛[…");
    expect(CONTROL.test(cut)).toBe(false);
  });
});
