import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { extractCalls } from "./index.js";

const TOKENS = [
  "{",
  "}",
  "[",
  "]",
  '"',
  "'",
  ":",
  ",",
  "<tool_call>",
  "</tool_call>",
  "<function=",
  "<parameter=",
  "</parameter>",
  "</function>",
  "TOOL",
  "|",
  "=",
  "\n",
  " ",
  "name",
  "arguments",
  "get_weather",
  "city",
  "<think>",
  "</think>",
  "```",
  "\\",
  "True",
  "<｜tool▁call▁begin｜>",
  "<｜tool▁sep｜>",
  "<|im_end|>",
  "<function_calls>",
  "</function_calls>",
  '<invoke name="get_weather">',
  "</invoke>",
  '<parameter name="city">',
  "<tool_name>",
  "<parameters>",
];
/** Text the XML reader returns as a JSON number, boolean or null. */
const JSON_LIKE = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)$/;
/** Generous: catches quadratic blow-ups (seconds to minutes), not tuned to this machine. */
const BOUND_MS = 250;

function wellFormed(raw: string): void {
  const started = performance.now();
  const result = extractCalls(raw);
  expect(performance.now() - started).toBeLessThan(BOUND_MS);
  expect(Array.isArray(result.calls)).toBe(true);
  for (const call of result.calls) {
    expect(typeof call.name).toBe("string");
    expect(call.name.length).toBeGreaterThan(0);
    expect(typeof call.arguments).toBe("object");
  }
  expect(typeof result.malformed).toBe("boolean");
  expect(typeof result.prose).toBe("string");
  if (result.calls.length > 0) expect(result.malformed).toBe(false);
  else expect(result.shape).toBeNull();
}

describe("extractCalls never throws and stays fast (property)", () => {
  it("on arbitrary strings", () => {
    fc.assert(fc.property(fc.string({ maxLength: 1000 }), wellFormed), { numRuns: 1000 });
  });

  it("on arbitrary full-Unicode strings", () => {
    fc.assert(fc.property(fc.string({ unit: "grapheme", maxLength: 400 }), wellFormed), { numRuns: 500 });
    fc.assert(fc.property(fc.string({ unit: "binary", maxLength: 400 }), wellFormed), { numRuns: 500 });
  });

  it("on strings mixed from call-syntax tokens", () => {
    const mixed = fc.array(fc.constantFrom(...TOKENS), { maxLength: 200 }).map((parts) => parts.join(""));
    fc.assert(fc.property(mixed, wellFormed), { numRuns: 2000 });
  });
});

describe("extractCalls on hostile input", () => {
  const MEGABYTE = 1_000_000;
  const cases: [string, () => string][] = [
    ["1 MB of '{'", () => "{".repeat(MEGABYTE)],
    ["1 MB of '['", () => "[".repeat(MEGABYTE)],
    ["1 MB of '{['", () => "{[".repeat(MEGABYTE / 2)],
    ["100k nested braces", () => `${"{".repeat(100_000)}${"}".repeat(100_000)}`],
    ["100k nested brackets", () => `${"[".repeat(100_000)}${"]".repeat(100_000)}`],
    ["1 MB of prose", () => "The quick brown fox jumps over the lazy dog. ".repeat(MEGABYTE / 45)],
    ["1 MB of small objects", () => '{"a": 1} '.repeat(MEGABYTE / 9)],
    ["1 MB of unclosed strings", () => `{"${"a".repeat(MEGABYTE)}`],
    ["1 MB of <tool_call>", () => "<tool_call>".repeat(MEGABYTE / 11)],
    ["1 MB of <function=", () => "<function=".repeat(MEGABYTE / 10)],
    ["1 MB of <parameter=", () => `<function=f>${"<parameter=a>1".repeat(MEGABYTE / 14)}`],
    ["1 MB of TOOL lines", () => "TOOL x | a=b\n".repeat(MEGABYTE / 13)],
    ["1 MB of TOOL on one line", () => "TOOL ".repeat(MEGABYTE / 5)],
    ["1 MB of <think>", () => "<think>".repeat(MEGABYTE / 7)],
    ["1 MB of backticks", () => `\`${"`".repeat(MEGABYTE)}x\``],
    ["1 MB of apostrophes in braces", () => `{${"'a".repeat(MEGABYTE / 2)}`],
    ["1 MB of <invoke name=", () => '<invoke name="f">'.repeat(MEGABYTE / 17)],
    ["1 MB of <function_calls>", () => "<function_calls>".repeat(MEGABYTE / 16)],
    [
      "1 MB of unclosed named parameters",
      () => `<invoke name="f">${'<parameter name="a">1'.repeat(MEGABYTE / 21)}`,
    ],
    [
      "1 MB of unclosed child parameters",
      () => `<invoke><tool_name>f</tool_name><parameters>${"<a>".repeat(MEGABYTE / 3)}`,
    ],
  ];

  it.each(cases)("%s completes quickly", (_label, build) => {
    const raw = build();
    const started = performance.now();
    const result = extractCalls(raw);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(typeof result.malformed).toBe("boolean");
  });
});

describe("a call rendered in each protocol is read back (property)", () => {
  const name = fc.constantFrom("get_weather", "calculator", "save_note", "math.factorial");
  const key = fc.stringMatching(/^[a-z_][a-z0-9_]{0,15}$/);
  // Values a protocol can carry: no tag or field separators, no surrounding blanks or quotes.
  const value = fc
    .string({ minLength: 1, maxLength: 40 })
    .filter((text) => /^[^\s<>|="'`{[][^<>|=\n\r]*$/.test(text) && text.trim() === text);

  it("json", () => {
    fc.assert(
      fc.property(name, fc.dictionary(key, fc.jsonValue(), { maxKeys: 4 }), (tool, args) => {
        const call = JSON.parse(JSON.stringify({ name: tool, arguments: args }));
        expect(extractCalls(JSON.stringify(call)).calls).toEqual([call]);
      }),
      { numRuns: 500 },
    );
  });

  it("xml", () => {
    fc.assert(
      fc.property(name, fc.dictionary(key, value, { minKeys: 1, maxKeys: 4 }), (tool, args) => {
        const parameters = Object.entries(args).map(([k, v]) => `<parameter=${k}>\n${v}\n</parameter>`);
        const raw = `<tool_call>\n<function=${tool}>\n${parameters.join("\n")}\n</function>\n</tool_call>`;
        const [call] = extractCalls(raw).calls;
        expect(call?.name).toBe(tool);
        // Typed reading turns "12" into 12 and "true" into true: compare as text.
        expect(
          Object.fromEntries(Object.entries(call?.arguments ?? {}).map(([k, v]) => [k, String(v)])),
        ).toEqual(
          Object.fromEntries(
            Object.entries(args).map(([k, v]) => [k, String(JSON_LIKE.test(v) ? JSON.parse(v) : v)]),
          ),
        );
      }),
      { numRuns: 500 },
    );
  });

  it("plain", () => {
    fc.assert(
      fc.property(name, fc.dictionary(key, value, { maxKeys: 4 }), (tool, args) => {
        const fields = Object.entries(args).map(([k, v]) => ` | ${k}=${v}`);
        expect(extractCalls(`TOOL ${tool}${fields.join("")}`).calls).toEqual([
          { name: tool, arguments: args },
        ]);
      }),
      { numRuns: 500 },
    );
  });
});
