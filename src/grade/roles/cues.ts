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
  "(?:(?:so|and|or|but|also|oh|ah|well|ok|okay|alright|sure|great|then|now|just|first|first of all|btw|by the way|no problem|of course|и|а|но|так что|так|ну|итак|хорошо|ладно|тогда|кстати|просто|только|лучше|окей|сначала|сперва|для начала|для этого|тут|здесь|без проблем|конечно|for this|for that)[,!]?\\s+)*";

/** A cue found anywhere in a unit: `test`, and `exec` for where it is (the first match, as RegExp's exec gives it). */
export interface Cue {
  test(text: string): boolean;
  exec(text: string): RegExpExecArray | null;
}

/**
 * A whole-word cue, tested first without its word-start lookbehind: that pattern matches wherever the cue does, and
 * most units hold no cue at all, which it tells about three times faster (a leading lookbehind is checked at every
 * position and keeps the regular-expression engine from scanning ahead for the alternatives' first letters).
 */
class WordCue implements Cue {
  constructor(
    private readonly quick: RegExp,
    private readonly pattern: RegExp,
  ) {}

  test(text: string): boolean {
    return this.quick.test(text) && this.pattern.test(text);
  }

  exec(text: string): RegExpExecArray | null {
    return this.quick.test(text) ? this.pattern.exec(text) : null;
  }
}

/** Any of the alternatives as whole words, anywhere in the unit. */
export function anywhere(alternatives: readonly string[]): Cue {
  const body = `(?:${alternatives.join("|")})`;
  return new WordCue(new RegExp(body, "u"), new RegExp(`${START}${body}${END}`, "u"));
}

/** Any of the alternatives as whole words at the start of the unit, after optional discourse markers. */
export function atStart(alternatives: readonly string[]): RegExp {
  return new RegExp(`^${LEAD}(?:${alternatives.join("|")})${END}`, "u");
}

/** Something that tells whether a whole unit is made of certain phrases. */
export interface Matcher {
  test(text: string): boolean;
}

/**
 * The whole unit is a sequence of the alternatives (with commas, dashes and exclamations between). Read left to right
 * without backtracking, longest alternative first: a regular expression `^a(?:sep a)*$` over alternatives that overlap
 * backtracks exponentially on a long unit of them ("right right right … x").
 */
export function whole(alternatives: readonly string[]): Matcher {
  const longestFirst = [...new Set(alternatives)].sort((a, b) => b.length - a.length);
  const phrase = new RegExp(`(?:${longestFirst.join("|")})(?=[\\s,!.—–-]|$)`, "uy");
  const separator = /[\s,!.—–-]+/uy;
  return {
    test(text: string): boolean {
      let at = 0;
      while (at < text.length) {
        phrase.lastIndex = at;
        const found = phrase.exec(text);
        if (found === null || found[0] === "") return false;
        at += found[0].length;
        separator.lastIndex = at;
        const gap = separator.exec(text);
        if (gap !== null) at += gap[0].length;
      }
      return at > 0;
    },
  };
}

/** Words of a unit: letters, digits, apostrophes and hyphens. */
export function wordsOf(text: string): string[] {
  return text.match(/[\p{L}\p{N}'-]+/gu) ?? [];
}
