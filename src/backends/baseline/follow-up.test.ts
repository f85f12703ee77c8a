import { describe, expect, it } from "vitest";
import type { ToolName } from "../../tools/catalogue.js";
import { contextFor, followUp } from "./follow-up.js";
import type { History } from "./types.js";

/** A history of one exchange: the user asked, the assistant called, the tool answered. */
function exchange(
  question: string,
  name: ToolName,
  args: Record<string, string | number>,
  result: string,
): History {
  return [
    { role: "user", content: question },
    { role: "assistant", tool_call: { name, arguments: args } },
    { role: "tool", name, content: result },
    { role: "assistant", content: "Done." },
  ];
}

const weather = exchange(
  "What's the weather in Berlin?",
  "get_weather",
  { city: "Berlin" },
  "Berlin: 14°C, rain",
);
const sum = exchange("What's 19 times 3?", "calculator", { expression: "19*3" }, "57");
const money = exchange(
  "How much is 200 US dollars in euros?",
  "convert_currency",
  { amount: 200, from_currency: "USD", to_currency: "EUR" },
  "200 USD = 184.60 EUR",
);

describe("followUp", () => {
  it("repeats the previous call with the new city", () => {
    expect(followUp("And what about Paris?", weather)).toEqual({
      name: "get_weather",
      arguments: { city: "Paris" },
    });
    expect(followUp("А в Казани?", weather)).toEqual({ name: "get_weather", arguments: { city: "Kazan" } });
    expect(followUp("And in Fahrenheit?", weather)).toEqual({
      name: "get_weather",
      arguments: { city: "Berlin", unit: "fahrenheit" },
    });
  });

  it.each([
    ["Now divide that by 5.", "57/5"],
    ["Multiply it by 3", "57*3"],
    ["Add 10", "57+10"],
    ["What's 10% of that?", "10/100*57"],
    ["А теперь раздели на 5.", "57/5"],
    ["Умножь на два", "57*2"],
    ["Вычти 7", "57-7"],
    ["Take 15% off that", "57*(1-15/100)"],
    ["Теперь отними от этой суммы 15 процентов.", "57*(1-15/100)"],
    ["Добавь к этому 20%", "57*(1+20/100)"],
  ])("computes on the previous result: %s → %s", (text, expression) => {
    expect(followUp(text, sum)).toEqual({ name: "calculator", arguments: { expression } });
  });

  it("converts what the previous conversion produced when the text points at it", () => {
    expect(followUp("Okay, and how many Swiss francs would those euros get me?", money)).toEqual({
      name: "convert_currency",
      arguments: { amount: 184.6, from_currency: "EUR", to_currency: "CHF" },
    });
    expect(followUp("And in pounds?", money)).toEqual({
      name: "convert_currency",
      arguments: { amount: 200, from_currency: "USD", to_currency: "GBP" },
    });
  });

  it("carries a translation on and changes a timer by a relative amount", () => {
    const translated = exchange(
      "Translate 'thank you' into Spanish",
      "translate",
      { text: "thank you", target_language: "es" },
      "Muchas gracias",
    );
    expect(followUp("Now translate that into Italian.", translated)).toEqual({
      name: "translate",
      arguments: { text: "Muchas gracias", target_language: "it", source_language: "es" },
    });
    const timer = exchange("Поставь таймер на 10 минут", "set_timer", { seconds: 600 }, "Timer set.");
    expect(followUp("Поставь ещё один такой же, только на пять минут дольше.", timer)).toEqual({
      name: "set_timer",
      arguments: { seconds: 900 },
    });
  });

  it("needs an earlier call", () => {
    expect(followUp("And what about Paris?", [])).toBeNull();
    expect(followUp("Now divide that by 5.", [{ role: "user", content: "hi" }])).toBeNull();
  });
});

describe("contextFor", () => {
  it("offers earlier turns, newest first, only when the text points back", () => {
    const note = exchange(
      'Save a note: "bake 35 minutes"',
      "save_note",
      { text: "bake 35 minutes" },
      "Saved.",
    );
    expect(contextFor("Start a timer for the time in that note", note)).toEqual([
      "bake 35 minutes",
      'Save a note: "bake 35 minutes"',
    ]);
    expect(contextFor("Start a timer", note)).toEqual([]);
  });
});
