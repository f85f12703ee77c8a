/**
 * Fresh blind set 19s's seven shape classes (issue 25, round 6; docs/spec-conformance.md E13), hand-checked through
 * `grade` with the item's own shape, variants in both languages and other dialects, and controls; then one seeded
 * relation per class (fast-check, 200+ draws each). Each relation fails on tooluse 2.6.0.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Protocol } from "../cases/schema.js";
import { SPEC1_RULES } from "./rules.js";
import { CITIES } from "./test-support/phrase-grammars.js";
import {
  ATTEMPT,
  CALL,
  callCase,
  MENTION,
  shapeReading,
  weatherCase,
} from "./test-support/synthetic-cases.js";

const RUNS = 200;
const SEED = 2627;
const rome = weatherCase("en", "Rome");
const reading = (output: string, protocol: Protocol = "json") => {
  const { passed, malformed, calls } = shapeReading(rome, output, protocol);
  return { passed, malformed, calls };
};
const json = (city: string) => `{"name": "get_weather", "arguments": {"city": "${city}"}}`;
const tool = (city: string) => `TOOL get_weather | city=${city}`;
const fenced = (body: string) => `\`\`\`\n${body}\n\`\`\``;
const TWO = { passed: false, malformed: false, calls: 2 };

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

describe("C1: a conditional inside a first-person plan is no offer frame", () => {
  const translate = "TOOL translate | text=Приятного аппетита | target_language=de";
  const save = "TOOL save_note | text=Guten Appetit";
  it("reads both call lines after the plan (19s #117) and its variants", () => {
    expect(
      reading(
        `Сначала переведу фразу, а потом, если нужно, сохраню её в заметки.\n${translate}\n${save}`,
        "plain",
      ),
    ).toEqual(TWO);
    expect(
      reading(`First I'll translate it, then, if needed, I'll save it.\n${translate}\n${save}`, "plain"),
    ).toEqual(TWO);
    expect(reading(`Сначала узнаю погоду, а затем, если хотите, сохраню заметку.\n${json("Rome")}`)).toEqual(
      CALL,
    );
    expect(
      reading(`I'll check Rome first, and then, if you want, the forecast.\n${tool("Rome")}`, "plain"),
    ).toEqual(CALL);
  });
  it("keeps an offer with a modal and a real hypothetical a frame (controls)", () => {
    expect(reading(`If you want, I can run:\n${tool("Rome")}`, "plain")).toEqual(MENTION);
    expect(reading(`Сначала, если хотите, могу проверить погоду:\n${json("Rome")}`)).toEqual(MENTION);
    expect(reading(`Если бы нужно было, я бы вызвал так:\n${json("Rome")}`)).toEqual(MENTION);
    expect(reading(`Переведу.\n${translate}\n${save}`, "plain")).toEqual(TWO);
  });
  it("holds for every plan drawn (generated)", () => {
    const plan = fc.constantFrom(
      "Сначала переведу фразу, а потом, если нужно, сохраню её в заметки.",
      "Сначала проверю погоду, затем, если понадобится, сохраню заметку.",
      "First I'll check the weather, then, if needed, I'll save a note.",
      "I'll look it up first and then, if you want, I'll note it down.",
      "First I'll run the lookup, and if that's fine, I'll save the result.",
    );
    const shape = fc.constantFrom<[(city: string) => string, Protocol]>([tool, "plain"], [json, "json"]);
    holds(
      fc.tuple(plan, shape, fc.constantFrom(...CITIES), fc.constantFrom(...CITIES)),
      ([p, [write, protocol], a, b]) => [`${p}\n${write(a)}\n${write(b)}`, protocol],
      { calls: 2, malformed: false },
    );
  });
});

describe("C2: Llama's `<|python_tag|>NAME.call(k=v)` is a call wherever it stands", () => {
  const tag = (city: string) => `<|python_tag|>get_weather.call(city="${city}")`;
  it("reads it alone as a call with its dialect named, and after a JSON call as a second call (19s #5)", () => {
    expect(shapeReading(rome, tag("Rome"), "json")).toMatchObject({ ...CALL, lenient: ["dialect=pythonic"] });
    const calc = callCase("en", "calculator", { expression: "57/5" });
    const item =
      '{"name": "calculator", "arguments": {"expression": "57 / 5"}}\n<|python_tag|>calculator.call(expression="57/5")';
    expect(shapeReading(calc, item, "json")).toMatchObject({ calls: 2, malformed: false, passed: false });
    expect(reading(`${tag("Rome")}\n${json("Oslo")}`)).toEqual(TWO);
    expect(reading(`<tool_call>\n${json("Rome")}\n</tool_call>\n${tag("Oslo")}`, "xml")).toEqual(TWO);
    expect(reading(`${tool("Rome")}\n${tag("Oslo")}`, "plain")).toEqual(TWO);
  });
  it("a token named inside a sentence stays a mention, and spec1 reads only the JSON call (controls)", () => {
    expect(
      reading(`${json("Rome")}\nLlama would write <|python_tag|>get_weather.call(city="Oslo") instead.`),
    ).toEqual(CALL);
    expect(shapeReading(rome, `${json("Rome")}\n${tag("Oslo")}`, "json", SPEC1_RULES).calls).toBe(1);
  });
  it("holds for every pair drawn (generated)", () => {
    const first = fc.constantFrom<[(city: string) => string, Protocol]>(
      [json, "json"],
      [(city) => `<tool_call>\n${json(city)}\n</tool_call>`, "xml"],
      [tool, "plain"],
    );
    holds(
      fc.tuple(first, fc.constantFrom(...CITIES), fc.constantFrom(...CITIES), fc.boolean()),
      ([[write, protocol], a, b, tagFirst]) => [
        tagFirst ? `${tag(a)}\n${write(b)}` : `${write(a)}\n${tag(b)}`,
        protocol,
      ],
      { calls: 2, malformed: false },
    );
  });
});

describe("C3: a preface saying what a call would be shows it", () => {
  it("reads the item (19s #76) and its variants as mentions", () => {
    const save = '{"name": "save_note", "arguments": {"text": "Email landlord: kitchen sink leaking again"}}';
    const item = `I don't have an email tool, so I can't send that. For reference, the only note-style action I have would be:\n\n${fenced(save)}\n\nWant me to save it as a reminder instead?`;
    expect(reading(item)).toEqual(MENTION);
    expect(reading(`The weather lookup would look like this:\n\n${json("Rome")}`)).toEqual(MENTION);
    expect(reading(`Запрос к погоде выглядел бы так:\n\n${fenced(json("Rome"))}`)).toEqual(MENTION);
    expect(reading(`Вызов был бы такой:\n${tool("Rome")}`, "plain")).toEqual(MENTION);
  });
  it("a bare 'the call I'm making is' and a plain 'here it is' stay calls (controls)", () => {
    expect(reading(`For reference, the call I'm making is:\n${json("Rome")}`)).toEqual(CALL);
    expect(reading(`Here it is:\n${fenced(json("Rome"))}`)).toEqual(CALL);
  });
  it("holds for every frame drawn (generated)", () => {
    const frame = fc.constantFrom(
      "For reference, the only action I have would be:",
      "The request would look like this:",
      "What I'd send would be:",
      "Для справки, вызов выглядел бы так:",
      "Запрос был бы такой:",
      "Такой вызов был бы:",
    );
    const body = fc.constantFrom<[(city: string) => string, Protocol]>(
      [json, "json"],
      [(city) => fenced(json(city)), "json"],
      [tool, "plain"],
    );
    holds(
      fc.tuple(frame, body, fc.constantFrom(...CITIES)),
      ([f, [write, protocol], city]) => [`${f}\n\n${write(city)}`, protocol],
      MENTION,
    );
  });
});

describe("C4: a fence whose first line is an example comment shows its call", () => {
  it("reads the item (19s #135) and its variants as mentions", () => {
    const search = '{"name": "web_search", "arguments": {"query": "автор Война и мир"}}';
    const item = `«Войну и мир» написал **Лев Николаевич Толстой**.\n\n\`\`\`\n// пример вызова, если бы понадобился поиск:\n${search}\n\`\`\`\nНо здесь он не нужен.`;
    expect(reading(item)).toEqual(MENTION);
    expect(reading(fenced(`# example\n${json("Rome")}`))).toEqual(MENTION);
    expect(
      reading(`Rome:\n${fenced(`<!-- example only -->\n<tool_call>\n${json("Rome")}\n</tool_call>`)}`, "xml"),
    ).toEqual(MENTION);
    expect(reading(fenced(`// example only\n${tool("Rome")}`), "plain")).toEqual(MENTION);
  });
  it("a comment that says nothing of an example keeps the call (control)", () => {
    expect(reading(fenced(`// weather in Rome\n${json("Rome")}`))).toEqual(CALL);
    expect(reading(fenced(`# примерно 20 градусов, уточню\n${json("Rome")}`))).toEqual(CALL);
  });
  it("holds for every comment drawn (generated)", () => {
    const comment = fc.constantFrom(
      "// example",
      "// example only",
      "# example call",
      "<!-- example -->",
      "/* sample request */",
      "// пример вызова, если бы понадобился поиск:",
      "# пример",
      "-- hypothetical call",
    );
    const body = fc.constantFrom<[(city: string) => string, Protocol]>([json, "json"], [tool, "plain"]);
    holds(
      fc.tuple(comment, body, fc.constantFrom(...CITIES), fc.boolean()),
      ([c, [write, protocol], city, prose]) => [
        `${prose ? "The capital is sunny.\n\n" : ""}${fenced(`${c}\n${write(city)}`)}`,
        protocol,
      ],
      MENTION,
    );
  });
});

