/** Viewing an already-parsed JSON value (a canonical plan object, a decoded JSON line) as the reader's tree. */
import type { Node } from "./tree.js";

const MAX_DEPTH = 48;

/** Converts any JSON value; offsets are all 0 because there is no text to point into. */
export function treeFromValue(value: unknown, depth = 0): Node {
  const span = { start: 0, end: 0 };
  if (typeof value === "string") return { kind: "string", value, ...span };
  if (typeof value === "number") return { kind: "number", value, ...span };
  if (depth >= MAX_DEPTH || value === null || typeof value !== "object")
    return { kind: "word", value: String(value), ...span };
  if (Array.isArray(value))
    return { kind: "array", items: value.map((item) => treeFromValue(item, depth + 1)), ...span };
  const entries = Object.entries(value).map(([key, item]) => ({
    key,
    keyKind: "string" as const,
    value: treeFromValue(item, depth + 1),
    ...span,
  }));
  return { kind: "object", entries, ...span };
}
