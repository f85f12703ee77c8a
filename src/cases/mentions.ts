/**
 * An expected free-text argument given by what it must mention rather than by its exact wording:
 * `query: { mentions: [Lakers, [game, score, result]] }`. Used where the user asks a question in their own words
 * and the model writes the search query itself, so no single string is the right one. Each entry is a phrase or a
 * list of alternatives, matched exactly as answer constraints are (src/cases/constraint.ts): folded text, word
 * starts, numbers by value. Every entry must be found.
 */
import { type CompiledConstraint, compileConstraint, foldAnswer } from "./constraint.js";

export interface Mentions {
  mentions: ReadonlyArray<string | readonly string[]>;
}

/** True for `{ mentions: [...] }`, the one other object shape an expected argument reserves. */
export function isMentions(value: unknown): value is Mentions {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Array.isArray((value as { mentions?: unknown }).mentions)
  );
}

/** Whether a model's argument is text that mentions every listed phrase (one alternative of each suffices). */
export function mentionsMatch(expected: Mentions, actual: unknown): boolean {
  if (typeof actual !== "string") return false;
  const folded = foldAnswer(actual);
  return compiled(expected).every((entry) => entry.test(folded));
}

// Keyed by the case's expectation object: each one's phrases compile once per process, however often it is graded.
const compiledCache = new WeakMap<Mentions, readonly CompiledConstraint[]>();

function compiled(expected: Mentions): readonly CompiledConstraint[] {
  let entries = compiledCache.get(expected);
  if (entries === undefined) {
    entries = expected.mentions.map((c) => compileConstraint(c));
    compiledCache.set(expected, entries);
  }
  return entries;
}

/** A text that satisfies the expectation: the first alternative of each entry, in order (the oracle's argument). */
export function mentionsExample(expected: Mentions): string {
  return expected.mentions.map((entry) => (typeof entry === "string" ? entry : entry[0])).join(" ");
}
