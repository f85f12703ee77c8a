import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type PyCall, PyFloat, type PyValue } from "../../../extract/python-value.js";
import { mulberry32 } from "../../../metrics/random.js";
import { chooser, pythonCallList, pythonLiteral } from "../test-support/python-writer.js";
import { decodePrompt } from "./decode-prompt.js";
import { reprValue } from "./repr.js";
import type { Value } from "./value.js";

const SEED = 26;

function decoded(text: string): string {
  const result = decodePrompt(text);
  if (!result.ok) return "ERR";
  return reprValue(result.calls.map((call) => new Map<string, Value>([[call.name, call.arguments]])));
}

const name = fc
  .stringMatching(/^[a-z_][a-z0-9_]{0,8}$/)
  .filter((n) => !["if", "in", "is", "or", "as", "def", "del", "for", "and", "not", "try"].includes(n));
const value: fc.Arbitrary<PyValue> = fc.letrec<{ value: PyValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.string({ maxLength: 8 }),
    fc.integer(),
    fc.double({ noNaN: true }).map((x) => new PyFloat(x)),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 3 }),
    fc
      .array(fc.tuple(fc.string({ maxLength: 4 }), tie("value")), { maxLength: 3 })
      .map((entries) => new Map(entries)),
  ),
})).value;
const call: fc.Arbitrary<PyCall> = fc.record({
  name: fc.array(name, { minLength: 1, maxLength: 3 }).map((parts) => parts.join(".")),
  arguments: fc
    .uniqueArray(fc.tuple(name, value), { maxLength: 3, selector: ([k]) => k })
    .map((e) => new Map(e)),
});
/** Calls written as BFCL's prompt asks, each value spelled one of the ways Python reads back to it. */
const written = fc
  .tuple(fc.array(call, { minLength: 1, maxLength: 3 }), fc.integer())
  .map(([calls, seed]) => ({ calls, text: pythonCallList(calls, chooser(mulberry32(seed))) }));

describe("decodePrompt: properties", () => {
  it("never throws and answers quickly, whatever the text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), (text) => {
        const started = performance.now();
        expect(() => decodePrompt(text)).not.toThrow();
        expect(performance.now() - started).toBeLessThan(200);
      }),
      { seed: SEED, numRuns: 3000 },
    );
    const pieces = fc.constantFrom(
      "[",
      "]",
      "(",
      ")",
      "{",
      "}",
      "f",
      "=",
      ",",
      "'",
      '"',
      "1",
      ".",
      "*",
      "**",
      "\\",
      "\n",
      " ",
      "#",
      "lambda",
      ":",
      "j",
      "e",
      "_",
      "x",
      "f'",
      "{x}",
      "`",
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 60 }), (parts) => {
        expect(() => decodePrompt(parts.join(""))).not.toThrow();
      }),
      { seed: SEED, numRuns: 3000 },
    );
  });

  it("refuses hostile nesting and length without a stack overflow escaping", () => {
    for (const text of [
      `f(a=${"[".repeat(5000)}${"]".repeat(5000)})`,
      `f(a=${"-".repeat(50_000)}1)`,
      `f(a=${"1+".repeat(50_000)}1)`,
      `f(a=${"not ".repeat(20_000)}1)`,
      `f(a='${"x".repeat(1_000_000)}')`,
      `f(a=2**10**10)`,
      `f(a='a' * 10**12)`,
      `f(a=0x${"f".repeat(5000)})`,
    ]) {
      const started = performance.now();
      expect(() => decodePrompt(text)).not.toThrow();
      expect(performance.now() - started).toBeLessThan(2000);
    }
  });

  it("stays within bounded memory on expressions that amplify (repetition, powers, shifts, padding, many calls)", () => {
    const amplifiers = [
      "[f(a='ab'*10**6*10)]",
      "[f(a=(1,)*10**6)]",
      "[f(a=[1]*10**6 + [2]*10**6)]",
      "[f(a=[[[0]*100]*100]*100)]",
      "[f(a=b'x'*10**6*3)]",
      "[f(a=9**9**9)]",
      "[f(a=(10**4000)**2)]",
      "[f(a=1<<10**6)]",
      "[f(a='%.999999f' % 1)]",
      "[f(a='{:>999999}'.format(1))]",
      "[f(a='%s'*100000 % tuple(range(100000)))]",
      `[${"f(a=1), ".repeat(100_000)}]`,
      `[f(a='${"\\x41".repeat(300_000)}')]`,
    ];
    for (const text of amplifiers) {
      const before = process.memoryUsage().heapUsed;
      expect(() => decodePrompt(text)).not.toThrow();
      // Heap in use right after, garbage included: an upper bound on what one decode held at once, far below what
      // the expressions would build unbounded (gigabytes).
      expect(process.memoryUsage().heapUsed - before).toBeLessThan(400_000_000);
    }
  });

  it("reads back the values it was written from", () => {
    fc.assert(
      fc.property(written, ({ calls, text }) => {
        const expected = reprValue(
          calls.map((c) => new Map<string, Value>([[c.name, c.arguments as Value]])),
        );
        expect(decoded(text)).toBe(expected);
      }),
      { seed: SEED, numRuns: 1000 },
    );
  });

  it("is unchanged by what BFCL strips (backticks, newlines, spaces at both ends) and by the brackets it adds", () => {
    const wrap = fc.constantFrom("`", "``", "```", "\n", " ", "```\n", "\n```", " \n`");
    fc.assert(
      fc.property(written, wrap, wrap, ({ text }, before, after) => {
        expect(decoded(`${before}${text}${after}`)).toBe(decoded(text));
        expect(decoded(text.slice(1, -1))).toBe(decoded(text));
      }),
      { seed: SEED, numRuns: 1000 },
    );
  });

  it("fails once a fence carries a language tag, or anything but a call stands in the list", () => {
    const tag = fc.constantFrom("python", "json", "py", "tool_code", "Python");
    const intruder = fc.constantFrom("1", "'text'", "None", "x", "[f(a=1)]", "{'name': 'f'}");
    fc.assert(
      fc.property(written, tag, intruder, ({ text }, language, other) => {
        expect(decoded(`\`\`\`${language}\n${text}\n\`\`\``)).toBe("ERR");
        expect(decoded(`[${text.slice(1, -1)}, ${other}]`)).toBe("ERR");
        expect(decoded(`${text}\n${text}`)).toBe("ERR");
      }),
      { seed: SEED, numRuns: 500 },
    );
  });

  it("keeps a repeated keyword's last value in its first place, and ignores positional arguments", () => {
    fc.assert(
      fc.property(name, value, value, fc.integer(), (key, first, last, seed) => {
        const choose = chooser(mulberry32(seed));
        const once = `[f(${key}=${pythonLiteral(last, choose)}, z=1)]`;
        const twice = `[f(${key}=${pythonLiteral(first, choose)}, z=1, ${key}=${pythonLiteral(last, choose)})]`;
        const positional = `[f(${pythonLiteral(first, choose)}, ${key}=${pythonLiteral(last, choose)}, z=1)]`;
        fc.pre(key !== "z");
        expect(decoded(twice)).toBe(decoded(once));
        expect(decoded(positional)).toBe(decoded(once));
      }),
      { seed: SEED, numRuns: 500 },
    );
  });
});