describe("C5: a TOOL line with a slot for its name or a value is a template", () => {
  it("reads the item (19s #145) and its variants as mentions, not attempts", () => {
    const item =
      "Таймера среди моих инструментов нет, так что поставить его не получится. Для справки, формат вызова выглядит так:\n\n    TOOL <tool name> | <parameter>=<value>\n\nно set_timer мне недоступен — поставьте таймер в телефоне.";
    expect(reading(item, "plain")).toEqual(MENTION);
    expect(reading("TOOL convert_currency | amount=<сумма>", "plain")).toEqual(MENTION);
    expect(reading("The format is:\n\n    TOOL {tool} | city={city}\n\nthat's all.", "plain")).toEqual(
      MENTION,
    );
    expect(reading("TOOL <name> | city=Rome", "plain")).toEqual(MENTION);
  });
  it("a real cut-off line stays malformed, an indented real call stays a call (controls)", () => {
    expect(reading("TOOL get_weather | city=", "plain")).toEqual(ATTEMPT);
    expect(reading("Checking:\n\n    TOOL get_weather | city=Rome", "plain")).toEqual(CALL);
  });
  it("holds for every template drawn (generated)", () => {
    const name = fc.constantFrom(
      "<tool name>",
      "<tool>",
      "{tool}",
      "[name]",
      "...",
      "get_weather",
      "convert_currency",
    );
    const value = fc.constantFrom("<value>", "<сумма>", "{city}", "...", "<your city>", "…");
    const preface = fc.constantFrom("", "Format:\n\n", "Для справки, формат вызова выглядит так:\n\n");
    holds(
      fc.tuple(name, value, preface, fc.boolean()),
      ([n, v, p, indent]) => [`${p}${indent ? "    " : ""}TOOL ${n} | city=${v}`, "plain"],
      MENTION,
    );
  });
});

