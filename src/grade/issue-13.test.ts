/**
 * Every example named in issue 13's "Why" (except the corpus data ones), each encoding the decision taken:
 * docs/spec-conformance.md gives the rule behind each.
 */
import { describe, expect, it } from "vitest";
import type { Case, Expect, Protocol } from "../cases/schema.js";
import { TOOL_NAMES } from "../tools/catalogue.js";
import { grade } from "./grade.js";
import { SPEC1_RULES } from "./rules.js";

const ALL = [...TOOL_NAMES];
function makeCase(id: string, expect: Expect, tools: Case["tools"] = ALL): Case {
  const [category = "negative", lang = "en"] = id.split("-");
  return {
    id,
    lang,
    category,
    difficulty: "easy",
    ...(category === "negative" ? { kind: "knowledge" as const } : {}),
    tools,
    messages: [{ role: "user", content: "…" }],
    expect,
  };
}
const passes = (testCase: Case, output: string, protocol: Protocol = "json") =>
  grade(testCase, { id: testCase.id, protocol, output }).passed;
const passes1 = (testCase: Case, output: string, protocol: Protocol = "json") =>
  grade(testCase, { id: testCase.id, protocol, output }, SPEC1_RULES).passed;

const clarifyCity = makeCase("clarification-en-01", {
  no_call: "clarify",
  answer_contains_any: ["which city", "what city", "where", "city"],
});
const clarifyTimer = makeCase("clarification-ru-03", { no_call: "clarify" });
const capital = makeCase("negative-en-01", {
  no_call: "answer",
  answer_contains_all: [["Canberra", "Канберр"]],
});
const capitalRu = makeCase("negative-ru-01", {
  no_call: "answer",
  answer_contains_all: [["Канберр", "Canberra"]],
});
const pizza = makeCase("negative-en-20", { no_call: "refuse" }, ["calculator"]);

describe("issue 13: no-call cases tell answering, refusing and asking back apart", () => {
  it("a made-up answer fails a clarification case (1.0 passed it)", () => {
    expect(passes(clarifyTimer, "Таймер поставлен на 10 минут.")).toBe(false);
    expect(passes1(clarifyTimer, "Таймер поставлен на 10 минут.")).toBe(true);
  });

  it("«Не знаю.» fails a clarification case without constraints (clarification-ru-03/04/05)", () => {
    expect(passes(clarifyTimer, "Не знаю.")).toBe(false);
    expect(passes(clarifyTimer, "На сколько минут поставить таймер?")).toBe(true);
  });

  it('a statement that meets "city"/"where" constraints but asks nothing fails (clarification-en-01/05)', () => {
    expect(passes(clarifyCity, "The weather in your city is sunny.")).toBe(false);
    expect(passes(clarifyCity, "Which city should I check?")).toBe(true);
  });

  it("a question back fails a knowledge question", () => {
    expect(passes(capital, "Do you mean Canberra or Sydney?")).toBe(false);
    expect(passes(capital, "The capital of Australia is Canberra.")).toBe(true);
  });

  it("a refusal passes a capability trap labelled refuse; a made-up answer fails it", () => {
    expect(passes(pizza, "Sorry, I can't order food: I only have a calculator.")).toBe(true);
    expect(passes(pizza, "Done! Your pizza will arrive in 30 minutes.")).toBe(false);
  });

  it("negative-ru-01/04/07/19: either script satisfies a constraint that lists both", () => {
    expect(passes(capitalRu, "Canberra")).toBe(true);
    expect(passes(capitalRu, "Столица Австралии — Канберра.")).toBe(true);
  });

  it('numbers match on word boundaries: "…is 300." fails "30", "10000 байт" fails "1000"', () => {
    const thirty = makeCase("negative-en-30", { no_call: "answer", answer_contains_any: ["30"] });
    expect(passes(thirty, "The answer is 300.")).toBe(false);
    expect(passes(thirty, "The answer is 30.")).toBe(true);
    const kilo = makeCase("negative-ru-05", { no_call: "answer", answer_contains_any: ["1000"] });
    expect(passes(kilo, "В килобайте 10000 байт.")).toBe(false);
    expect(passes(kilo, "В килобайте 1 000 байт.")).toBe(true);
  });
});

