/**
 * A task's key as a person reads it. Keys are JSON lists made for uniqueness (`["mock","ToolUse.1",
 * "calculator-en-01","json"]`); the pages show their parts in the order a reviewer looks for them, joined by " · "
 * ("calculator-en-01 · json · mock"), leaving out the empty ones. A key that is not such a list is shown as it is.
 */
import type { TaskKind } from "../contract.js";
import { kindNamed } from "./lookup.js";

function parts(key: string): unknown[] | null {
  if (!key.startsWith("[")) return null;
  try {
    const value: unknown = JSON.parse(key);
    return Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

export function readableKey(kind: TaskKind, key: string): string {
  const list = parts(key);
  if (list === null) return key;
  const shown = kindNamed(kind).keyParts.flatMap(({ at, label, unless }) => {
    const value = list[at];
    if (value === null || value === undefined || value === "" || value === unless) return [];
    const text = typeof value === "string" ? value : JSON.stringify(value);
    return [label ? `${label} ${text}` : text];
  });
  return shown.length > 0 ? shown.join(" · ") : key;
}
