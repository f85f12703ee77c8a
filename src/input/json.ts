/** JSON from untrusted text: parsed, then refused when nested deeper than any input needs (limits.ts). */
import { UserError } from "../errors.js";
import { MAX_NESTING, nestedTooDeep } from "./limits.js";

/**
 * True when `value` nests arrays and objects more than `limit` levels deep. Walked with an explicit stack: V8 parses
 * a million levels without trouble, but every recursive function after it (stringify, zod, the grader) would not.
 */
export function nestedDeeperThan(value: unknown, limit: number = MAX_NESTING): boolean {
  if (value === null || typeof value !== "object") return false;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (depth > limit) return true;
    const children = Array.isArray(node) ? node : Object.values(node as object);
    for (const child of children)
      if (child !== null && typeof child === "object") stack.push([child, depth + 1]);
  }
  return false;
}

/** `text` as JSON; text that is not JSON, or nests too deep, is a UserError naming `where` (file or file:line). */
export function parseJsonText(text: string, where: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UserError(`${where}: invalid JSON (${(error as Error).message})`);
  }
  if (nestedDeeperThan(value)) throw nestedTooDeep(where);
  return value;
}
