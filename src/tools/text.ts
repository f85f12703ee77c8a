/** Text folding shared by the `text` normaliser and every alias table, so keys and inputs fold alike. */
import { foldText } from "../text/fold.js";

// Compiled once: normalisation runs tens of thousands of times per second.
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF\u00AD]/g;
const WHITESPACE = /\s+/g;
// Typographic quotes inside the text fold to plain ones: `s’il` and `s'il` are the same words to a reader.
const SINGLE_QUOTES = /[‘’‚‛′]/g;
// Every dash is the hyphen people type: "на даче — sunflower" and "на даче - sunflower" are one text.
const DASHES = /[‐‑‒–—―−]/g;
const DOUBLE_QUOTES = /[“”„‟″]/g;
const QUOTES = new Set(['"', "'", "`", "«", "»", "“", "”", "„", "‘", "’", "‚", "‹", "›"]);
// NFKC has already turned "…" into "...", so "." covers it; "…" stays for safety.
const FINAL_PUNCTUATION = new Set([".", "!", "?", ";", ":", ",", "…"]);
const LOOSE = /[._\-‐‑‒–—]/;
const DOTS = /\./g;
const HYPHENS = /[_\-‐‑‒–—]/g;
const SPACES = / {2,}/g;

/**
 * Folds free text for comparison: NFKC, invisible characters dropped, whitespace collapsed,
 * lowercase (locale-independent, so Cyrillic folds too), ё→е, surrounding quotes and final
 * punctuation removed repeatedly, typographic quotes inside folded to plain ones.
 * Example: ` «Привет, Мир!» ` → `привет, мир`; `S’il` → `s'il`.
 */
export function normaliseText(input: string): string {
  let text = foldText(input).replace(INVISIBLE, "").replace(WHITESPACE, " ").trim();
  text = text.replace(SINGLE_QUOTES, "'").replace(DOUBLE_QUOTES, '"').replace(DASHES, "-");
  for (;;) {
    const before = text;
    while (text.length > 0 && FINAL_PUNCTUATION.has(text.charAt(text.length - 1))) text = text.slice(0, -1);
    // Only a quote at both ends is a wrapper; a lone apostrophe belongs to the text (`rock 'n' roll`).
    if (text.length >= 2 && QUOTES.has(text.charAt(0)) && QUOTES.has(text.charAt(text.length - 1))) {
      text = text.slice(1, -1);
    }
    text = text.trim();
    if (text === before) return text;
  }
}

/**
 * The looser key alias tables are indexed by: on top of {@link normaliseText}, dots vanish and
 * hyphens and underscores become spaces, so `St. Petersburg` meets `St Petersburg`, `Нью-Йорк`
 * meets `Нью Йорк` and `miles_per_hour` meets `miles per hour` without a row listing every
 * punctuation variant. Expects already-normalised text.
 */
export function aliasKey(normalised: string): string {
  if (!LOOSE.test(normalised)) return normalised;
  return normalised.replace(DOTS, "").replace(HYPHENS, " ").replace(SPACES, " ").trim();
}
