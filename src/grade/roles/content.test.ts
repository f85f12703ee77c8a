import { describe, expect, it } from "vitest";
import { isAlternative, isSupport, presentsQuotation } from "./content.js";

describe("role C: alternatives", () => {
  it.each([
    "you could call the pharmacy directly",
    "try a ride-hailing app",
    "i can help you draft the message instead",
    "воспользуйтесь приложением банка",
    "могу помочь составить текст",
  ])("%j suggests another way", (text) => expect(isAlternative(text)).toBe(true));

  it.each(["the pharmacy opens at nine", "лима — столица перу"])("%j does not", (text) =>
    expect(isAlternative(text)).toBe(false),
  );
});

describe("role S: support of a request", () => {
  it.each([
    "for example, 5 or 10 minutes",
    "e.g. usd or gbp",
    "once you tell me, i'll start it",
    "and i'll convert it right away",
    "time zones vary by city",
    "this will help me pick the right one",
    "например, «покупки»",
    "и я запущу таймер",
    "тогда пересчитаю в евро",
    "минуты или секунды",
  ])("%j supports", (text) => expect(isSupport(text)).toBe(true));

  it.each(["the pacific is the largest ocean", "байкал глубже всех"])("%j is content", (text) =>
    expect(isSupport(text)).toBe(false),
  );
});

describe("introductions that present quoted material", () => {
  it.each([
    "here's the german version",
    "in french",
    "a joke for you",
    "вот перевод",
    "по-немецки это будет",
  ])("%j presents", (text) => expect(presentsQuotation(text)).toBe(true));
});

describe("role S: another thing to give instead", () => {
  it.each(["or just the city", "или просто город"])("%j supports a request", (text) =>
    expect(isSupport(text)).toBe(true),
  );
  it("a long sentence opening with or is no option", () =>
    expect(isSupport("or maybe the weather there is always rainy in the autumn months")).toBe(false));
});

describe("role C-alt: an imperative that names a place to look", () => {
  it.each([
    "check it on the official website",
    "лучше уточните на официальном сайте",
    "посмотрите в приложении банка",
  ])("%j sends the user elsewhere", (text) => expect(isAlternative(text)).toBe(true));
  it("an imperative of supplying without a place asks", () =>
    expect(isAlternative("уточните город")).toBe(false));
});
