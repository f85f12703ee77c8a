import { describe, expect, it } from "vitest";
import { isOffer, isSmallTalk, isToolRemark } from "./offer.js";

// Units as units.ts hands them over: lower case, ё folded to е, no trailing punctuation.
describe("role O: offers", () => {
  it.each([
    ["would you like the full recipe", true],
    ["want another riddle", true],
    ["shall i convert more amounts", true],
    ["anything else i can do", true],
    ["let me know if you want the steps", true],
    ["i can check the bus times for you", true],
    ["хотите еще один пример", true],
    ["могу еще чем-нибудь помочь", true],
    ["если нужно, переведу и на французский", true],
    ["what other planet should i describe", true],
  ])("%j offers", (text, asks) => expect(isOffer(text, asks)).toBe(true));

  it.each([
    ["which city do you mean", true],
    ["celsius or fahrenheit", true],
    ["the capital of peru is lima", false],
    ["if you tell me the amount, i'll convert it", false],
    ["другую валюту или рубли", true],
  ])("%j does not", (text, asks) => expect(isOffer(text, asks)).toBe(false));
});

describe("role O: small talk", () => {
  it.each([
    "sure thing",
    "great question",
    "hi there! happy to help",
    "hmm, let me think",
    "get it",
    "does that help",
    "i'm sorry",
    "quick question",
    "конечно",
    "отличный вопрос",
    "понял",
    "",
  ])("%j is small talk", (text) => expect(isSmallTalk(text)).toBe(true));

  it.each(["sure, it's lima", "lima", "конечно, это лима", "thanks to gravity, it falls"])(
    "%j is not",
    (text) => expect(isSmallTalk(text)).toBe(false),
  );
});

describe("role O: remarks that no tool is needed", () => {
  it.each([
    "no tool call is needed for that",
    "i don't need the calculator for this one",
    "i won't run it, since you asked me not to",
    "инструменты тут не нужны",
    "отвечу по памяти",
  ])("%j is a remark", (text) => expect(isToolRemark(text)).toBe(true));

  it.each([
    "from memory, the capital is canberra",
    "without a calculator it's 12 × 12 = 144",
    "no tool can order food",
  ])("%j says more than that", (text) => expect(isToolRemark(text)).toBe(false));
});

describe("role O: a condition on the user's wish for more", () => {
  it.each(["если нужен другой город — скажите", "if you need another conversion, just tell me"])(
    "%j is an offer",
    (text) => expect(isOffer(text, false)).toBe(true),
  );
  it("a condition on a wish for the task itself is no offer", () =>
    expect(isOffer("если нужна погода — назовите город", false)).toBe(false));
});
