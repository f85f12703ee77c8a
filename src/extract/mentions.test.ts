/** The mention rule (extraction rule E2), one test per part M1–M5, then through extractCalls for every dialect. */
import { describe, expect, it } from "vitest";
import { extractCalls } from "./index.js";
import {
  blankBlockQuotes,
  blankInlineMentions,
  blankSameLinePrefaces,
  framedAsNotMade,
  insideSentence,
  isTemplate,
  standsAsTheReply,
} from "./mentions.js";

/** The span of `shape` inside `text`. */
const at = (text: string, shape: string) => {
  const start = text.indexOf(shape);
  return { start, end: start + shape.length };
};
const CALL = '{"name": "get_weather", "arguments": {"city": "Rome"}}';

describe("M1: inside a sentence", () => {
  it.each([
    `I would send ${CALL} but I won't.`,
    `Something like ${CALL}.`,
    `${CALL}, which I am not sending`,
    `Запрос ${CALL} отправлен.`,
  ])("%j", (text) => expect(insideSentence(text, at(text, CALL))).toBe(true));

  it("a tag whose line goes on in words", () => {
    const text = "I would write <function=get_weather> with a city parameter.";
    expect(insideSentence(text, { start: text.indexOf("<"), end: text.length })).toBe(true);
  });

  it.each([
    CALL,
    `Sure: ${CALL}`,
    `Done! ${CALL}`,
    `${CALL} Would you like anything else?`,
    `[TOOL_CALLS]get_weather[ARGS]${CALL}`,
    `<|python_tag|>${CALL}<|eom_id|>`,
  ])("not %j", (text) => expect(insideSentence(text, at(text, CALL))).toBe(false));
});

describe("M2: an example frame", () => {
  it.each([
    `The call would look like this:\n${CALL}`,
    `For example:\n${CALL}`,
    `Например:\n${CALL}`,
    `${CALL}\nBut I won't run it.`,
    `${CALL}\nShould I go ahead?`,
    `${CALL}\nОтправить запрос?`,
  ])("%j", (text) => {
    const span = at(text, CALL);
    expect(framedAsNotMade(text, span, 0, text.length)).toBe(true);
  });

  it.each([`Let me check.\n${CALL}`, `${CALL}\nI'll tell you what it says.`, `Сейчас посмотрю:\n${CALL}`])(
    "not %j",
    (text) => expect(framedAsNotMade(text, at(text, CALL), 0, text.length)).toBe(false),
  );
});

describe("M3: placeholder arguments", () => {
  it("reads slots as a template, values as values", () => {
    for (const city of ["<your city>", "?", "...", "…", "[city]", "{city}", "<ваш город>"])
      expect(isTemplate([{ name: "get_weather", arguments: { city } }])).toBe(true);
    for (const value of ["Rome", "your_dataset_name", "[3,5,8]", "<3 km", 0])
      expect(isTemplate([{ name: "x", arguments: { value } }])).toBe(false);
  });
});

describe("M5: a dialect beyond the SPEC stands as the reply or not at all", () => {
  const shape = 'get_weather(city="Rome")';
  it.each([shape, `Checking now.\n${shape}`, `<|python_start|>[${shape}]<|python_end|>`])(
    "%j is the reply",
    (text) => expect(standsAsTheReply(text, [at(text, shape)])).toBe(true),
  );
  it.each([`${shape}\n\nThat returns the weather.`, `The tool takes a city.\nFor Rome:\n${shape}`])(
    "%j is not",
    (text) => expect(standsAsTheReply(text, [at(text, shape)])).toBe(false),
  );
});

describe("what is set aside before the extractors look", () => {
  it("inline code in prose, block quotes, and a one-clause preface on the call's line", () => {
    expect(blankInlineMentions("use `x()` here")).toBe("use       here");
    expect(blankInlineMentions("`TOOL x | a=b`")).toBe("`TOOL x | a=b`");
    expect(blankBlockQuotes("> TOOL x | a=b\nok")).toBe("              \nok");
    const names = new Set(["set_timer"]);
    const line = "Starting it now: TOOL set_timer | seconds=600";
    expect(blankSameLinePrefaces(line, line, names).trimStart()).toBe("TOOL set_timer | seconds=600");
    const shown = "The call would be: TOOL set_timer | seconds=600";
    expect(blankSameLinePrefaces(shown, shown, names)).toBe(shown);
  });
});

