import { describe, expect, it } from "vitest";
import { LANGUAGE_ROWS, resolveLanguage } from "./language.js";
import { lookupKey } from "./table.js";

const language = (alias: string): string | undefined => resolveLanguage(lookupKey(alias));

describe("language aliases", () => {
  it.each([
    [
      "en",
      [
        "английский",
        "английском",
        "английского",
        "английский язык",
        "английском языке",
        "по-английски",
        "English",
        "en",
        "eng",
        "EN",
      ],
    ],
    ["ru", ["русский", "русском", "по-русски", "Russian", "ru", "rus"]],
    ["de", ["немецкий", "немецком", "немецкого", "German", "Deutsch", "de", "deu", "ger"]],
    ["fr", ["французский", "французском", "French", "Français", "fra", "fre"]],
    ["es", ["испанский", "испанского", "испанском", "Spanish", "Español", "spa"]],
    ["it", ["итальянский", "итальянском", "Italian", "Italiano"]],
    ["zh", ["китайский", "китайском", "Chinese", "Mandarin", "中文"]],
    ["ja", ["японский", "японского", "Japanese", "日本語"]],
    ["ko", ["корейский", "Korean"]],
    ["pt", ["португальский", "Portuguese", "Português"]],
    ["ar", ["арабский", "Arabic"]],
    ["tr", ["турецкий", "турецком", "Turkish", "Türkçe"]],
    ["pl", ["польский", "Polish", "Polski"]],
    ["uk", ["украинский", "украинском", "Ukrainian", "Українська"]],
    ["nl", ["нидерландский", "Dutch", "Nederlands"]],
    ["sv", ["шведский", "Swedish"]],
    ["fi", ["финский", "Finnish", "Suomi"]],
    ["el", ["греческий", "Greek"]],
    ["he", ["иврит", "иврите", "Hebrew", "iw"]],
    ["hi", ["хинди", "Hindi"]],
    ["cs", ["чешский", "Czech", "Čeština"]],
  ])("%s", (code, aliases) => {
    for (const alias of aliases) expect(language(alias), alias).toBe(code);
  });

  it("reads the primary subtag of a locale tag", () => {
    expect(language("pt-BR")).toBe("pt");
    expect(language("en_US")).toBe("en");
    expect(language("zh-Hans")).toBe("zh");
    expect(language("es-419")).toBe("es");
    expect(language("xx-YY")).toBeUndefined();
  });

  it("canonicalises to two-letter ISO 639-1 codes", () => {
    for (const [code] of LANGUAGE_ROWS) expect(code).toMatch(/^[a-z]{2}$/);
  });

  it("does not know made-up languages", () => {
    expect(language("Klingon")).toBeUndefined();
  });
});
