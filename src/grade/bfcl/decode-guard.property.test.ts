import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readPythonCallList } from "../../extract/python-literal.js";
import { mayStartPythonCall } from "./decode.js";

const OPTIONS = { namesAsStrings: true, ignorePositional: true };

/** Both readings decodeForBfcl tries: the text in brackets, and the text as it is. */
function readsAsPython(text: string): boolean {
  const bracketed = `${text.startsWith("[") ? "" : "["}${text}${text.endsWith("]") ? "" : "]"}`;
  return (
    readPythonCallList(bracketed, OPTIONS) !== undefined || readPythonCallList(text, OPTIONS) !== undefined
  );
}

const piece = fc.constantFrom(
  "f",
  "get_weather",
  "TOOL",
  "math.factorial",
  "Canberra.",
  "a.5",
  "año",
  "_x",
  "7",
  "(",
  ")",
  "[",
  "]",
  "=",
  ",",
  " ",
  "\t",
  "\n",
  "\f",
  "\u00a0",
  "#c\n",
  "\\\n",
  "'a'",
  '"b"',
  "<function=f>",
  "|",
  "{",
  "}",
  ".",
  "x=1",
  "é",
);

describe("the quick test for text that cannot be Python calls", () => {
  it("is sound: whatever it rules out, neither Python reading of decodeForBfcl accepts", () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const text = pieces.join("");
        if (!mayStartPythonCall(text)) expect(readsAsPython(text)).toBe(false);
      }),
      { numRuns: 5000 },
    );
    // Text that opens like a call: blanks, a (dotted) name, then arguments that often make it one.
    const name = fc.array(fc.constantFrom("f", "a_1", "B", "_", "7", "é"), { minLength: 1, maxLength: 3 });
    const dotted = fc
      .array(name, { minLength: 1, maxLength: 3 })
      .map((parts) => parts.map((p) => p.join("")).join("."));
    const blanks = fc
      .array(fc.constantFrom(" ", "\t", "\n", "#c\n"), { maxLength: 2 })
      .map((b) => b.join(""));
    const rest = fc.constantFrom(
      "()",
      "(x=1)",
      " (a='b')",
      "(x=1), g()",
      "",
      ".",
      "(",
      " x",
      "(x=1) y",
      "é()",
    );
    const callLike = fc.tuple(blanks, dotted, blanks, rest).map((parts) => parts.join(""));
    fc.assert(
      fc.property(callLike, (text) => {
        if (!mayStartPythonCall(text)) expect(readsAsPython(text)).toBe(false);
      }),
      { numRuns: 5000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 40 }), (text) => {
        if (!mayStartPythonCall(text)) expect(readsAsPython(text)).toBe(false);
      }),
      { numRuns: 5000 },
    );
  });

  it("rules out the other protocols' calls and prose, and lets Python calls through", () => {
    for (const other of [
      "<function=get_weather>\n<parameter=city>\nBerlin\n</parameter>\n</function>",
      "<tool_call>\n{}\n</tool_call>",
      "TOOL get_weather | city=Berlin",
      "I can't do that with the tools I have.",
      "Canberra.",
      "math. factorial(n=5)",
      '"quoted"',
      "42",
    ]) {
      expect(mayStartPythonCall(other), other).toBe(false);
    }
    for (const python of [
      "f(a=1)",
      "[f(a=1)]",
      "math.factorial(n=5)",
      " \n g (x=1)",
      "]",
      "",
      "#c\nf()",
      "año(x=1)",
    ]) {
      expect(mayStartPythonCall(python), python).toBe(true);
    }
  });
});
