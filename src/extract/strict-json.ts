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

/** Keys whose string value runtimes serialise as JSON (OpenAI's `arguments`), so that string is JSON text too. */
const SERIALISED_KEYS = new Set([
  "arguments",
  "parameters",
  "args",
  "params",
  "input",
  "tool_input",
  "kwargs",
]);
/** Deeper than any call object; bounds the walk on hostile nesting. */
const MAX_WALK = 16;

/**
 * Whether a standard JSON value holds, under an arguments key, a string that is an object or list only after a repair
 * (`"arguments": "{'city': 'Rome'}"`): the call's arguments are then no JSON object either (E9).
 */
export function hasRepairedArgumentText(value: unknown, depth = 0): boolean {
  if (depth > MAX_WALK || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some((item) => hasRepairedArgumentText(item, depth + 1));
  for (const [key, inner] of Object.entries(value)) {
    if (typeof inner === "string") {
      const text = inner.trim();
      if (SERIALISED_KEYS.has(key) && /^[{[]/.test(text) && !isStandardJson(text)) return true;
    } else if (hasRepairedArgumentText(inner, depth + 1)) return true;
  }
  return false;
}
