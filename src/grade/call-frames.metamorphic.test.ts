/**
 * Metamorphic relations for the classes blind sets 3 and 4 showed (issue 25, shapes round), one relation per class,
 * both languages, graded through `grade` as `tooluse grade` does, seeded. Each relation failed on the grader before
 * this round (main at 6774013); the controls beside them hold on both. Grammars: src/grade/test-support/call-frames.ts.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Case, Expect, Protocol } from "../cases/schema.js";
import { TOOL_NAMES } from "../tools/catalogue.js";
import { grade } from "./grade.js";
import { encodeNativeReply } from "./native.js";
import {
  fenceThenRequest,
  goAheadRemark,
  illustrationDisclaimer,
  instructionPreface,
  listHoldsNothing,
  madeCallCommentary,
  noSuchToolGiven,
  proposedAmount,
  resultRemark,
  sentencePreface,
  untilAnswered,
} from "./test-support/call-frames.js";
import {
  CITIES,
  type Dialect,
  type Lang,
  REQUEST_FAMILIES,
  request,
  shape,
} from "./test-support/phrase-grammars.js";
import { protocolOf } from "./test-support/synthetic-cases.js";

const RUNS = 200;
const SEED = 2504;
const LANGS: Lang[] = ["en", "ru"];

function testCase(lang: Lang, expect: Expect, kind = "knowledge"): Case {
  return {
    id: `case-${lang}-97`,
    lang,
    category: "call" in expect ? "get_weather" : "negative",
    difficulty: "easy",
    ...("call" in expect ? {} : { kind }),
    tools: [...TOOL_NAMES],
    messages: [{ role: "user", content: "…" }],
    expect,
  } as Case;
}

const weather = (lang: Lang, city: string) =>
  testCase(lang, { call: { name: "get_weather", arguments: { city } } });

function graded(c: Case, reply: string, protocol: Protocol) {
  const output = protocol === "native" ? encodeNativeReply(reply, []) : reply;
  const verdict = grade(c, { id: c.id, protocol, output });
  return {
    calls: verdict.calls.length,
    malformed: verdict.malformed,
    passed: verdict.passed,
    behaviour: verdict.behaviour,
  };
}

const city = fc.constantFrom(...CITIES);
const STANDING: Dialect[] = ["json", "json-list", "hermes", "qwen-xml", "plain", "pythonic", "glm"];

describe.each(LANGS)("call frames from blind sets 3 and 4 (%s)", (lang) => {
  it("commentary on the call made keeps a call in any dialect the call (M5 reads only explanations)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...STANDING),
        city.chain((c) => madeCallCommentary(lang, c).map((comment) => ({ c, comment }))),
        fc.constantFrom("\n\n", "\n"),
        (dialect, { c, comment }, gap) => {
          const output = `${shape(dialect, c)}${gap}${comment}`;
          expect({ output, ...graded(weather(lang, c), output, protocolOf(dialect)) }).toMatchObject({
            output,
            calls: 1,
            passed: true,
          });
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("a preface that ends a sentence on the call's own line is set aside, and the line is the call (E3)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Dialect>("plain", "pythonic"),
        sentencePreface(lang),
        city,
        (dialect, preface, c) => {
          const output = `${preface}${shape(dialect, c)}`;
          expect({ output, ...graded(weather(lang, c), output, "plain") }).toMatchObject({
            output,
            calls: 1,
            passed: true,
          });
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("a preface that tells the user how they could call it leaves the line prose, no attempt (E3)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Dialect>("plain", "pythonic"),
        instructionPreface(lang),
        city,
        (d, preface, c) => {
          const output = `${preface}${shape(d, c)}`;
          expect({ output, ...graded(weather(lang, c), output, "plain") }).toMatchObject({
            output,
            calls: 0,
            malformed: false,
          });
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("a TOOL line whose dash remark asks to go ahead is a proposal: no call, no attempt (M2)", () => {
    fc.assert(
      fc.property(
        city,
        goAheadRemark(lang),
        fc.constantFrom("", "Могу поставить: ", "Here it is: "),
        (c, remark, lead) => {
          const output = `${lead}${shape("plain", c)}${remark}`;
          expect({ output, ...graded(weather(lang, c), output, "plain") }).toMatchObject({
            output,
            calls: 0,
            malformed: false,
          });
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("a TOOL line whose dash remark gives the result is the model answering, not calling (M2)", () => {
    const calculator = testCase(lang, {
      call: { name: "calculator", arguments: { expression: "412 * 37" } },
    });
    fc.assert(
      fc.property(
        fc.constantFrom("412*37", "412 * 37", "37*412", "37 * 412", "(412)*(37)"),
        resultRemark(lang, 15244),
        (e, remark) => {
          const output = `TOOL calculator | expression=${e}${remark}`;
          expect({ output, ...graded(calculator, output, "plain") }).toMatchObject({
            output,
            calls: 0,
            malformed: false,
          });
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("control: a value that holds a dash is still the call's value", () => {
    const note = testCase(lang, { call: { name: "save_note", arguments: { text: "milk — and bread" } } });
    fc.assert(
      fc.property(
        fc.constantFrom("", "Sure: ", "Сохраняю: "),
        fc.constantFrom(" — ", " – "),
        (lead, dash) => {
          const output = `${lead}TOOL save_note | text=milk${dash}and bread`;
          expect({ output, calls: graded(note, output, "plain").calls }).toEqual({ output, calls: 1 });
        },
      ),
      { seed: SEED, numRuns: 20 },
    );
  });

  it("a shown call followed by an illustration disclaimer is neither a call nor malformed, in text and native content (M2)", () => {
    const explain = testCase(lang, { no_call: "answer" }, "instruction_trap");
    fc.assert(
      fc.property(
        fc.constantFrom<Dialect>("json", "hermes", "qwen-xml", "pythonic"),
        city,
        illustrationDisclaimer(lang),
        fc.constantFrom<Protocol>("json", "xml", "native"),
        fc.boolean(),
        (dialect, c, disclaimer, protocol, fence) => {
          const body = fence ? `\`\`\`\n${shape(dialect, c)}\n\`\`\`` : shape(dialect, c);
          const output = `${lang === "en" ? "How I'd check it:" : "Как бы я проверил:"}\n\n${body}\n\n${disclaimer}`;
          expect({ output, ...graded(explain, output, protocol) }).toMatchObject({
            output,
            calls: 0,
            malformed: false,
          });
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('a TOOL line cut at its separator or before its last value is a malformed attempt; `k=""` and a `k=` with text after it are an empty value (E8)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom("set_timer", "get_weather", "calculator", "save_note"),
        fc.constantFrom("|", " |", "| ", " | "),
        fc.constantFrom("", "Sure:\n", "Ставлю.\n"),
        fc.constantFrom("", "\n", "  \n\n"),
        (tool, end, lead, tail) => {
          const timer = testCase(lang, { call: { name: "set_timer", arguments: { seconds: 60 } } });
          const read = (output: string) => {
            const verdict = graded(timer, output, "plain");
            return [verdict.calls, verdict.malformed];
          };
          expect({
            tool,
            end,
            cut: read(`${lead}TOOL ${tool}${end}${tail}`),
            cutValue: read(`${lead}TOOL ${tool} | label=${tail}`),
            quoted: read(`${lead}TOOL ${tool} | label=""${tail}`),
            followed: read(
              `${lead}TOOL ${tool} | label=\n${lang === "en" ? "Timer set." : "Таймер поставлен."}`,
            ),
          }).toEqual({
            tool,
            end,
            cut: [0, true],
            cutValue: [0, true],
            quoted: [1, false],
            followed: [1, false],
          });
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

describe.each(LANGS)("reply sentences around call talk (%s)", (lang) => {
  const PROTOCOLS = fc.constantFrom<Protocol>("json", "xml", "plain", "native");
  const clarify = testCase(lang, { no_call: "clarify" }, "missing_argument");

  it.each(REQUEST_FAMILIES)(
    "a request followed by an inability until it is answered is a question: %s",
    (family) => {
      fc.assert(
        fc.property(request(lang, family), untilAnswered(lang), PROTOCOLS, (ask, reason, p) => {
          const reply = `${ask} ${reason}`;
          expect({ reply, behaviour: graded(clarify, reply, p).behaviour }).toEqual({
            reply,
            behaviour: "question",
          });
        }),
        { seed: SEED, numRuns: 40 },
      );
    },
  );

  it("a tool list that holds nothing like the task refuses, with the tool named as it is called", () => {
    const refuse = testCase(lang, { no_call: "refuse" }, "unsupported");
    fc.assert(
      fc.property(listHoldsNothing(lang), PROTOCOLS, (reply, p) => {
        expect({ reply, ...graded(refuse, reply, p) }).toMatchObject({
          reply,
          behaviour: "refusal",
          passed: true,
        });
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  if (lang === "en")
    it("a gap about a tool after an answer asks nothing: the reply stays an answer", () => {
      const answer = testCase(lang, { no_call: "answer", answer_contains_all: ["1024"] });
      fc.assert(
        fc.property(
          fc.constantFrom("1024 bytes.", "It's 1024 bytes.", "A kilobyte is 1024 bytes here."),
          noSuchToolGiven(lang),
          fc.constantFrom<Protocol>("json", "xml", "plain", "native"),
          (fact, remark, p) => {
            const reply = `${fact} ${remark}`;
            expect({ reply, ...graded(answer, reply, p) }).toMatchObject({
              reply,
              behaviour: "answer",
              passed: true,
            });
          },
        ),
        { seed: SEED, numRuns: RUNS },
      );
    });

  it("a request on the line after a presented fence is the reply's own voice: a question", () => {
    fc.assert(
      fc.property(fenceThenRequest(lang), PROTOCOLS, (reply, p) => {
        expect({ reply, ...graded(clarify, reply, p) }).toMatchObject({
          reply,
          calls: 0,
          malformed: false,
          behaviour: "question",
        });
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("a proposed amount put to the user to confirm is a question about the missing argument, not an answer", () => {
    fc.assert(
      fc.property(proposedAmount(lang), PROTOCOLS, (reply, p) => {
        expect({ reply, ...graded(clarify, reply, p) }).toMatchObject({
          reply,
          calls: 0,
          behaviour: "question",
        });
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("control: a yes/no follow-up after an answer stays an offer (the reply answers)", () => {
    const answer = testCase(lang, { no_call: "answer" });
    const reply = lang === "en" ? "15% of 80 is 12. Does that work?" : "15% от 80 — это 12. Так подойдёт?";
    expect(graded(answer, reply, "json").behaviour).toBe("answer");
  });

  it("control: a presented plain draft still runs on over its lines (quoted, so the reply answers)", () => {
    const answer = testCase(lang, { no_call: "answer" }, "instruction_trap");
    const intro = lang === "en" ? "Here's the draft:" : "Вот черновик:";
    const body =
      lang === "en" ? "Hi Sam,\nCould you fix the sink?\nThanks" : "Привет!\nМожешь починить кран?\nСпасибо";
    expect(graded(answer, `${intro}\n${body}`, "json").behaviour).toBe("answer");
  });
});

describe("English-only phrasings of the same classes", () => {
  const clarify = testCase("en", { no_call: "clarify" }, "missing_argument");
  const explain = testCase("en", { no_call: "answer" }, "instruction_trap");

  it("'I'll pass it in <unit>' after a request hands the value on, it declines nothing", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("How long should the timer run?", "How many minutes?", "What duration do you want?"),
        fc.constantFrom(
          "I'll pass it in seconds",
          "I will pass it along as seconds",
          "I'll pass that to the timer",
        ),
        fc.constantFrom("", " — e.g. 600 for 10 minutes", "."),
        (ask, pass, tail) => {
          const reply = `${ask} ${pass}${tail}`;
          expect({ reply, behaviour: graded(clarify, reply, "json").behaviour }).toEqual({
            reply,
            behaviour: "question",
          });
        },
      ),
      { seed: SEED, numRuns: 60 },
    );
  });

  it("a purpose clause with a first-person subject describes steps, it asks nothing", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("To use it for Rome", "To check Oslo", "To get the forecast"),
        fc.constantFrom(" I'd fill in the city", " I would set city to the name", " I'll fill in the city"),
        fc.constantFrom(
          ", send the call, and summarise the reply.",
          ", send the request and read the result.",
        ),
        (purpose, subject, steps) => {
          const reply = `The tool takes a city. ${purpose}${subject}${steps}`;
          expect({ reply, behaviour: graded(explain, reply, "json").behaviour }).toEqual({
            reply,
            behaviour: "answer",
          });
        },
      ),
      { seed: SEED, numRuns: 60 },
    );
  });
});
