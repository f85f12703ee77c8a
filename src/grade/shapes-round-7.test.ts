/**
 * Round 7's three shape classes (issue 25; docs/spec-conformance.md E15), hand-checked through `grade` with variants
 * in both languages and dialects, with controls; then one seeded relation per class (fast-check, 200 draws each).
 * Each relation fails on tooluse 2.7.0.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Protocol } from "../cases/schema.js";
import { CITIES, type Dialect, shape } from "./test-support/phrase-grammars.js";
import { CALL, MENTION, protocolOf, shapeReading, weatherCase } from "./test-support/synthetic-cases.js";

const RUNS = 200;
const SEED = 2717;
const rome = weatherCase("en", "Rome");
const reading = (output: string, protocol: Protocol = "json") => {
  const { passed, malformed, calls } = shapeReading(rome, output, protocol);
  return { passed, malformed, calls };
};
const json = (city: string) => `{"name": "get_weather", "arguments": {"city": "${city}"}}`;
const fenced = (body: string) => `\`\`\`\n${body}\n\`\`\``;
const BLOCK_DIALECTS: readonly Dialect[] = ["json", "hermes", "qwen-xml", "plain"];

/** Asserts `output` reads as `expected` for every draw of `arbitrary` (seeded, RUNS draws). */
function holds<T>(arbitrary: fc.Arbitrary<T>, build: (value: T) => [string, Protocol], expected: object) {
  fc.assert(
    fc.property(arbitrary, (value) => {
      const [output, protocol] = build(value);
      expect({ output, ...reading(output, protocol) }).toMatchObject({ output, ...expected });
    }),
    { seed: SEED, numRuns: RUNS },
  );
}

describe("C8: a preface introducing several ways or formats shows what follows", () => {
  it("reads a call after a list introduction as a mention, in both languages", () => {
    expect(reading(`Here are a few ways to phrase it:\n\n${json("Rome")}`)).toEqual(MENTION);
    expect(reading(`Supported formats:\n${fenced(json("Rome"))}`)).toEqual(MENTION);
    expect(reading(`Возможные варианты вызова:\n\n${json("Rome")}`)).toEqual(MENTION);
  });
  it("a plain preface and one naming a single call stay calls (controls)", () => {
    expect(reading(`Checking the weather now:\n${json("Rome")}`)).toEqual(CALL);
    expect(reading(`Here's the call:\n${fenced(json("Rome"))}`)).toEqual(CALL);
  });
  it("holds for every introduction drawn (generated)", () => {
    const intro = fc.constantFrom(
      "Here are a few ways to phrase it:",
      "There are several formats you could use:",
      "Two equivalent options:",
      "Supported dialects:",
      "Ways to write the call:",
      "Есть несколько способов записать вызов:",
      "Возможные варианты:",
      "Допустимые форматы:",
    );
    holds(
      fc.tuple(
        intro,
        fc.constantFrom(...BLOCK_DIALECTS),
        fc.constantFrom(...CITIES),
        fc.constantFrom("\n", "\n\n"),
      ),
      ([i, dialect, city, gap]) => [`${i}${gap}${shape(dialect, city)}`, protocolOf(dialect)],
      MENTION,
    );
  });
});

describe("C9: a call whose name or keys are slots is a template", () => {
  it("reads slot names and slot keys as mentions, not calls", () => {
    expect(reading('{"name": "TOOL_NAME", "arguments": {"PARAMETER_NAME": "value"}}')).toEqual(MENTION);
    expect(
      reading('<tool_call>{"name": "<tool_name>", "arguments": {"city": "Rome"}}</tool_call>', "xml"),
    ).toEqual(MENTION);
    expect(reading('{"name": "get_weather", "arguments": {"param_name": "Rome"}}')).toEqual(MENTION);
  });
  it("a real call with real keys stays a call (control)", () => {
    expect(reading(json("Rome"))).toEqual(CALL);
  });
  it("holds for every slot drawn (generated)", () => {
    const name = fc.constantFrom(
      "TOOL_NAME",
      "tool_name",
      "<tool_name>",
      "function_name",
      "FUNCTION_NAME",
      "[tool]",
    );
    const key = fc.constantFrom("city", "PARAMETER_NAME", "param_name", "ARG1", "<param>", "arg_1");
    const nameOrKeySlot = fc
      .tuple(fc.boolean(), name, key)
      .map(([slotName, n, k]) => (slotName ? [n, k] : ["get_weather", k === "city" ? "PARAMETER_NAME" : k]));
    holds(
      fc.tuple(nameOrKeySlot, fc.constantFrom(...CITIES), fc.constantFrom("bare", "hermes", "fenced")),
      ([[n, k], city, wrap]) => {
        const body = JSON.stringify({ name: n, arguments: { [k as string]: city } });
        if (wrap === "hermes") return [`<tool_call>${body}</tool_call>`, "xml"];
        return [wrap === "fenced" ? fenced(body) : body, "json"];
      },
      MENTION,
    );
  });
});

