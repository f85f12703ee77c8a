/**
 * Phrase patterns for the role rules. JavaScript's `\b` knows only ASCII letters, so a Russian word needs boundaries of
 * its own; every cue is built here with Unicode-aware ones. A cue is evidence for a role, never the rule itself: the
 * rules (docs/reply-roles.md) say which evidence decides.
 */

/** No letter or digit (or apostrophe, so "don't" is one word) right before. */
const START = "(?<![\\p{L}\\p{N}'])";
/** No letter or digit right after. */
const END = "(?![\\p{L}\\p{N}])";

/** Discourse markers a unit may open with before what it does: "So, tell me…", «Хорошо, уточните…». */
export const LEAD =
  "(?:(?:so|and|or|but|also|oh|ah|well|ok|okay|alright|sure|great|then|now|just|first|first of all|btw|by the way|и|а|но|так|ну|итак|хорошо|ладно|тогда|кстати|просто|только|лучше|окей|сначала|сперва|для начала)[,!]?\\s+)*";

/** Any of the alternatives as whole words, anywhere in the unit. */
export function anywhere(alternatives: readonly string[]): RegExp {
  return new RegExp(`${START}(?:${alternatives.join("|")})${END}`, "u");
}

/** Any of the alternatives as whole words at the start of the unit, after optional discourse markers. */
export function atStart(alternatives: readonly string[]): RegExp {
  return new RegExp(`^${LEAD}(?:${alternatives.join("|")})${END}`, "u");
}

/** The whole unit is a sequence of the alternatives (with commas, dashes and exclamations between). */
export function whole(alternatives: readonly string[]): RegExp {
  const one = `(?:${alternatives.join("|")})`;
  return new RegExp(`^${one}(?:[\\s,!.—–-]+${one})*$`, "u");
}

/** Words of a unit: letters, digits, apostrophes and hyphens. */
export function wordsOf(text: string): string[] {
  return text.match(/[\p{L}\p{N}'-]+/gu) ?? [];
}
