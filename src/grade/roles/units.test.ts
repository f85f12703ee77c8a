import { describe, expect, it } from "vitest";
import { QUOTE, units } from "./units.js";

const texts = (prose: string) => units(prose).map((unit) => unit.text);

describe("units: sentences and clauses", () => {
  it("ends a sentence at terminal punctuation and at every line break", () => {
    expect(texts("Lisbon is sunny. Want the forecast?\n- Mon: 24°C")).toEqual([
      "lisbon is sunny",
      "want the forecast",
      "mon",
      "24°c",
    ]);
  });

  it("does not end a sentence at a full stop followed by a lower-case letter or a digit", () => {
    expect(texts("Use metric units, e.g. metres. The U.S. uses feet.")).toEqual([
      "use metric units, e.g. metres",
      "the u.s. uses feet",
    ]);
    expect(texts("Это т.е. шутка.")).toEqual(["это т.е. шутка"]);
  });

  it("splits a sentence at a contrast, a semicolon and a spaced dash; the question mark goes with the last clause", () => {
    const all = units("I can't stream music, but here is a playlist idea — want it?");
    expect(all.map((u) => [u.text, u.asks, u.contrast])).toEqual([
      ["i can't stream music", false, false],
      ["here is a playlist idea", false, true],
      ["want it", true, false],
    ]);
    expect(texts("Не могу, однако подскажу вариант; вот он")).toEqual([
      "не могу",
      "подскажу вариант",
      "вот он",
    ]);
  });

  it("marks what a colon introduces and whether it closes its line", () => {
    const [intro, rest] = units("In Italian: Dov'è la stazione?");
    expect(intro).toMatchObject({ text: "in italian", intro: true, closesLine: false });
    expect(rest).toMatchObject({ asks: true });
    expect(units("How it works:\nstep one")[0]).toMatchObject({ intro: true, closesLine: true });
  });
});

describe("units: quotations are set aside", () => {
  it("masks quotation marks, inline code, tags and JSON objects", () => {
    expect(texts('She asked "Is it raining?" twice.')).toEqual([`she asked ${QUOTE} twice`]);
    expect(texts("Он спросил: «Который час?»")).toEqual(["он спросил", QUOTE]);
    expect(texts('I would send {"name": "x", "arguments": {"a": 1}} here.')).toEqual([
      `i would send ${QUOTE} here`,
    ]);
    expect(texts("No <tool_call> needed.")).toEqual([`no ${QUOTE} needed`]);
  });

  it("reads fenced blocks, block quotes and table rows as quoted units", () => {
    const all = units("Here:\n```\nwhy not?\n```\n> Is this quoted?\n| a | b? |");
    expect(all.filter((unit) => unit.quoted).length).toBe(all.length - 1);
  });

  it("drops markup and emoji", () => {
    expect(texts("**Sure!** 😊 Which _city_?")).toEqual(["sure", "which city"]);
    expect(texts("## Answer\n*Canberra*")).toEqual(["answer", "canberra"]);
  });
});

describe("units: markers and conditions (blind set 2)", () => {
  it("keeps a `*` list marker as a marker, not emphasis", () => {
    expect(units("Options:\n* **Yandex Go**\n* a taxi").map((u) => u.listItem)).toEqual([false, true, true]);
  });
  it("ends a sentence at an emoji before a capital letter, and only there", () => {
    expect(units("It's 12 🎉 Want another?").map((u) => u.text)).toEqual(["it's 12", "want another"]);
    expect(units("Rome 🇮🇹 is the capital.").map((u) => u.text)).toEqual(["rome is the capital"]);
  });

  it("does not split a condition from what it leads to at a spaced dash", () => {
    expect(units("Если нужен другой город — скажите.").map((u) => u.text)).toEqual([
      "если нужен другой город — скажите",
    ]);
    expect(units("It's 12 — anything else?").map((u) => u.text)).toEqual(["it's 12", "anything else"]);
  });
});