describe("C10: 'would have looked like:' and plural 'examples:' frame a mention", () => {
  it("reads the frames as mentions", () => {
    expect(reading(`The call would have looked like:\n${json("Rome")}`)).toEqual(MENTION);
    expect(reading(`A few examples:\n\n${json("Rome")}`)).toEqual(MENTION);
    // (2.9.0, fresh set 25s) a hypothetical of appearing: "would show up as:", "would appear as:".
    expect(
      reading(`In an OpenAI-style API the request would show up as:\n\n${fenced(json("Rome"))}`),
    ).toEqual(MENTION);
    expect(reading(`It would appear as:\n${json("Rome")}`)).toEqual(MENTION);
  });
  it("holds for every frame drawn (generated)", () => {
    const frame = fc.constantFrom(
      "The call would have looked like:",
      "My request would have been:",
      "It would have gone out as:",
      "Examples:",
      "Some samples:",
      "Sample requests:",
    );
    holds(
      fc.tuple(frame, fc.constantFrom(...BLOCK_DIALECTS), fc.constantFrom(...CITIES)),
      ([f, dialect, city]) => [`${f}\n\n${shape(dialect, city)}`, protocolOf(dialect)],
      MENTION,
    );
  });
});

describe("C11: a worked preface that ends the reply in the call keeps it a call", () => {
  const working = (city: string) =>
    `Let me work through this:\nThe user wants the weather in ${city}.\nOne call does it.`;
  it("reads the call after the working as the call, and a shown example after it as a mention (control)", () => {
    expect(reading(`${working("Rome")}\n\n${fenced(shape("pythonic", "Rome"))}`)).toEqual(CALL);
    expect(
      reading(`Давайте посчитаем:\nнужна погода в Риме.\nХватит одного вызова.\n\n${json("Rome")}`),
    ).toEqual(CALL);
    expect(reading(`${working("Rome")}\nFor example, it would look like:\n\n${json("Rome")}`)).toEqual(
      MENTION,
    );
    expect(
      reading(`${working("Rome")}\n\n${json("Rome")}\n\nThat would return the forecast; I won't run it.`),
    ).toEqual(MENTION);
  });
  it("holds for every working and dialect drawn (generated)", () => {
    const opening = fc.constantFrom(
      "Let me work through this:",
      "Let's think it through:",
      "First, the steps:",
      "Давайте разберёмся:",
      "Сначала подумаем:",
    );
    holds(
      fc.tuple(
        opening,
        fc.constantFrom(...BLOCK_DIALECTS, "pythonic" as const),
        fc.constantFrom(
          "The request is the weather in Rome.",
          "Нужна погода в Риме.",
          "1. City: Rome\n2. Tool: weather",
        ),
        fc.constantFrom("One call covers it.", "Хватит одного вызова.", "So:"),
      ),
      ([o, dialect, step, conclusion]) => [
        `${o}\n${step}\n${conclusion}\n\n${shape(dialect, "Rome")}`,
        protocolOf(dialect),
      ],
      CALL,
    );
  });
});

describe("C12: telling the user how to search or use a tool themselves frames a mention", () => {
  it("reads the instructions as mentions", () => {
    expect(reading(`You could search for it yourself like this:\n\n${shape("pythonic", "Rome")}`)).toEqual(
      MENTION,
    );
    expect(reading(`Можно воспользоваться инструментом так:\n\n${json("Rome")}`)).toEqual(MENTION);
  });
  it("holds for every instruction drawn (generated)", () => {
    const frame = fc.constantFrom(
      "You could search for it yourself like this:",
      "You can look it up with:",
      "You might query it as follows:",
      "Можно воспользоваться инструментом так:",
      "Можно поискать так:",
      "Можно применить такой вызов:",
    );
    holds(
      fc.tuple(frame, fc.constantFrom(...BLOCK_DIALECTS, "pythonic" as const), fc.constantFrom(...CITIES)),
      ([f, dialect, city]) => [`${f}\n\n${shape(dialect, city)}`, protocolOf(dialect)],
      MENTION,
    );
  });
});
