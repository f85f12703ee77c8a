/** A language label for imported text: by writing system, since the source benchmarks do not label it. */

// Ordered: kana before Han, so Japanese (which mixes both) is not taken for Chinese.
const SCRIPTS: readonly [RegExp, string][] = [
  [/[\p{Script=Hiragana}\p{Script=Katakana}]/gu, "ja"],
  [/\p{Script=Hangul}/gu, "ko"],
  [/\p{Script=Han}/gu, "zh"],
  [/\p{Script=Cyrillic}/gu, "ru"],
  [/\p{Script=Arabic}/gu, "ar"],
  [/\p{Script=Devanagari}/gu, "hi"],
  [/\p{Script=Greek}/gu, "el"],
  [/\p{Script=Hebrew}/gu, "he"],
  [/\p{Script=Thai}/gu, "th"],
];
const LATIN = /\p{Script=Latin}/gu;

/**
 * The ISO 639-1 code of the writing system most letters use; Latin script is labelled `en` (telling
 * English from Spanish needs more than the script, and the suites here are English when Latin).
 * @example guessLang("请问北京的天气如何？") // "zh"
 */
export function guessLang(text: string): string {
  const latin = text.match(LATIN)?.length ?? 0;
  for (const [pattern, code] of SCRIPTS) {
    const count = text.match(pattern)?.length ?? 0;
    // Kana marks Japanese even when Han characters outnumber it.
    if (count > 0 && (code === "ja" || count >= latin)) return code;
  }
  return "en";
}
