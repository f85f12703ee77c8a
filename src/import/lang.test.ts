import { describe, expect, it } from "vitest";
import { guessLang } from "./lang.js";

describe("guessLang", () => {
  it.each([
    ["What's the weather in Boston?", "en"],
    ["¿Qué tiempo hace en Madrid?", "en"],
    ["请问北京的天气如何？", "zh"],
    ["如何安装mbox?", "zh"],
    ["東京の天気はどうですか", "ja"],
    ["서울 날씨 어때?", "ko"],
    ["Какая погода в Москве?", "ru"],
    ["", "en"],
  ])("%s → %s", (text, lang) => expect(guessLang(text)).toBe(lang));
});
