/** Canonical JSON (sorted keys, no spaces): equal values always hash the same. */
import { createHash } from "node:crypto";

/**
 * The reference definition: `JSON.stringify` whose replacer re-creates every object with its keys sorted. Kept for
 * the values the fast writer below does not handle itself (class instances, boxed primitives, anything exotic), so
 * every value serialises exactly as it always has.
 */
function viaReplacer(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

const ARRAY_INDEX = /^(?:0|[1-9][0-9]*)$/;
const MAX_ARRAY_INDEX = 2 ** 32 - 2;

function isArrayIndex(key: string): boolean {
  return ARRAY_INDEX.test(key) && Number(key) <= MAX_ARRAY_INDEX;
}

/**
 * Keys in the order the reference writes them: the object it rebuilds lists array-index keys first, ascending as
 * numbers (JavaScript's own-property order), then the other keys in sorted (UTF-16 code unit) order.
 */
function keyOrder(a: string, b: string): number {
  const indexA = isArrayIndex(a);
  const indexB = isArrayIndex(b);
  if (indexA !== indexB) return indexA ? -1 : 1;
  if (indexA) return Number(a) - Number(b);
  return a < b ? -1 : a > b ? 1 : 0;
}

function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * One value as the reference writes it, or undefined where it writes nothing (undefined, a function, a symbol).
 * Written by hand because the replacer's copy of every object cost more than the hashing: a run keys every request
 * (cache) and digests every record (journal), 564 × 2 values of kilobytes each for ToolUse.1 × 3 protocols.
 */
function write(value: unknown, key: string): string | undefined {
  if (
    value !== null &&
    typeof value === "object" &&
    typeof (value as { toJSON?: unknown }).toJSON === "function"
  )
    return write((value as { toJSON: (key: string) => unknown }).toJSON(key), key);
  switch (typeof value) {
    case "string":
    case "number":
    case "boolean":
      return JSON.stringify(value);
    case "object":
      break;
    default:
      // undefined, function and symbol are written as nothing; a bigint throws exactly as the reference does.
      return value === undefined || typeof value === "function" || typeof value === "symbol"
        ? undefined
        : JSON.stringify(value);
  }
  if (value === null) return "null";
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype) return viaReplacer(value);
    // A loop, not map: a hole in a sparse array is written as null, as the reference writes it.
    const items: string[] = [];
    for (let index = 0; index < value.length; index++)
      items.push(write(value[index], String(index)) ?? "null");
    return `[${items.join(",")}]`;
  }
  if (!isPlainObject(value)) return viaReplacer(value);
  const record = value as Record<string, unknown>;
  const parts: string[] = [];
  for (const name of Object.keys(record).sort(keyOrder)) {
    const text = write(record[name], name);
    if (text !== undefined) parts.push(`${JSON.stringify(name)}:${text}`);
  }
  return `{${parts.join(",")}}`;
}

export function canonicalJson(value: unknown): string {
  // Like JSON.stringify, undefined at the top gives undefined (merge.ts reads that as "absent").
  return write(value, "") as string;
}

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
