/**
 * Metamorphic relations for the lost blind set 6's classes (issue 25; docs/spec-conformance.md E9–E11), seeded, both
 * languages, through `grade`. Per class: transformations that must not change the verdict (whitespace, a fence, a
 * polite suffix, a paraphrase of a keep-frame) and ones that must (a valid JSON into a repaired one; a keep-frame
 * into a disowning frame; a real value into a placeholder; a well-formed structure into a broken one). The "must
 * change" relations failed on main at db3b71b; the "must not change" ones are the controls and held there too.
 * Grammars: src/grade/test-support/round-3-shapes.ts.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Case, Protocol } from "../cases/schema.js";
import { grade } from "./grade.js";
import { type GradingRules, SPEC1_RULES } from "./rules.js";
import { CITIES, type Lang, shape } from "./test-support/phrase-grammars.js";
import {
  BROKEN,
  broken,
  disowningPreface,
  jsonCall,
  keepFrame,
  permissionQuestion,
  politeSuffix,
  REPAIRS,
  repaired,
  SLOT_PLACEHOLDERS,
  setDown,
  wellFormed,
} from "./test-support/round-3-shapes.js";
import { weatherCase as weather } from "./test-support/synthetic-cases.js";

const RUNS = 200;
const SEED = 2505;
const LANGS: Lang[] = ["en", "ru"];

function verdictOf(c: Case, output: string, protocol: Protocol, rules?: GradingRules) {
  const v = grade(c, { id: c.id, protocol, output }, rules);
  return {
    output,
    passed: v.passed,
    malformed: v.malformed,
    calls: v.calls.length,
    lenient: v.lenient ?? [],
  };
}

const city = fc.constantFrom(...CITIES);
const fence = fc.constantFrom<"" | "```" | "```json">("", "```", "```json");
const gap = fc.constantFrom("\n", "\n\n", "\n   \n");

describe.each(LANGS)("E9 repaired JSON (%s)", (lang) => {
  it("a valid call passes under whitespace, fence, keep-frame and polite suffix; its repair passes named (spec1: an attempt)", () => {
    fc.assert(
      fc.property(
        city,
        fc.boolean(),
        fence,
        keepFrame(lang),
        politeSuffix(lang),
        fc.constantFrom(...REPAIRS),
        (c, pretty, f, preface, suffix, repair) => {
          const valid = `${preface}\n${setDown(jsonCall(c, pretty), f)}${suffix}`;
          expect(verdictOf(weather(lang, c), valid, "json")).toMatchObject({
            passed: true,
            calls: 1,
            lenient: [],
          });
          const spoiled = `${preface}\n${setDown(repaired(repair, c), f)}${suffix}`;
          expect(verdictOf(weather(lang, c), spoiled, "json")).toMatchObject({
            passed: true,
            calls: 1,
            lenient: ["json=repaired"],
          });
          expect(verdictOf(weather(lang, c), spoiled, "json", SPEC1_RULES)).toMatchObject({
            passed: false,
            malformed: true,
            calls: 0,
          });
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

type Standing = "json" | "hermes" | "qwen-xml" | "plain" | "pythonic" | "glm";
const STANDING: Standing[] = ["json", "hermes", "qwen-xml", "plain", "pythonic", "glm"];
const protocolOf = (d: Standing): Protocol =>
  d === "plain" ? "plain" : d === "json" || d === "pythonic" ? "json" : "xml";

describe.each(LANGS)("E10 frames and placeholders (%s)", (lang) => {
  it("a keep-frame (any paraphrase) keeps the call; a disowning frame in its place makes it a mention", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...STANDING),
        city,
        keepFrame(lang),
        disowningPreface(lang),
        gap,
        (d, c, keep, disown, g) => {
          expect(verdictOf(weather(lang, c), `${keep}${g}${shape(d, c)}`, protocolOf(d))).toMatchObject({
            passed: true,
            calls: 1,
          });
          expect(verdictOf(weather(lang, c), `${disown}${g}${shape(d, c)}`, protocolOf(d))).toMatchObject({
            calls: 0,
            malformed: false,
          });
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("a question awaiting the user's permission after the call makes it a mention; a polite suffix does not", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...STANDING),
        city,
        politeSuffix(lang),
        permissionQuestion(lang),
        (d, c, suffix, ask) => {
          expect(verdictOf(weather(lang, c), `${shape(d, c)}${suffix}`, protocolOf(d))).toMatchObject({
            passed: true,
            calls: 1,
          });
          expect(verdictOf(weather(lang, c), `${shape(d, c)}\n\n${ask}`, protocolOf(d))).toMatchObject({
            calls: 0,
            malformed: false,
          });
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("a real value into a placeholder turns the call into a template (M3)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Standing>("json", "hermes", "plain", "pythonic"),
        city,
        keepFrame(lang),
        fc.constantFrom(...SLOT_PLACEHOLDERS),
        (d, c, keep, slot) => {
          const template = `${keep}\n${shape(d, slot)}`;
          expect(verdictOf(weather(lang, c), template, protocolOf(d))).toMatchObject({
            calls: 0,
            malformed: false,
          });
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

describe.each(LANGS)("E11 broken structures (%s)", (lang) => {
  it("each well-formed shape passes (with fence-free whitespace and a keep-frame); its broken form is an attempt", () => {
    fc.assert(
      fc.property(fc.constantFrom(...BROKEN), city, keepFrame(lang), gap, (kind, c, keep, g) => {
        const protocol: Protocol =
          kind === "tool-line-no-pipe" ? "plain" : kind === "tool-keyed" ? "json" : "xml";
        expect(verdictOf(weather(lang, c), `${keep}${g}${wellFormed(kind, c)}`, protocol)).toMatchObject({
          passed: true,
          calls: 1,
        });
        expect(verdictOf(weather(lang, c), `${keep}${g}${broken(kind, c)}`, protocol)).toMatchObject({
          passed: false,
          malformed: true,
          calls: 0,
        });
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