describe("the fast path", () => {
  const pieces = fc.constantFrom(
    "[",
    "]",
    "(",
    ")",
    "{",
    "}",
    "f",
    "g.h",
    "x",
    "=",
    "==",
    ",",
    ": ",
    "'a'",
    '"b"',
    "'\\n'",
    "'\\x4'",
    "'\\N{X}'",
    "1",
    "-",
    "0",
    "07",
    "1.5",
    "1e3",
    "1.",
    ".5",
    "True",
    "None",
    "from",
    "lambda",
    " ",
    "\n",
    "#",
    "*",
    "+",
    "u'x'",
    "R'\\d'",
    "'''a\nb'''",
    "b'x'",
    "g(a=1)",
    "g(1)",
    "12345678901234567890",
    "(1,)",
    "x.y",
    "(f(a=1))",
    "\r",
    "\r\n",
    ".",
    "x.",
    "==",
    "<",
    "|",
    "I cannot",
    "TOOL",
    "r",
    "é",
    "\t",
  );
  const same = (text: string) => {
    const fast = decodePrompt(text);
    const full = decodePrompt(text, { fastPath: false });
    const show = (d: typeof fast) =>
      d.ok ? reprValue(d.calls.map((c) => new Map<string, Value>([[c.name, c.arguments]]))) : "ERR";
    expect(show(fast)).toBe(show(full));
  };

  it("answers only what the full reader answers alike", () => {
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 40 }), (parts) => same(parts.join(""))),
      {
        seed: SEED,
        numRuns: 10_000,
      },
    );
    fc.assert(
      fc.property(written, ({ text }) => same(text)),
      { seed: SEED, numRuns: 2000 },
    );
  });

  it("answers alike on near-valid text: written calls with random insertions and deletions", () => {
    const edit = fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.option(pieces, { nil: undefined }));
    fc.assert(
      fc.property(written, fc.array(edit, { minLength: 1, maxLength: 4 }), ({ text }, edits) => {
        let edited = text;
        for (const [where, piece] of edits) {
          const at = Math.floor(where * edited.length);
          edited =
            piece === undefined
              ? edited.slice(0, at) + edited.slice(at + 1)
              : edited.slice(0, at) + piece + edited.slice(at);
        }
        same(edited);
      }),
      { seed: SEED, numRuns: 20_000 },
    );
  });
});
