/** JSON from untrusted text: parsed, then refused when nested deeper than any input needs (limits.ts). */
import { UserError } from "../errors.js";
import { MAX_NESTING, nestedTooDeep } from "./limits.js";

/**
 * True when `value` nests arrays and objects more than `limit` levels deep. Walked with an explicit stack: V8 parses
 * a million levels without trouble, but every recursive function after it (stringify, zod, the grader) would not.
 */
export function nestedDeeperThan(value: unknown, limit: number = MAX_NESTING): boolean {
  if (value === null || typeof value !== "object") return false;
  // Two parallel stacks, no allocation per node: this walks every value of every file read.
  const nodes: object[] = [value];
  const depths: number[] = [1];
  while (nodes.length > 0) {
    const node = nodes.pop() as object;
    const depth = depths.pop() as number;
    if (depth > limit) return true;
    if (Array.isArray(node)) {
      for (const child of node)
        if (child !== null && typeof child === "object") {
          nodes.push(child);
          depths.push(depth + 1);
        }
    } else {
      for (const key in node) {
        const child = (node as Record<string, unknown>)[key];
        if (child !== null && typeof child === "object") {
          nodes.push(child);
          depths.push(depth + 1);
        }
      }
    }
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
