/**
 * Blind sets 15s, 16s and 17s's shape classes (issue 25, round 5; docs/spec-conformance.md E8, E14, the leniency table),
 * hand-checked through `grade` with a control each, and a seeded relation for M6 (an option in a prose list).
 * Each failed on tooluse 2.5.0.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Protocol } from "../cases/schema.js";
import { extractCalls } from "../extract/index.js";
import { grade } from "./grade.js";
import { renderCall } from "./render-call.js";
import { SPEC1_RULES } from "./rules.js";
import { CITIES } from "./test-support/phrase-grammars.js";
import {
  ATTEMPT,
  CALL,
  callCase,
  MENTION,
  noCallCase,
  shapeReading,
  weatherCase,
} from "./test-support/synthetic-cases.js";

const RUNS = 200;
const SEED = 2526;
const rome = weatherCase("en", "Rome");
const reading = (output: string, protocol: Protocol = "json") => {
  const { passed, malformed, calls } = shapeReading(rome, output, protocol);
  return { passed, malformed, calls };
};

describe("E8: a TOOL line ending the output in `k=` was cut before its value", () => {
  const timer = callCase("en", "set_timer", { seconds: 600 });
  const read = (output: string) => {
    const { passed, malformed, calls } = shapeReading(timer, output, "plain");
    return { passed, malformed, calls };
  };
  it("is a malformed attempt, with or without a trailing newline", () => {
    expect(read("TOOL set_timer | seconds=")).toEqual(ATTEMPT);
    expect(read("TOOL set_timer | seconds=600 | label=\n")).toEqual(ATTEMPT);
  });
  it('reads `k=""` and a `k=` with more text after the line as an empty value (controls)', () => {
    expect(read('TOOL set_timer | seconds=600 | label=""')).toEqual(CALL);
    expect(read("TOOL set_timer | seconds=600 | label=\nStarted.")).toEqual(CALL);
  });
  it("the oracle writes a string the reader would trim quoted, and it reads back whole", () => {
    for (const value of ["", " ", " a ", "x"]) {
      const line = renderCall("plain", { name: "concat", arguments: { separator: value, n: 2 } });
      expect(extractCalls(line).calls).toEqual([{ name: "concat", arguments: { separator: value, n: "2" } }]);
      const last = renderCall("plain", { name: "set_timer", arguments: { seconds: 600, label: value } });
      expect({ last, ...read(last) }).toMatchObject({ last, malformed: false, calls: 1 });
    }
    expect(renderCall("plain", { name: "concat", arguments: { separator: " " } })).toBe(
      'TOOL concat | separator=" "',
    );
  });
  it("spec1 keeps 1.0's reading: the call with an empty value", () => {
    expect(shapeReading(timer, "TOOL set_timer | seconds=600 | label=", "plain", SPEC1_RULES)).toMatchObject(
      CALL,
    );
  });
});

describe("E8: a Qwen-XML block cut inside its own closing tag after its function closed", () => {
  const body = "<tool_call><function=get_weather><parameter=city>Rome</parameter></function>";
  it("is whole: the call is read", () => {
    expect(reading(`${body}</tool_c`, "xml")).toEqual(CALL);
    expect(reading(`${body}</`, "xml")).toEqual(CALL);
  });
  it("stays an attempt when the function itself never closed (control)", () => {
    expect(
      reading("<tool_call><function=get_weather><parameter=city>Rome</parameter></tool_c", "xml"),
    ).toEqual(ATTEMPT);
  });
});

describe("M6: a shape that is one option of a prose list is a mention", () => {
  const json = (city: string) => `{"name": "get_weather", "arguments": {"city": "${city}"}}`;
  it("reads the list as options laid out for the user", () => {
    const output = `I can't book it. Instead I could:\n1. Check the weather first: ${json("Rome")}\n2. Tell you how to book on the airline's site\nWhich would you like?`;
    expect(reading(output)).toEqual(MENTION);
  });
  it("keeps calls that are the list's every item, and a call outside a list (controls)", () => {
    const both = `Checking both:\n1. ${json("Rome")}\n2. ${json("Paris")}`;
    expect(reading(both).calls).toBe(2);
    expect(reading(`Checking now:\n${json("Rome")}`)).toEqual(CALL);
  });
  it("holds for every dialect frame drawn (generated)", () => {
    const marker = fc.constantFrom("1. ", "2) ", "- ", "* ", "• ");
    const label = fc.constantFrom("Check the weather: ", "Погода: ", "", "Option A — ");
    const prose = fc.constantFrom(
      "Tell you how to do it in the app",
      "Объяснить, как это сделать на сайте",
      "Save a note for later",
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...CITIES),
        marker,
        label,
        prose,
        fc.boolean(),
        (city, m, l, other, first) => {
          const shape = `${m}${l}${json(city)}`;
          const item = `${m}${other}`;
          const list = first ? `${shape}\n${item}` : `${item}\n${shape}`;
          const output = `Here are the options:\n${list}\nWhich one?`;
          expect({ output, ...reading(output) }).toMatchObject({ output, calls: 0, malformed: false });
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

describe("answer=grouped_number: a pass through a grouped number is named", () => {
  const kib = noCallCase("en", { no_call: "answer", answer_contains_all: ["1024"] });
  const graded = (reply: string, rules?: typeof SPEC1_RULES) =>
    grade(kib, { id: kib.id, protocol: "json", output: reply }, rules);
  it("names the leniency in the verdict and its reason", () => {
    const v = graded("A kibibyte is 1,024 bytes.");
    expect(v).toMatchObject({ passed: true, lenient: ["answer=grouped_number"] });
    expect(v.reason).toContain("(lenient: answer=grouped_number)");
    expect(graded("Один кибибайт — это 1 024 байта.").lenient).toEqual(["answer=grouped_number"]);
    // Full-width digits and comma fold (NFKC) to "1,024": still named.
    expect(graded("A kibibyte is １，０２４ bytes.").lenient).toEqual(["answer=grouped_number"]);
  });
  it("names nothing when the number is written ungrouped, and spec1 fails the grouped form (controls)", () => {
    expect(graded("A kibibyte is 1024 bytes.").lenient).toBeUndefined();
    expect(graded("A kibibyte is 1,024 bytes.", SPEC1_RULES).passed).toBe(false);
  });
});

describe("blind set 17s's classes", () => {
  const json = '{"name": "get_weather", "arguments": {"city": "Rome"}}';
  it("«примерно» (approximately) is no «пример» (example): the call after such a preface is the call", () => {
    expect(reading(`Сейчас там примерно +20, уточню:\n${json}`)).toEqual(CALL);
    expect(reading(`Например, так:\n${json}`)).toEqual(MENTION);
  });
  it("a hypothetical 'the request … would be' frame is a mention; 'the request is' is no frame (control)", () => {
    expect(reading(`The request to the weather tool would be this payload:\n\n${json}`)).toEqual(MENTION);
    expect(reading(`The request to the weather tool is:\n\n${json}`)).toEqual(CALL);
  });
  it("a counterexample frame makes a mention, in English and Russian", () => {
    expect(reading(`Rome is sunny today, I think. Answering like this would be wrong:\n${json}`)).toEqual(
      MENTION,
    );
    expect(reading(`Кстати, вот так отвечать было бы неправильно:\n\`\`\`\n${json}\n\`\`\``)).toEqual(
      MENTION,
    );
  });
  it("a TOOL line with its arguments in brackets after the name is a malformed attempt", () => {
    const plain = (output: string) => reading(output, "plain");
    expect(plain("I'll convert it.\nTOOL get_weather {city: Rome")).toEqual(ATTEMPT);
    expect(plain('TOOL get_weather(city="Rome")')).toEqual(ATTEMPT);
    expect(plain("TOOL calls (like get_weather) aren't needed here.").malformed).toBe(false);
  });
});
