/**
 * Metamorphic relations for the four shape classes of 2.5.0 (issue 25; docs/spec-conformance.md E7, E11, ratio units,
 * grouped digits), seeded, both languages, through `grade`. Per class: transformations that must not change the
 * verdict (a block's layout, a preface, a sentence frame around a token, the spelling of a unit, the number's type)
 * and ones that must (deleting one `</parameter>`; cutting a template's call inside its arguments; grouping a number's
 * digits). The "must change" relations failed on main at a7bc3ca; the controls held there too.
 * Grammars: src/grade/test-support/round-4-shapes.ts.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Case, Protocol } from "../cases/schema.js";
import { grade } from "./grade.js";
import { type GradingRules, SPEC1_RULES } from "./rules.js";
import { CITIES, type Lang } from "./test-support/phrase-grammars.js";
import { keepFrame } from "./test-support/round-3-shapes.js";
import {
  cutInsideValue,
  DENOMINATORS,
  grouped,
  NUMERATORS,
  PER_UNITS,
  qwenXml,
  TOKEN_FAMILIES,
  tokenSentence,
  xmlLayout,
} from "./test-support/round-4-shapes.js";
import { ATTEMPT, CALL, callCase, MENTION } from "./test-support/synthetic-cases.js";

const RUNS = 200;
const SEED = 2525;
const LANGS: Lang[] = ["en", "ru"];
const OPTIONS = { numRuns: RUNS, seed: SEED };

function verdictOf(c: Case, output: string, rules?: GradingRules, protocol: Protocol = "json") {
  const v = grade(c, { id: c.id, protocol, output }, rules);
  return { output, passed: v.passed, malformed: v.malformed, calls: v.calls.length, reason: v.reason };
}

const city = fc.constantFrom(...CITIES);
const preface = (lang: Lang) => fc.option(keepFrame(lang), { nil: undefined });
const prefixed = (text: string, first: string | undefined) =>
  first === undefined ? text : `${first}\n${text}`;

describe.each(LANGS)("E11 an unclosed Qwen-XML parameter (%s)", (lang) => {
  it("any layout of a well-formed block is the call; deleting one </parameter> makes it an attempt (spec1: the call)", () => {
    fc.assert(
      fc.property(
        city,
        fc.option(fc.constantFrom("celsius", "fahrenheit"), { nil: undefined }),
        xmlLayout,
        preface(lang),
        fc.nat(1),
        (c, unit, layout, first, which) => {
          const weather = callCase(lang, "get_weather", unit === undefined ? { city: c } : { city: c, unit });
          const whole = prefixed(qwenXml(c, unit, layout), first);
          expect(verdictOf(weather, whole)).toMatchObject(CALL);
          const unclosed = unit === undefined ? 0 : which;
          const spoiled = prefixed(qwenXml(c, unit, layout, unclosed), first);
          expect(verdictOf(weather, spoiled)).toMatchObject(ATTEMPT);
          expect(verdictOf(weather, spoiled, SPEC1_RULES)).toMatchObject(CALL);
        },
      ),
      OPTIONS,
    );
  });
});

const family = fc.constantFrom(...TOKEN_FAMILIES);

describe.each(LANGS)("E7 a template's call token with no call after it (%s)", (lang) => {
  it("the whole call is the call; cut anywhere inside its arguments it is an attempt, in text and native content", () => {
    fc.assert(
      fc.property(family, city, fc.nat(8), preface(lang), (f, c, kept, first) => {
        const weather = callCase(lang, "get_weather", { city: c });
        expect(verdictOf(weather, prefixed(f.render(c), first))).toMatchObject(CALL);
        const cut = prefixed(cutInsideValue(f, c, kept), first);
        expect(verdictOf(weather, cut)).toMatchObject(ATTEMPT);
        const native = JSON.stringify({ content: cut, tool_calls: [] });
        expect(verdictOf(weather, native, undefined, "native")).toMatchObject(ATTEMPT);
      }),
      OPTIONS,
    );
  });

  it("the opener alone is an attempt; the same opener named in a sentence is prose", () => {
    fc.assert(
      fc.property(family, tokenSentence(lang), preface(lang), (f, sentence, first) => {
        const weather = callCase(lang, "get_weather", { city: "Rome" });
        expect(verdictOf(weather, prefixed(f.opener, first))).toMatchObject(ATTEMPT);
        expect(verdictOf(weather, sentence(f.opener))).toMatchObject(MENTION);
        const native = JSON.stringify({ content: sentence(f.opener), tool_calls: [] });
        expect(verdictOf(weather, native, undefined, "native")).toMatchObject(MENTION);
      }),
      OPTIONS,
    );
  });
});

const numerator = fc.constantFrom(...Object.keys(NUMERATORS));
const denominator = fc.constantFrom(...Object.keys(DENOMINATORS));

describe("ratio units", () => {
  it("any spelling of a ratio reads as its per-unit's id where the table has one, and as no unit where not", () => {
    fc.assert(
      fc.property(
        numerator,
        denominator,
        fc.nat(),
        fc.nat(),
        fc.constantFrom("/", " / "),
        fc.boolean(),
        (top, bottom, i, j, slash, upper) => {
          const tops = NUMERATORS[top] as readonly string[];
          const bottoms = DENOMINATORS[bottom] as readonly string[];
          let written = `${tops[i % tops.length]}${slash}${bottoms[j % bottoms.length]}`;
          if (upper) written = written.toUpperCase();
          const per = PER_UNITS[`${top}/${bottom}`];
          const want = per ?? "kilometers_per_hour";
          const speed = callCase("en", "convert_units", { value: 10, from_unit: want, to_unit: "knot" });
          const output = (unit: string) =>
            JSON.stringify({
              name: "convert_units",
              arguments: { value: 10, from_unit: unit, to_unit: "knots" },
            });
          for (const rules of [undefined, SPEC1_RULES]) {
            expect(verdictOf(speed, output(want), rules)).toMatchObject(CALL);
            expect(verdictOf(speed, output(written), rules)).toMatchObject(
              per === undefined ? { passed: false, calls: 1 } : CALL,
            );
          }
        },
      ),
      OPTIONS,
    );
  });
});

describe("grouped digits", () => {
  it("a number, or its digits as text, passes; the same digits grouped are a wrong argument that says why (both profiles)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 99_999_999 }),
        fc.constantFrom(",", " ", "\u00a0"),
        fc.constantFrom("", "5", "50", "25"),
        fc.boolean(),
        (integer, separator, decimals, negative) => {
          const sign = negative ? "-" : "";
          const amount = Number(`${sign}${integer}${decimals === "" ? "" : `.${decimals}`}`);
          const exchange = callCase("en", "convert_currency", {
            amount,
            from_currency: "USD",
            to_currency: "EUR",
          });
          const output = (value: unknown) =>
            JSON.stringify({
              name: "convert_currency",
              arguments: { amount: value, from_currency: "USD", to_currency: "EUR" },
            });
          const text = `${sign}${grouped(integer, separator, decimals)}`;
          for (const rules of [undefined, SPEC1_RULES]) {
            expect(verdictOf(exchange, output(amount), rules)).toMatchObject(CALL);
            expect(verdictOf(exchange, output(String(amount)), rules)).toMatchObject(CALL);
            expect(verdictOf(exchange, output(text), rules)).toMatchObject({
              passed: false,
              calls: 1,
              reason: `wrong arguments: amount=${JSON.stringify(text)} is not a number (digit grouping), expected ${amount}`,
            });
          }
        },
      ),
      OPTIONS,
    );
  });

  it("a Russian decimal comma is the decimal it writes, under both profiles", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99_999 }),
        fc.constantFrom("5", "25", "1234"),
        (integer, decimals) => {
          const amount = Number(`${integer}.${decimals}`);
          const exchange = callCase("ru", "convert_currency", {
            amount,
            from_currency: "USD",
            to_currency: "EUR",
          });
          const output = JSON.stringify({
            name: "convert_currency",
            arguments: { amount: `${integer},${decimals}`, from_currency: "USD", to_currency: "EUR" },
          });
          for (const rules of [undefined, SPEC1_RULES])
            expect(verdictOf(exchange, output, rules)).toMatchObject(CALL);
        },
      ),
      OPTIONS,
    );
  });
});
