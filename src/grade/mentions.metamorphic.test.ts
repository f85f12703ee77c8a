/**
 * Metamorphic suite for mentions (issue 25, item 2): every call dialect the extractors know, placed in any prose
 * frame (mid-sentence, inline code, a quoted example line, commentary after a real call, a native reply's content),
 * is neither a call nor a malformed attempt; the same shape standing as the reply is still the call. Graded through
 * `grade` as `tooluse grade` does; phrase grammars in src/grade/test-support/phrase-grammars.ts; seeded.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Case, Protocol } from "../cases/schema.js";
import { TOOL_NAMES } from "../tools/catalogue.js";
import { grade } from "./grade.js";
import { encodeNativeReply } from "./native.js";
import {
  CITIES,
  DIALECTS,
  type Dialect,
  FRAMES,
  framed,
  type Lang,
  shape,
} from "./test-support/phrase-grammars.js";
import { protocolOf, weatherCase } from "./test-support/synthetic-cases.js";

const RUNS = 200;
const SEED = 25;

function explainCase(lang: Lang): Case {
  return {
    id: `negative-${lang}-98`,
    lang,
    category: "negative",
    difficulty: "easy",
    kind: "instruction_trap",
    tools: [...TOOL_NAMES],
    messages: [
      { role: "user", content: "Explain how you would check the weather, but do not call anything." },
    ],
    expect: { no_call: "answer" },
  };
}

const drawn = fc.record({
  lang: fc.constantFrom<Lang>("en", "ru"),
  dialect: fc.constantFrom(...DIALECTS),
  // The real call before commentary is in a SPEC dialect: one beyond the SPEC counts only with no prose after it.
  real: fc.constantFrom<Dialect>("json", "json-list", "hermes", "qwen-xml", "plain"),
  city: fc.constantFrom(...CITIES),
});

describe("a call shape in prose is a mention, standing as the reply it is a call", () => {
  it.each(FRAMES)("in a prose frame (%s) it is neither a call nor a malformed attempt", (frame) => {
    fc.assert(
      fc.property(
        drawn.chain((draw) =>
          framed(draw.lang, frame, shape(draw.dialect, draw.city), shape(draw.real, draw.city)).map(
            (prose) => ({
              ...draw,
              prose,
            }),
          ),
        ),
        ({ lang, dialect, real, city, prose }) => {
          const native = frame === "native-content";
          const protocol: Protocol = native
            ? "native"
            : protocolOf(frame === "after-a-call" ? real : dialect);
          const output = native ? encodeNativeReply(prose, []) : prose;
          if (frame === "after-a-call") {
            // The commentary quotes a call again: one call, the real one, and the case passes.
            const verdict = grade(weatherCase(lang, city), { id: "x", protocol, output });
            expect({
              output,
              calls: verdict.calls.length,
              malformed: verdict.malformed,
              passed: verdict.passed,
            }).toEqual({
              output,
              calls: 1,
              malformed: false,
              passed: true,
            });
            return;
          }
          const verdict = grade(explainCase(lang), { id: "x", protocol, output });
          expect({ output, calls: verdict.calls.length, malformed: verdict.malformed }).toEqual({
            output,
            calls: 0,
            malformed: false,
          });
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("a dialect beyond the SPEC before prose that explains it is not the reply, so no call (item 4)", () => {
    const beyond = fc.constantFrom<Dialect>("pythonic", "glm", "invoke");
    const after = fc.constantFrom(
      "\n\nThat would return the current conditions.",
      "\n\nThis returns the current conditions.",
      "\n\nФункция возвращает текущую погоду.",
    );
    fc.assert(
      fc.property(drawn, beyond, after, ({ lang, city }, dialect, tail) => {
        const output = `${shape(dialect, city)}${tail}`;
        const verdict = grade(weatherCase(lang, city), { id: "x", protocol: protocolOf(dialect), output });
        expect({ output, calls: verdict.calls.length, malformed: verdict.malformed }).toEqual({
          output,
          calls: 0,
          malformed: false,
        });
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("standing as the reply (alone, after a one-line preface, in a fence) it is the call", () => {
    const prefaces = ["", "Sure!\n", "Checking the weather now.\n", "Сейчас посмотрю.\n"];
    fc.assert(
      fc.property(
        drawn,
        fc.constantFrom(...prefaces),
        fc.boolean(),
        ({ lang, dialect, city }, preface, fence) => {
          const fenced =
            fence && dialect !== "harmony" && dialect !== "plain"
              ? `\`\`\`\n${shape(dialect, city)}\n\`\`\``
              : shape(dialect, city);
          const output = dialect === "harmony" ? fenced : `${preface}${fenced}`;
          const verdict = grade(weatherCase(lang, city), { id: "x", protocol: protocolOf(dialect), output });
          expect({ output, passed: verdict.passed, reason: verdict.reason }).toEqual({
            output,
            passed: true,
            reason: expect.stringMatching(/^correct call/),
          });
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
