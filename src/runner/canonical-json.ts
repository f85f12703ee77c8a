/** Canonical JSON (sorted keys, no spaces): equal values always hash the same. */
import { hash } from "node:crypto";

/** Deeper than this, the general path decides (and names a cycle, as JSON.stringify does). */
const MAX_DEPTH = 200;

/** Thrown inside the direct writer at anything it does not write exactly as the general path would. */
const NOT_PLAIN = new (class NotPlain {})();

/**
 * Plain data written directly: null, booleans, finite numbers, strings, arrays without holes or undefined, and
 * objects of Object's (or no) prototype whose keys do not start with a digit (JSON.stringify lists array-index keys
 * first, whatever their sorted place) and hold no undefined, function or symbol. Anything else throws NOT_PLAIN.
 */
function direct(value: unknown, depth: number): string {
  if (value === null) return "null";
  switch (typeof value) {
    case "string":
      return JSON.stringify(value);
    case "boolean":
      return value ? "true" : "false";
    case "number":
      if (!Number.isFinite(value)) throw NOT_PLAIN;
      return JSON.stringify(value);
    case "object":
      break;
    default:
      throw NOT_PLAIN;
  }
  if (depth > MAX_DEPTH || typeof (value as { toJSON?: unknown }).toJSON === "function") throw NOT_PLAIN;
  if (Array.isArray(value)) {
    let text = "[";
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      if (item === undefined) throw NOT_PLAIN;
      text += `${index === 0 ? "" : ","}${direct(item, depth + 1)}`;
    }
    return `${text}]`;
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) throw NOT_PLAIN;
  const keys = Object.keys(value).sort();
  let text = "{";
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index] as string;
    const code = key.charCodeAt(0);
    if (code >= 48 && code <= 57) throw NOT_PLAIN;
    text += `${index === 0 ? "" : ","}${JSON.stringify(key)}:${direct((value as Record<string, unknown>)[key], depth + 1)}`;
  }
  return `${text}}`;
}

/** The general path: every value JSON.stringify takes, each object's entries sorted by key. */
function general(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

/**
 * A value's canonical JSON. Plain data (everything a run hashes: requests, records, cases) is written directly, a
 * few times faster than through JSON.stringify's replacer; anything else takes the general path. Both give the same
 * text for every value (canonical-json.test.ts), so keys and digests never change with the path taken.
 */
export function canonicalJson(value: unknown): string {
  try {
    return direct(value, 0);
  } catch (error) {
    if (error !== NOT_PLAIN) throw error;
    return general(value);
  }
}

/** The sha256 of a text, in hex (one call: a run hashes thousands of short texts). */
export function sha256(text: string): string {
  return hash("sha256", text, "hex");
}
