/**
 * The tokens of JSON-like text, shared by every reader of it: the lenient JSON reader under extract/ and the plan
 * reader under plans/ read numbers, bare words, literals, escapes and spaces through these, so they cannot disagree.
 */
import { isSpace } from "./chars.js";

// Sticky patterns, reused: each read sets lastIndex to the position asked about.
const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const WORD = /[A-Za-z_$][\w$-]*/y;
const HEX4 = /^[0-9a-fA-F]{4}$/;
/** Escapes that stand for another character; any other escaped character stands for itself (`\"`, `\'`, `\/`). */
const ESCAPES: Readonly<Record<string, string>> = { b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

/** JSON's literals and Python's, which models write when they mean JSON. */
export const LITERALS: Readonly<Record<string, unknown>> = {
  true: true,
  false: false,
  null: null,
  True: true,
  False: false,
  None: null,
};

/** The number written at `at` (JSON's grammar, leading zeros allowed), or undefined. */
export function numberAt(text: string, at: number): string | undefined {
  NUMBER.lastIndex = at;
  return NUMBER.exec(text)?.[0];
}

/** The bare word at `at` (an unquoted key, a literal, a tool name), or undefined. */
export function wordAt(text: string, at: number): string | undefined {
  WORD.lastIndex = at;
  return WORD.exec(text)?.[0];
}

/**
 * Decodes the escape whose backslash is at `at`; `end` is where the string goes on. Null for a `\u` without four
 * hex digits or a backslash at the very end: each reader decides how forgiving to be there.
 */
export function escapeAt(text: string, at: number): { value: string; end: number } | null {
  const escaped = text[at + 1];
  if (escaped === undefined) return null;
  if (escaped !== "u") return { value: ESCAPES[escaped] ?? escaped, end: at + 2 };
  const hex = text.slice(at + 2, at + 6);
  return HEX4.test(hex) ? { value: String.fromCharCode(Number.parseInt(hex, 16)), end: at + 6 } : null;
}

/** The first position at or after `at` that is not a space in the reader's sense (default: `isSpace`). */
export function skipSpaces(text: string, at: number, space: (code: number) => boolean = isSpace): number {
  let position = at;
  while (position < text.length && space(text.charCodeAt(position))) position++;
  return position;
}
