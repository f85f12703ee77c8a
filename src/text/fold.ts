/**
 * The one text folder: the core every comparison of free text shares (grading normalisers and alias tables, answer
 * constraints, the rule baseline's keywords), so "Ё", "ё" and "е", or full-width and plain letters, compare alike
 * everywhere. Callers add only what their comparison needs on top (whitespace, quotes, punctuation).
 */
const YO = /ё/g;

/** NFKC, then lowercase (locale-independent, so Cyrillic folds too), then ё→е. Example: `ＡБЁ` → `aбе` (Latin a). */
export function foldText(text: string): string {
  const folded = text.normalize("NFKC").toLowerCase();
  return folded.includes("ё") ? folded.replace(YO, "е") : folded;
}
