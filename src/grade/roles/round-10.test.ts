/**
 * The reply class of round 10 (issue 25; docs/reply-roles.md "Round 10", from fresh blind set e5-en): a hint for
 * finding the missing value, given for when the user does not know it, supports the request before it. Hand-checked
 * rows and a seeded relation in both languages, graded through `grade` in every protocol. The rows and the relation
 * fail on tooluse 2.12.0, except the controls marked so.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Protocol } from "../../cases/schema.js";
import { expectGradedAs } from "../test-support/synthetic-cases.js";
import { type Behaviour, readReply } from "./reply-roles.js";

const RUNS = 200;
const SEED = 3010;
const protocol = fc.constantFrom<Protocol>("json", "xml", "plain", "native");
const pick = (...options: string[]) => fc.constantFrom(...options);
const joined = (...parts: fc.Arbitrary<string>[]) => fc.tuple(...parts).map((p) => p.join(""));

const ROWS: [string, Behaviour][] = [
  ["How many minutes does your pasta need? Check the package if you're unsure.", "question"],
  // Controls (held on 2.12.0): the hint with its condition first; the hint after an answer is content; a request
  // with no hint is a question.
  [
    "Which city are you in? If you don't know the exact name, look at your phone's location settings.",
    "question",
  ],
  ["На сколько минут поставить таймер? Если не уверены, посмотрите на упаковке.", "question"],
  ["Pasta usually needs 8 to 12 minutes. Check the package if you're unsure.", "answer"],
  ["How many minutes does your pasta need?", "question"],
];

describe("round 10 rows", () => {
  it.each(ROWS)("%s → %s", (reply, behaviour) => {
    expect(readReply(reply).behaviour).toBe(behaviour);
  });
});

describe("round 10 relations (generated)", () => {
  const en = {
    request: pick(
      "How many minutes does your pasta need?",
      "Which city should I check?",
      "What amount is the bill?",
      "Which language should I translate it into?",
      "How long should the timer run?",
    ),
    hint: joined(
      pick("Check ", "Look at ", "Have a look at ", "Glance at "),
      pick("the package", "the label", "your receipt", "the recipe", "your settings"),
      pick(" if you're unsure", " if you are not sure", " if you don't know", " if you're not sure"),
      pick(".", "!", " 🙂", ""),
    ),
  };
  const ru = {
    request: pick(
      "На сколько минут поставить таймер?",
      "Какой город проверить?",
      "Какая сумма в счёте?",
      "На какой язык перевести?",
    ),
    hint: joined(
      pick("Если не уверены, ", "Если не знаете точно, ", "Если не помните, ", "Если не уверен, "),
      pick("посмотрите ", "гляньте ", "проверьте ", "посмотри "),
      pick("на упаковке", "в чеке", "в рецепте", "в настройках"),
      pick(".", "!", ""),
    ),
  };
  it("a request stays a question when a hint for the unsure follows it", () => {
    fc.assert(
      fc.property(
        fc
          .constantFrom<["en" | "ru", typeof en]>(["en", en], ["ru", ru])
          .chain(([lang, g]) => fc.tuple(fc.constant(lang), g.request, g.hint)),
        protocol,
        ([lang, asked, hint], p) => {
          expectGradedAs(lang, `${asked} ${hint}`, p, "question");
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
