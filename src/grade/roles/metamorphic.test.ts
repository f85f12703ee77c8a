/**
 * Metamorphic suites for the reply roles (issue 25, item 2): replies composed from phrase grammars written for the
 * suites (src/grade/test-support/phrase-grammars.ts), graded through `grade` as `tooluse grade` does, in both
 * languages and every protocol, seeded so every run draws the same replies. Each relation failed on the grader
 * before the reply roles (the issue's "Why"). The families added for blind set 2's classes (refusals: tool-absent,
 * conditional-offer; requests: in-place, after-partial-help, coordinated, another-option, with-call-template; answers
 * under a condition on a wish for more) failed on the roles before those classes were fixed.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Expect, Protocol } from "../../cases/schema.js";
import {
  answerWithCourtesy,
  type Lang,
  quotedQuestion,
  REFUSAL_FAMILIES,
  REQUEST_FAMILIES,
  refusal,
  request,
} from "../test-support/phrase-grammars.js";
import { gradeReply as graded, noCallCase } from "../test-support/synthetic-cases.js";

/** Runs per relation, family and language: hundreds of variants per relation. */
const RUNS = 200;
const SEED = 25;
const PROTOCOLS: Protocol[] = ["json", "xml", "plain", "native"];

const protocol = fc.constantFrom(...PROTOCOLS);

describe.each<Lang>(["en", "ru"])("metamorphic relations (%s)", (lang) => {
  it("a correct answer stays an answer under any greeting or hedge prefix and any offer or small-talk suffix", () => {
    fc.assert(
      fc.property(answerWithCourtesy(lang), protocol, ({ reply, required }, p) => {
        const verdict = graded(
          noCallCase(lang, { no_call: "answer", answer_contains_all: [required] }),
          reply,
          p,
        );
        expect({ reply, behaviour: verdict.behaviour, passed: verdict.passed }).toEqual({
          reply,
          behaviour: "answer",
          passed: true,
        });
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it.each(REFUSAL_FAMILIES)("every refusal family is a refusal: %s", (family) => {
    fc.assert(
      fc.property(refusal(lang, family), protocol, (reply, p) => {
        const verdict = graded(noCallCase(lang, { no_call: "refuse" }), reply, p);
        expect({ reply, behaviour: verdict.behaviour, passed: verdict.passed }).toEqual({
          reply,
          behaviour: "refusal",
          passed: true,
        });
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it.each(REQUEST_FAMILIES)("every request family is a question: %s", (family) => {
    fc.assert(
      fc.property(request(lang, family), protocol, (reply, p) => {
        const verdict = graded(noCallCase(lang, { no_call: "clarify" }), reply, p);
        expect({ reply, behaviour: verdict.behaviour, passed: verdict.passed }).toEqual({
          reply,
          behaviour: "question",
          passed: true,
        });
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("a quoted or translated question inside an answer leaves it an answer", () => {
    fc.assert(
      fc.property(quotedQuestion(lang), protocol, ({ reply, required }, p) => {
        const expect_: Expect =
          required === undefined
            ? { no_call: "answer" }
            : { no_call: "answer", answer_contains_all: [required] };
        const verdict = graded(noCallCase(lang, expect_), reply, p);
        expect({ reply, behaviour: verdict.behaviour, passed: verdict.passed }).toEqual({
          reply,
          behaviour: "answer",
          passed: true,
        });
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