describe("C6: 'Example request:' before a block is an example frame", () => {
  it("reads the item (19s #43) and its variants as mentions", () => {
    const time = '{"name": "get_time", "arguments": {"timezone": "Australia/Sydney"}}';
    const item = `### Checking Sydney time\n\nThe \`get_time\` tool takes one argument:\n\n| Field | Meaning |\n|---|---|\n| \`timezone\` | IANA name, e.g. \`Australia/Sydney\` |\n\nExample request:\n\n\`\`\`json\n${time}\n\`\`\`\n\nSydney is usually 9–11 hours ahead of Europe, which explains the odd hours.`;
    expect(reading(item)).toEqual(MENTION);
    expect(reading(`Example request:\n\n${fenced(json("Rome"))}`)).toEqual(MENTION);
    expect(reading(`Sample call:\n${tool("Rome")}`, "plain")).toEqual(MENTION);
    expect(reading(`Пример запроса:\n\n${fenced(json("Rome"))}`)).toEqual(MENTION);
  });
  it("a request made now stays a call (control)", () => {
    expect(reading(`Sending the request:\n\n${fenced(json("Rome"))}`)).toEqual(CALL);
  });
  it("holds for every label and surrounding drawn (generated)", () => {
    const label = fc.constantFrom(
      "Example request:",
      "Example call:",
      "Sample request:",
      "Example usage:",
      "Пример запроса:",
      "Пример вызова:",
    );
    const before = fc.constantFrom(
      "",
      "### Weather\n\n",
      "| Field | Meaning |\n|---|---|\n| `city` | a city |\n\n",
    );
    const after = fc.constantFrom("", "\n\nRome is usually mild.", "\n\nВ Риме обычно тепло.");
    holds(
      fc.tuple(label, before, after, fc.constantFrom(...CITIES)),
      ([l, b, a, city]) => [`${b}${l}\n\n${fenced(json(city))}${a}`, "json"],
      MENTION,
    );
  });
});

