/**
 * E9 (docs/spec-conformance.md): SPEC §3.1 reads "JSON objects", and a text that parses only after a repair — a
 * trailing comma, bare keys, single quotes, Python `True`/`None`, an extra closing bracket — is not one. This module
 * tells a repaired reading from a standard one; the chain then refuses the repaired call and calls it an attempt.
 */
import type { LenientResult } from "../text/lenient-json.js";
import type { Span } from "./types.js";

const REFUSED: LenientResult = { ok: false };

/** Whether `JSON.parse` reads the text as it is (the lenient reader agrees with it on standard JSON). */
export function isStandardJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether a stray `}` or `]` follows the object at once (`{…}}`): the writer's brackets did not balance, and only a
 * repair (dropping it) makes the text one object.
 */
export function strayCloserAfter(text: string, end: number): boolean {
  const next = /^[ \t\r\n]*([}\]])/.exec(text.slice(end, end + 64));
  return next !== null;
}

/** Whether the span's text needed a repair to be read: not standard JSON, or followed by a stray closer. */
export function isRepaired(text: string, span: Span, parsed: LenientResult): boolean {
  if (!parsed.ok) return false;
  return !isStandardJson(text.slice(span.start, span.end)) || strayCloserAfter(text, span.end);
}

/** The strict reading of a lenient one: a repaired text reads as nothing. */
export function refuseRepaired(repaired: boolean, parsed: LenientResult): LenientResult {
  return repaired ? REFUSED : parsed;
}
