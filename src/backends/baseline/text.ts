/** Small text helpers every rule shares: folding, language, quoted segments, trimming. */
import { foldText } from "../../text/fold.js";

export type Lang = "en" | "ru";

const CYRILLIC = /[\u0400-\u04FF]/;

/** Russian when the text has any Cyrillic letter: the corpus has only these two languages. */
export function languageOf(text: string): Lang {
  return CYRILLIC.test(text) ? "ru" : "en";
}

/** NFKC, lowercase, ё→е, typographic apostrophes and dashes made plain: what keyword regexes run on. */
export function fold(text: string): string {
  return foldText(text).replace(/[’‘`]/g, "'").replace(/[−–]/g, "-");
}

// Each alternative is one delimiter pair with a negated class inside: linear, no backtracking.
const QUOTED = /"([^"]+)"|«([^»]+)»|“([^”„]+)”|„([^“”]+)[“”]|(?:^|[\s:(])'([^']+)'(?=$|[\s.,!?:;)])/g;

/** The quoted segments of a text, in order, without their quotes. */
export function quotedSegments(text: string): string[] {
  const segments: string[] = [];
  for (const match of text.matchAll(QUOTED)) {
    const inner = match.slice(1).find((group) => group !== undefined);
    if (inner !== undefined && inner.trim() !== "") segments.push(inner.trim());
  }
  return segments;
}

/** The text with every quoted segment (quotes included) replaced by a space. */
export function withoutQuoted(text: string): string {
  return text.replace(QUOTED, " ");
}

const EDGE = /^[\s"'«»“”„.,:;!?—-]+|[\s"'«»“”„.,:;!?—-]+$/g;

/** Trims whitespace, quotes and punctuation from both ends. */
export function trimEdges(text: string): string {
  return text.replace(EDGE, "");
}

/** `new york` → `New York`, `saint-petersburg` → `Saint-Petersburg`. */
export function titleCase(text: string): string {
  return text.replace(
    /(^|[\s-])(\p{Ll})/gu,
    (_, before: string, letter: string) => before + letter.toUpperCase(),
  );
}

/** Counts words, for "is this a short follow-up" decisions. */
export function wordCount(text: string): number {
  return text.split(/\s+/).filter((word) => word !== "").length;
}
