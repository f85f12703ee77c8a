import { describe, expect, it } from "vitest";
import { translateRule } from "./translate.js";

const match = (text: string) => translateRule.match(text, []);
const call = (args: Record<string, unknown>) => ({ name: "translate", arguments: args });

describe("translateRule", () => {
  it.each([
    ['Translate "good morning" into French', { text: "good morning", target_language: "fr" }],
    ["Translate good night to Spanish", { text: "good night", target_language: "es" }],
    ["How do you say thank you in Japanese?", { text: "thank you", target_language: "ja" }],
    ["Translate into German: where is the station?", { text: "where is the station", target_language: "de" }],
    [
      'Translate "Guten Tag" from German to English',
      { text: "Guten Tag", target_language: "en", source_language: "de" },
    ],
    [
      'Translate this French sentence into English: "Bonjour"',
      { text: "Bonjour", target_language: "en", source_language: "fr" },
    ],
    ['Could you put "See you soon" into Italian?', { text: "See you soon", target_language: "it" }],
    [
      'My friend reads only Portuguese. Translate "Happy birthday" for her.',
      { text: "Happy birthday", target_language: "pt" },
    ],
    ['What does "Danke" mean?', { text: "Danke", target_language: "en" }],
  ])("EN %s", (text, args) => {
    expect(match(text)).toEqual(call(args));
  });

  it.each([
    ['Переведи "доброе утро" на английский', { text: "доброе утро", target_language: "en" }],
    ["Переведи «спасибо» на немецкий язык", { text: "спасибо", target_language: "de" }],
    ["Как будет «кошка» по-испански?", { text: "кошка", target_language: "es" }],
    [
      'Переведи с английского на русский: "I love you"',
      { text: "I love you", target_language: "ru", source_language: "en" },
    ],
  ])("RU %s", (text, args) => {
    expect(match(text)).toEqual(call(args));
  });

  it("asks when the text or the language is missing", () => {
    expect(match("Translate this.")).toBe("clarify");
    expect(match('Translate "hello"')).toBe("clarify");
    expect(match("Переведи на французский")).toBe("clarify");
  });

  it("leaves money and unquoted chatter alone", () => {
    expect(match("Переведи 100 долларов в евро")).toBeNull();
    expect(match("I went to France last year")).toBeNull();
    expect(match('Is there a typo in it: "recieve"?')).toBeNull();
  });
});