const J = CALL;
/** Real calls and mentions as models write them around a call (written here), with the number of real calls. */
const AROUND: [string, number][] = [
  [`I'll check the weather in Rome for you.\n\n<tool_call>\n${J}\n</tool_call>`, 1],
  [`Let me look that up: ${J}`, 1],
  [`${J}\n\nI'll let you know the result as soon as it comes back.`, 1],
  ["```json\n" + J + "\n```\nThis will fetch the current weather in Rome.", 1],
  [`Sure! Here's the call:\n${J}`, 1],
  ["Calling the weather tool now.\nTOOL get_weather | city=Rome", 1],
  ["<function=get_weather>\n<parameter=city>\nRome\n</parameter>\n</function>\nFetching now...", 1],
  ['Sure: [get_weather(city="Rome")]', 1],
  [`${J} Let me know if you need anything else.`, 1],
  [`To answer this, I need to call the weather tool:\n${J}`, 1],
  [`Проверю погоду в Риме.\n${J}`, 1],
  [`Вызываю инструмент:\n${J}`, 1],
  ['You can call it like `get_weather(city="Rome")`.', 0],
  ['If you want, I can run:\n\nget_weather(city="Rome")\n\nJust say the word.', 0],
  ["Here's an example request:\n```json\n" + J + "\n```", 0],
  ["Example: TOOL get_weather | city=Rome", 0],
  [`Например, так: ${J}`, 0],
];

describe("extractCalls under the mention rule", () => {
  const options = { mentions: true, plainLine: true };

  it.each(AROUND)("%j makes %i call(s), and is no malformed attempt", (text, calls) => {
    expect(extractCalls(text, options)).toMatchObject({ calls: { length: calls }, malformed: false });
  });
  it("keeps a real call and drops its re-quote after prose (M4)", () => {
    const text = `${CALL}\n\nFor reference, the call I just made was:\n${CALL}`;
    expect(extractCalls(text, options).calls).toHaveLength(1);
    expect(extractCalls(text).calls).toHaveLength(2);
  });

  it("neither a call nor an attempt: a mid-sentence tag, a TOOL word opening prose, a quoted harmony call", () => {
    for (const text of [
      "I would write <function=get_weather> with a city parameter, but I won't send it.",
      "TOOL calls aren't needed here: it is Canberra.",
      "In harmony it is `<|channel|>commentary to=functions.get_weather<|message|>{}<|call|>`, not sent.",
    ])
      expect(extractCalls(text, options)).toMatchObject({ calls: [], malformed: false });
  });

  it("an unclosed Python-style call of an offered tool is an attempt", () => {
    expect(extractCalls('get_time(timezone="Asia/Novosibirsk"', options)).toMatchObject({
      calls: [],
      malformed: true,
    });
  });

  it("names the dialect a call was read in", () => {
    expect(extractCalls('get_weather(city="Rome")', options).dialect).toBe("pythonic");
    expect(
      extractCalls(
        "<tool_call>get_weather<arg_key>city</arg_key><arg_value>Rome</arg_value></tool_call>",
        options,
      ).dialect,
    ).toBe("glm");
    expect(
      extractCalls(
        '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"city":"Rome"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
        options,
      ).dialect,
    ).toBe("deepseek");
    expect(
      extractCalls(
        '<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city":"Rome"}<|call|>',
      ).dialect,
    ).toBe("harmony");
    expect(extractCalls(CALL, options).dialect).toBeUndefined();
  });

  it("reads no dialect when dialects are off (spec1)", () => {
    expect(extractCalls('get_weather(city="Rome")', { dialects: false }).calls).toEqual([]);
    const deepseek =
      '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"city":"Rome"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>';
    // The JSON the tokens hold is a bare argument object to SPEC 1.0's chain.
    expect(extractCalls(deepseek, { dialects: false })).toMatchObject({ shape: "bare_arguments" });
  });
});

describe("M2 in a TOOL line's own line: a remark after a dash that says it was not made", () => {
  const twoPointO = { mentions: true, truncated: "attempt" as const };
  it.each([
    "You said: TOOL calculator | expression=2*3 — repeated back to you, not executed.",
    "TOOL get_weather | city=Oslo — just showing the format, I won't run it",
  ])("%j is no call", (text) => expect(extractCalls(text, twoPointO).calls).toEqual([]));

  it("a value that holds a dash stays a call", () =>
    expect(extractCalls("TOOL add_note | text=milk — and bread", twoPointO).calls).toHaveLength(1));
});
