import { describe, expect, it } from "vitest";
import { confirmsAmount, isAddressed, isYesNoQuestion, type RequestForm, requestForm } from "./request.js";

const unit = (text: string, asks = false) => ({
  text,
  asks,
  inQuestion: asks,
  open: false,
  intro: false,
  closesLine: false,
});

describe("role Q: the four forms of a request", () => {
  it.each<[string, boolean, RequestForm]>([
    ["which airport did she land at", true, "question"],
    ["how long should it run", true, "question"],
    ["в каком городе вы сейчас", true, "question"],
    ["на сколько поставить таймер", true, "question"],
    ["euros or pounds", true, "question"],
    ["just name the country", false, "imperative"],
    ["to convert it, tell me the amount", false, "imperative"],
    ["could you share the exact text", true, "question"],
    ["could you share the exact text", false, "imperative"],
    ["назовите, пожалуйста, сумму", false, "imperative"],
    ["чтобы перевести, уточните язык", false, "imperative"],
    ["не подскажете, какой язык нужен", true, "question"],
    ["i'll need the departure city first", false, "need"],
    ["you didn't mention which currency", false, "need"],
    ["мне нужно знать длительность", false, "need"],
    ["вы не указали город", false, "need"],
    ["if you send me the total, i'll add the tip", false, "conditional"],
    ["как только напишете текст, я его сохраню", false, "conditional"],
  ])("%j (asks: %s) is a %s", (text, asks, form) => expect(requestForm(unit(text, asks))).toBe(form));

  it.each<[string, boolean]>([
    ["no tool is needed for that", false],
    ["i'd need a booking tool for that", false],
    ["the capital is lima", false],
    ["share this with friends", false],
    ["isn't that neat", true],
  ])("%j (asks: %s) is no request", (text, asks) => expect(requestForm(unit(text, asks))).toBeUndefined());

  it("reads a question word opening an unfinished sentence as asking", () => {
    expect(requestForm({ ...unit("which city"), open: true })).toBe("question");
    expect(requestForm({ ...unit("какая продолжительность нужна"), intro: true })).toBe("question");
    expect(requestForm({ ...unit("как это работает"), intro: true, closesLine: true })).toBeUndefined();
  });

  it("tells requests put to the user in person, and yes/no questions", () => {
    expect(isAddressed(unit("could you specify the genre", true))).toBe(true);
    expect(isAddressed(unit("why blue", true))).toBe(false);
    expect(isYesNoQuestion("is that what you needed")).toBe(true);
    expect(isYesNoQuestion("which one did you need")).toBe(false);
    expect(isYesNoQuestion("tea or coffee")).toBe(false);
  });
});

describe("role Q: forms read from blind set 2's classes", () => {
  it.each<[string, boolean]>([
    // Q1 with the question word in place, its sentence asking after an options clause.
    ["translate to which language", false],
    ["convert into what", false],
    ["перевести на какой язык", false],
  ])("%j in a question sentence is a question (in place)", (text) =>
    expect(requestForm({ ...unit(text), inQuestion: true })).toBe("question"),
  );

  it("Q2 as the second of coordinated imperatives, not after a subject", () => {
    expect(
      requestForm(unit("check the package for the cooking time and tell me the number of minutes")),
    ).toBe("imperative");
    expect(requestForm(unit("посмотрите на упаковку и напишите время"))).toBe("imperative");
    expect(requestForm(unit("i would write it, wrap it in a block, and send it"))).toBeUndefined();
    expect(requestForm(unit("you can book ba492 and pick 14a on ba.com"))).toBeUndefined();
  });

  it("C-alt by place: an action placed elsewhere asks the assistant nothing, whatever its verb", () => {
    for (const text of [
      "you can pick seats on ba.com under manage my booking",
      "you could select your seat on the airline's website",
      "choose a seat in the app under the bookings tab",
      "you can enter the details directly with the hotel",
      "pick the time yourself in their app",
      "выберите место в личном кабинете",
      "укажите время самостоятельно в приложении",
    ])
      expect(requestForm(unit(text)), text).toBeUndefined();
    // No place: a request to the assistant stays one.
    expect(requestForm(unit("you can pick any city"))).toBe("imperative");
    expect(requestForm(unit("pick a city"))).toBe("imperative");
    expect(requestForm(unit("выберите город"))).toBe("imperative");
    expect(requestForm({ ...unit("could you pick a seat on the website"), asks: true })).toBe("question");
  });

  it("an imperative of saying a quotation is no request", () => {
    expect(requestForm(unit("скажите ‹q›"))).toBeUndefined();
    expect(requestForm(unit("just say ‹q›"))).toBeUndefined();
    expect(requestForm(unit("скажите город"))).toBe("imperative");
  });
});

describe("role Q: a proposed amount put to the user to confirm", () => {
  it.each<[string, boolean]>([
    ["five minutes ok", true],
    ["is 10 minutes enough", true],
    ["10min ok", true],
    ["пять минут подойдёт", true],
    ["10 минут хватит", true],
    ["полчаса подойдёт", true],
    // A number word must stand as a word: "an" inside "another", "час" inside "часто" are no amount.
    ["another one ok", false],
    ["anything else ok", false],
    ["часто подойдёт", false],
  ])("%s → %s", (text, confirms) => {
    expect(confirmsAmount(unit(text, true))).toBe(confirms);
    expect(confirmsAmount(unit(text, false))).toBe(false);
  });
});
