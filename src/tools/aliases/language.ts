/** Language aliases: English, native and Russian names, ISO 639-2 codes and locale tags → ISO 639-1. */
import { type AliasRow, buildAliasMap } from "./table.js";

/**
 * Every form of a Russian «-ский» language adjective a request uses, alone and with «язык»:
 * «английский», «с английского», «на английском (языке)», «по-английски». All the language
 * adjectives here end in -кий, so one set of endings serves them all.
 */
function russianAdjective(stem: string): string[] {
  const pairs: ReadonlyArray<readonly [string, string]> = [
    ["ий", "язык"],
    ["ого", "языка"],
    ["ому", "языку"],
    ["им", "языком"],
    ["ом", "языке"],
  ];
  return [...pairs.flatMap(([ending, noun]) => [stem + ending, `${stem + ending} ${noun}`]), `по-${stem}и`];
}

/** Rows of `[ISO 639-1, aliases]`: English name, native name, ISO 639-2/T and /B codes, Russian forms. */
export const LANGUAGE_ROWS: readonly AliasRow[] = [
  ["en", ["english", "eng", ...russianAdjective("английск")]],
  ["ru", ["russian", "rus", ...russianAdjective("русск")]],
  ["de", ["german", "deutsch", "deu", "ger", ...russianAdjective("немецк")]],
  ["fr", ["french", "français", "francais", "fra", "fre", ...russianAdjective("французск")]],
  ["es", ["spanish", "español", "espanol", "castilian", "spa", ...russianAdjective("испанск")]],
  ["it", ["italian", "italiano", "ita", ...russianAdjective("итальянск")]],
  ["pt", ["portuguese", "português", "portugues", "por", ...russianAdjective("португальск")]],
  ["zh", ["chinese", "mandarin", "中文", "汉语", "zho", "chi", ...russianAdjective("китайск")]],
  ["ja", ["japanese", "日本語", "jpn", ...russianAdjective("японск")]],
  ["ko", ["korean", "한국어", "kor", ...russianAdjective("корейск")]],
  ["ar", ["arabic", "العربية", "ara", ...russianAdjective("арабск")]],
  ["tr", ["turkish", "türkçe", "turkce", "tur", ...russianAdjective("турецк")]],
  ["pl", ["polish", "polski", "pol", ...russianAdjective("польск")]],
  ["uk", ["ukrainian", "українська", "ukr", ...russianAdjective("украинск")]],
  ["nl", ["dutch", "nederlands", "flemish", "nld", "dut", ...russianAdjective("нидерландск")]],
  ["sv", ["swedish", "svenska", "swe", ...russianAdjective("шведск")]],
  ["fi", ["finnish", "suomi", "fin", ...russianAdjective("финск")]],
  ["el", ["greek", "ελληνικά", "ell", "gre", ...russianAdjective("греческ")]],
  ["he", ["hebrew", "עברית", "iw", "heb", "иврит", "иврита", "ивриту", "ивритом", "иврите"]],
  ["hi", ["hindi", "हिन्दी", "हिंदी", "hin", "хинди"]],
  ["cs", ["czech", "čeština", "cestina", "ces", "cze", ...russianAdjective("чешск")]],
  ["da", ["danish", "dansk", "dan", ...russianAdjective("датск")]],
  ["no", ["norwegian", "norsk", "nb", "nn", "nor", "bokmål", ...russianAdjective("норвежск")]],
  ["hu", ["hungarian", "magyar", "hun", ...russianAdjective("венгерск")]],
  ["ro", ["romanian", "română", "ron", "rum", ...russianAdjective("румынск")]],
  ["bg", ["bulgarian", "български", "bul", ...russianAdjective("болгарск")]],
  ["sr", ["serbian", "српски", "srp", ...russianAdjective("сербск")]],
  ["hr", ["croatian", "hrvatski", "hrv", ...russianAdjective("хорватск")]],
  ["vi", ["vietnamese", "tiếng việt", "vie", ...russianAdjective("вьетнамск")]],
  ["th", ["thai", "ภาษาไทย", "tha", ...russianAdjective("тайск")]],
  ["id", ["indonesian", "bahasa indonesia", "ind", ...russianAdjective("индонезийск")]],
  ["fa", ["persian", "farsi", "فارسی", "fas", "per", "фарси", ...russianAdjective("персидск")]],
  ["kk", ["kazakh", "қазақ тілі", "kaz", ...russianAdjective("казахск")]],
  ["be", ["belarusian", "belorussian", "беларуская", "bel", ...russianAdjective("белорусск")]],
  ["ka", ["georgian", "ქართული", "kat", "geo", ...russianAdjective("грузинск")]],
  ["hy", ["armenian", "հայերեն", "hye", "arm", ...russianAdjective("армянск")]],
  ["uz", ["uzbek", "oʻzbek", "uzb", ...russianAdjective("узбекск")]],
  ["lt", ["lithuanian", "lietuvių", "lit", ...russianAdjective("литовск")]],
  ["lv", ["latvian", "latviešu", "lav", ...russianAdjective("латышск")]],
  ["et", ["estonian", "eesti", "est", ...russianAdjective("эстонск")]],
  ["la", ["latin", "lat", "латынь", "латыни", "латынью", ...russianAdjective("латинск")]],
];

/** Every language alias (folded with `lookupKey`) → ISO 639-1 code. */
export const LANGUAGE_ALIASES: ReadonlyMap<string, string> = buildAliasMap("language", LANGUAGE_ROWS);

// A locale tag such as `pt-BR`, `zh_Hans` or `en-US` (hyphens are spaces once folded).
const LOCALE_TAG = /^([a-z]{2,3})[ _](?:[a-z]{2}|[a-z]{4}|\d{3})$/;

/** Resolves a folded key, falling back to the primary subtag of a locale tag (`pt-br` → pt). */
export function resolveLanguage(key: string): string | undefined {
  const direct = LANGUAGE_ALIASES.get(key);
  if (direct !== undefined) return direct;
  const tag = LOCALE_TAG.exec(key);
  return tag?.[1] === undefined ? undefined : LANGUAGE_ALIASES.get(tag[1]);
}