describe("C7: a TOOL line with a segment that is not key=value is a malformed attempt", () => {
  const calc = callCase("ru", "calculator", { expression: "(1234 - 567) * 3" });
  it("reads the item (19s #42) and its variants as attempts", () => {
    expect(shapeReading(calc, "TOOL calculator | expression (1234 - 567) * 3", "plain")).toMatchObject(
      ATTEMPT,
    );
    expect(reading("TOOL get_weather | Rome", "plain")).toEqual(ATTEMPT);
    expect(reading("Проверяю:\nTOOL get_weather | city: Rome", "plain")).toEqual(ATTEMPT);
    // Cut inside its key: the 40 verdicts of the tooluse1 digests that moved with 2.7.0 are of this shape.
    expect(reading("TOOL get_weather | ci", "plain")).toEqual(ATTEMPT);
  });
  it("no segments, a value holding '=' and spec1's reading stay calls (controls)", () => {
    const time = callCase("en", "get_time", {});
    expect(shapeReading(time, "TOOL get_time", "plain").calls).toBe(1);
    expect(shapeReading(calc, "TOOL calculator | expression=(1234 - 567) * 3 = ?", "plain").calls).toBe(1);
    expect(
      shapeReading(calc, "TOOL calculator | expression (1234 - 567) * 3", "plain", SPEC1_RULES),
    ).toMatchObject({ calls: 1, malformed: false });
  });
  it("holds for every bare segment drawn (generated)", () => {
    const bare = fc.constantFrom(
      "Rome",
      "city Rome",
      "city: Rome",
      "(Rome)",
      "город Рим",
      "expression 2 + 2",
    );
    holds(
      fc.tuple(bare, fc.constantFrom(...CITIES), fc.boolean()),
      ([segment, city, withValue]) => [
        `TOOL get_weather | ${withValue ? `city=${city} | ` : ""}${segment}`,
        "plain",
      ],
      ATTEMPT,
    );
  });
});
