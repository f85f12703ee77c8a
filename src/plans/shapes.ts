/** Recognising, in the reader's tree, what looks like a step and what looks like a plan. */
import type { Node, ObjectNode } from "./tree.js";

function has(node: ObjectNode, key: string): Node | null | undefined {
  return node.entries.find((entry) => entry.key === key)?.value;
}

const CALL_HEAD = /^\s*([A-Za-z][\w-]*)(\s*)\(/;
const TOOL_NAME = /^(t2s|rag|llm)$/i;

/**
 * Whether a string holds a tool call (`"T2S([], 'Fetch …')"`). A known tool name may be followed by a space;
 * any other name may not, so that a prompt such as "Fetch (1) calls" is not read as a call to Fetch.
 */
export function looksLikeCall(text: string): boolean {
  const head = CALL_HEAD.exec(text);
  return head !== null && (TOOL_NAME.test(head[1] ?? "") || head[2] === "");
}

function isCallish(node: Node | null | undefined): boolean {
  if (!node) return false;
  if (node.kind === "call") return true;
  if (node.kind === "string") return looksLikeCall(node.value);
  return node.kind === "object" && has(node, "tool") !== undefined;
}

/** A step: a tool call under "step"/"query", or the canonical {"tool", "prompt"}, or anything with depends_on. */
export function isStepLike(node: Node | null | undefined): boolean {
  if (node?.kind !== "object") return false;
  if (isCallish(has(node, "step")) || isCallish(has(node, "query"))) return true;
  return node.entries.some((entry) => entry.key === "tool" || entry.key === "depends_on");
}

/** A plan: steps keyed by number, a list of steps, `{"steps": …}`, or a wrapper holding one of these. */
export function isPlanLike(node: Node | null | undefined, depth = 0): boolean {
  if (!node || depth > 4) return false;
  if (node.kind === "array") return node.items.some((item) => isStepLike(item));
  if (node.kind !== "object" || isStepLike(node)) return false;
  const steps = has(node, "steps");
  if (steps && (steps.kind === "array" || steps.kind === "object")) return true;
  if (node.entries.some((entry) => isStepLike(entry.value) || isCallish(entry.value))) return true;
  return node.entries.some((entry) => isPlanLike(entry.value, depth + 1));
}

/** The value to read steps from: unwraps `{"steps": …}` and wrappers such as `{"query": "…", "plan": {…}}`. */
export function unwrapPlan(node: Node, depth = 0): Node {
  if (node.kind !== "object" || depth > 4) return node;
  const steps = has(node, "steps");
  if (steps && (steps.kind === "array" || steps.kind === "object")) return steps;
  if (node.entries.some((entry) => isStepLike(entry.value) || isCallish(entry.value))) return node;
  const inner = node.entries.find((entry) => isPlanLike(entry.value, depth + 1))?.value;
  return inner ? unwrapPlan(inner, depth + 1) : node;
}