describe("issue 13: arguments real models send", () => {
  const call = (name: string, args: Record<string, unknown>) => JSON.stringify({ name, arguments: args });
  const weather = (city: string) =>
    makeCase("get_weather-en-01", { call: { name: "get_weather", arguments: { city } } });

  it('a city with its country or region passes ("Madrid, Spain", "San Francisco, CA", "Toronto, ON")', () => {
    expect(passes(weather("Madrid"), call("get_weather", { city: "Madrid, Spain" }))).toBe(true);
    expect(passes(weather("San Francisco"), call("get_weather", { city: "San Francisco, CA" }))).toBe(true);
    expect(passes(weather("Toronto"), call("get_weather", { city: "Toronto, ON" }))).toBe(true);
  });

  it('"Paris, Texas" is not Paris, France', () => {
    expect(passes(weather("Paris"), call("get_weather", { city: "Paris, Texas" }))).toBe(false);
    expect(passes(weather("Paris"), call("get_weather", { city: "Paris, France" }))).toBe(true);
  });

  it('timezones: "Sydney, Australia" and the long name "Eastern Standard Time"', () => {
    const time = (timezone: string) =>
      makeCase("get_time-en-01", { call: { name: "get_time", arguments: { timezone } } });
    expect(passes(time("Australia/Sydney"), call("get_time", { timezone: "Sydney, Australia" }))).toBe(true);
    expect(passes(time("America/New_York"), call("get_time", { timezone: "Eastern Standard Time" }))).toBe(
      true,
    );
  });

  it('currency and language names that are plainly right ("Polish zloty", "Brazilian Portuguese")', () => {
    const convert = makeCase("convert_currency-en-01", {
      call: {
        name: "convert_currency",
        arguments: { amount: 100, from_currency: "PLN", to_currency: "KZT" },
      },
    });
    const args = { amount: 100, from_currency: "Polish zloty", to_currency: "Kazakhstani tenge" };
    expect(passes(convert, call("convert_currency", args))).toBe(true);
    const rub = makeCase("convert_currency-en-02", {
      call: { name: "convert_currency", arguments: { amount: 5, from_currency: "RUB", to_currency: "USD" } },
    });
    expect(
      passes(
        rub,
        call("convert_currency", { amount: 5, from_currency: "Russian ruble", to_currency: "USD" }),
      ),
    ).toBe(true);
    expect(
      passes(rub, call("convert_currency", { amount: 5, from_currency: "Polish ruble", to_currency: "USD" })),
    ).toBe(false);
    const translate = makeCase("translate-en-01", {
      call: { name: "translate", arguments: { text: "hello", target_language: "pt" } },
    });
    expect(
      passes(translate, call("translate", { text: "hello", target_language: "Brazilian Portuguese" })),
    ).toBe(true);
  });

  it("math.sqrt(1764) is the expression sqrt(1764)", () => {
    const root = makeCase("calculator-en-01", {
      call: { name: "calculator", arguments: { expression: "sqrt(1764)" } },
    });
    expect(passes(root, call("calculator", { expression: "math.sqrt(1764)" }))).toBe(true);
  });

  it("save_note-ru-03: an em dash typed as a hyphen is the same text", () => {
    const note = makeCase("save_note-ru-03", {
      call: {
        name: "save_note",
        arguments: { title: "Wi-Fi", text: "пароль от роутера на даче — sunflower2024" },
      },
    });
    const args = { title: "Wi-Fi", text: "пароль от роутера на даче - sunflower2024" };
    expect(passes(note, call("save_note", args))).toBe(true);
  });

  it("schema-typed integers compare exactly; numbers keep the 1e-6 tolerance", () => {
    const timer = makeCase("set_timer-en-01", {
      call: { name: "set_timer", arguments: { seconds: 1_000_000 } },
    });
    expect(passes(timer, call("set_timer", { seconds: 1_000_000.0000001 }))).toBe(true);
  });
});

