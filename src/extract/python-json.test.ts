import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parsePyJson } from "./python-json.js";
import { PyFloat, toJsonValue } from "./python-value.js";

describe("parsePyJson", () => {
  it.each([
    ["5", 5],
    ["-5", -5],
    ["0", 0],
    ["5.0", new PyFloat(5)],
    ["-0.5", new PyFloat(-0.5)],
    ["1e3", new PyFloat(1000)],
    ["1E+3", new PyFloat(1000)],
    ["2.5e-1", new PyFloat(0.25)],
    ["12345678901234567890", 12345678901234567890n],
    ["-12345678901234567890", -12345678901234567890n],
    ["NaN", new PyFloat(Number.NaN)],
    ["Infinity", new PyFloat(Number.POSITIVE_INFINITY)],
    ["-Infinity", new PyFloat(Number.NEGATIVE_INFINITY)],
    [" [1, 2.0, true, null] ", [1, new PyFloat(2), true, null]],
    [
      '{"b": 1, "1": 2, "b": 3}',
      new Map<string, unknown>([
        ["b", 3],
        ["1", 2],
      ]),
    ],
    ['"a\\"b\\u00e9"', 'a"bé'],
  ])("reads %s as Python's json module does", (text, expected) => {
    expect(parsePyJson(text)).toEqual(expected);
  });

  it.each([
    "",
    "1.",
    ".5",
    "-",
    "01",
    "1e",
    "1e+",
    "1.e3",
    "+1",
    "- 1",
    "[1,]",
    '{"a" 1}',
    "tru",
    '"\\x"',
    "1 2",
  ])("refuses %j", (text) => {
    expect(parsePyJson(text)).toBeUndefined();
  });

  it("agrees with JSON.parse on every JSON text, and never throws on any text", () => {
    fc.assert(
      fc.property(fc.json({ maxDepth: 4 }), (text) => {
        const ours = parsePyJson(text);
        expect(ours).not.toBeUndefined();
        expect(JSON.stringify(toJsonValue(ours as never))).toBe(JSON.stringify(JSON.parse(text)));
      }),
      { numRuns: 500, seed: 14 },
    );
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'[]{}":,.-+eE0123456789 tnuflNaI\\') }), (text) => {
        let valid = true;
        try {
          JSON.parse(text);
        } catch {
          valid = false;
        }
        const ours = parsePyJson(text);
        if (valid) expect(ours).not.toBeUndefined();
      }),
      { numRuns: 3000, seed: 14 },
    );
  });

  it("keeps a number's Python type: a fraction or exponent makes a float", () => {
    fc.assert(
      fc.property(fc.integer(), fc.nat(99), fc.integer({ min: -5, max: 5 }), (whole, fraction, exponent) => {
        expect(parsePyJson(String(whole))).toBe(whole === 0 ? 0 : whole);
        const text = `${whole}.${fraction}e${exponent}`;
        expect(parsePyJson(text)).toEqual(new PyFloat(Number(text)));
      }),
      { numRuns: 300, seed: 14 },
    );
  });
});
