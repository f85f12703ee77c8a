/**
 * Answer constraints of no-call cases, compiled once (docs/spec-conformance.md §3.3, "answer constraints"):
 * a constraint is a phrase, or a list of alternative phrases (e.g. one per script: `[Canberra, Канберра]`).
 * Text and phrase are folded alike (case, ё, dashes, quotes, spaces). A number matches a number in the text of
 * the same value whatever its grouping ("1 024", "1,024", "1024"), never a longer number ("300" is not "30").
 * A phrase must start at a word boundary; a short one (three characters or fewer) must also end at one, so
 * "Au" is not found in "Austria" while a longer stem such as "минут" still matches "минуты".
 */
import { escapeRegExp } from "../text/chars.js";
import { foldText } from "../text/fold.js";

/** Folds text and phrases alike: NFKC, lowercase, ё→е, every dash to "-", typographic quotes to plain, one space. */
export function foldAnswer(text: string): string {
  let folded = foldText(text);
  // Each replace runs only on text it would change: most answers hold no dash or typographic quote, and single spaces.
  if (TYPOGRAPHIC.test(folded))
    folded = folded.replace(DASHES, "-").replace(SINGLE_QUOTES, "'").replace(DOUBLE_QUOTES, '"');
  return ODD_SPACE.test(folded) ? folded.replace(SPACES, " ") : folded;
}

const DASHES = /[‐‑‒–—―−]/g;
const SINGLE_QUOTES = /[‘’‚‛′`]/g;
const DOUBLE_QUOTES = /[“”„‟″«»]/g;
// NFKC already maps no-break and thin spaces to U+0020; the class is for text that skipped it.
const SPACES = /[\s\u00a0\u2009\u202f]+/g;
/** Any character DASHES, SINGLE_QUOTES or DOUBLE_QUOTES replaces. */
const TYPOGRAPHIC = /[‐‑‒–—―−‘’‚‛′`“”„‟″«»]/;
/** What SPACES changes: whitespace other than a single space (U+00A0, U+2009 and U+202F are `\s` too). */
const ODD_SPACE = /[^\S ]| {2}/;
/** A number as people write it: grouped thousands ("1 024", "1,024"), a decimal point or comma, a sign. */
const NUMBER = /-?\d{1,3}(?:[ ,]\d{3})+(?:\.\d+)?|-?\d+(?:[.,]\d+)?/g;
const WHOLE_NUMBER = new RegExp(`^(?:${NUMBER.source})$`);
const WORD_CHAR = /[\p{L}\p{N}]/u;
const SHORT = 3;

/** The numeric value of a number as written, or NaN: group separators dropped, a decimal comma read as a point. */
export function numberValue(written: string): number {
  const grouped = GROUPED.test(written);
  const plain = grouped ? written.replace(/[ ,]/g, "") : written.replace(",", ".");
  return Number(plain);
}

/** One alternative, ready to test against folded text. */
type Matcher = (folded: string) => boolean;

/** A compiled constraint: its alternatives as written (for reasons), and a test on folded text. */
export interface CompiledConstraint {
  readonly label: string;
  readonly test: Matcher;
}

/** What a compile failure says, for the file:line:field error of the case build. */
export class ConstraintError extends Error {
  override name = "ConstraintError";
}

/** How a number in the text may be written to match: any grouping, or only ungrouped ("1024", not "1,024"). */
export type Grouping = "any" | "ungrouped";

const GROUPED = /^-?\d{1,3}(?:[ ,]\d{3})+(?:\.\d+)?$/;

function numberMatcher(value: number, grouping: Grouping): Matcher {
  return (folded) => {
    for (const match of folded.matchAll(NUMBER)) {
      const start = match.index;
      const before = start > 0 ? folded.charAt(start - 1) : "";
      const after = folded.charAt(start + match[0].length);
      // "v1024" or "1024x" are identifiers, not the number; a trailing "." or "," is punctuation.
      if (/\p{L}/u.test(after)) continue;
      const signed = match[0].startsWith("-");
      // "COVID-19": a hyphen after a word joins, it is not a minus sign.
      const written = signed && WORD_CHAR.test(before) ? match[0].slice(1) : match[0];
      if (!signed && /\p{L}/u.test(before)) continue;
      if (grouping === "ungrouped" && GROUPED.test(written)) continue;
      if (numberValue(written) === value) return true;
    }
    return false;
  };
}

function phraseMatcher(phrase: string): Matcher {
  const end = [...phrase].length <= SHORT ? "(?![\\p{L}\\p{N}])" : "";
  // Built on the first text that holds the phrase: a Unicode pattern costs a tenth of a millisecond to build, and
  // loading a suite compiles every constraint only to check it (a cached re-run never tests one). Building it
  // cannot fail: every character the phrase shares with the pattern syntax is escaped.
  let pattern: RegExp | undefined;
  // The phrase itself first: a text without it cannot match, and `includes` says so without the lookbehind's scan.
  return (folded) => {
    if (!folded.includes(phrase)) return false;
    pattern ??= new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(phrase)}${end}`, "u");
    return pattern.test(folded);
  };
}

function compileAlternative(written: string, grouping: Grouping): Matcher {
  const phrase = foldAnswer(written).trim();
  if (!WORD_CHAR.test(phrase)) {
    throw new ConstraintError(`expected a phrase with a letter or digit, got ${JSON.stringify(written)}`);
  }
  if (WHOLE_NUMBER.test(phrase)) return numberMatcher(numberValue(phrase), grouping);
  return phraseMatcher(phrase);
}

/**
 * Compiles one constraint (a phrase, or alternatives); `ungrouped` reads only numbers written without grouping, to
 * tell when an answer met a constraint only through its grouped form (a named leniency). Throws a ConstraintError when an alternative has
 * nothing to match on (empty, only punctuation) or the list is empty.
 */
export function compileConstraint(
  constraint: string | readonly string[],
  grouping: Grouping = "any",
): CompiledConstraint {
  const alternatives = typeof constraint === "string" ? [constraint] : constraint;
  if (alternatives.length === 0) throw new ConstraintError("expected at least one alternative");
  const matchers = alternatives.map((written) => compileAlternative(written, grouping));
  const label = alternatives.map((text) => `"${text}"`).join(" or ");
  return { label, test: (folded) => matchers.some((matcher) => matcher(folded)) };
}