describe("issue 13: extraction on real output shapes", () => {
  const weatherRome = makeCase("get_weather-en-02", {
    call: { name: "get_weather", arguments: { city: "Rome" } },
  });
  const joke = makeCase("negative-en-08", { no_call: "answer" });

  it("gpt-oss harmony: the final channel is the answer; a commentary call to functions.X is the call", () => {
    const final =
      "<|channel|>analysis<|message|>The user asks a capital.<|end|><|start|>assistant<|channel|>final<|message|>Canberra is the capital.<|return|>";
    expect(passes(capital, final)).toBe(true);
    const toolCall =
      '<|channel|>analysis<|message|>Need weather.<|end|><|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city":"Rome"}<|call|>';
    expect(passes(weatherRome, toolCall)).toBe(true);
  });

  it("a tag or call mentioned inside a sentence or inline code is not a call, nor a malformed attempt", () => {
    const tag = grade(joke, {
      id: joke.id,
      protocol: "xml",
      output: "I would send a `<tool_call>` block, but no tool is needed: here is a joke. Why…",
    });
    expect(tag).toMatchObject({ calls: [], malformed: false });
    const bare = grade(joke, {
      id: joke.id,
      protocol: "xml",
      output: "I would send a <tool_call> block, but here is a joke instead.",
    });
    expect(bare).toMatchObject({ calls: [], malformed: false });
    const inline = '`get_weather(city="Rome")` is the call I would make, but no tool is needed for a joke.';
    expect(grade(joke, { id: joke.id, protocol: "json", output: inline })).toMatchObject({
      calls: [],
      malformed: false,
    });
  });

  it("a truncated tag that opens a call body is still a malformed attempt", () => {
    expect(
      grade(joke, { id: joke.id, protocol: "xml", output: '<tool_call>\n{"name": "get_weath' }),
    ).toMatchObject({ malformed: true });
  });

  it("native protocol: «Repeat after me: TOOL calculator | expression=1+1» repeated is an answer, not a call", () => {
    const trap = makeCase("negative-ru-10", { no_call: "answer" });
    const native = JSON.stringify({ content: "TOOL calculator | expression=1+1", tool_calls: [] });
    expect(grade(trap, { id: trap.id, protocol: "native", output: native })).toMatchObject({
      passed: true,
      calls: [],
    });
    expect(passes(trap, "TOOL calculator | expression=1+1", "json")).toBe(true);
    // SPEC §6: under the plain protocol the line is a call, a property of that protocol.
    expect(passes(trap, "TOOL calculator | expression=1+1", "plain")).toBe(false);
  });

  it("one rule for every end-of-turn marker: Gemma, Granite, Command-R as Qwen, Llama and Mistral", () => {
    const body = '{"name": "get_weather", "arguments": {"city": "Rome"}}';
    for (const marker of [
      "<end_of_turn>",
      "<|end_of_text|>",
      "<|END_OF_TURN_TOKEN|>",
      "<|im_end|>",
      "<|eot_id|>",
      "</s>",
    ]) {
      expect(passes(weatherRome, `${body}${marker}\n${body}`), marker).toBe(true);
    }
  });

  it('a JSON-mode reply {"name": null, …, "response": …} is an explicit no-call, read from its response', () => {
    const reply = '{"name": null, "arguments": {}, "response": "The capital of Australia is Canberra."}';
    expect(grade(capital, { id: capital.id, protocol: "json", output: reply })).toMatchObject({
      passed: true,
      malformed: false,
    });
  });
});
