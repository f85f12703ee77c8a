/** A bare argument object: no tool name, but its keys fit exactly one offered tool. */
import type { Call, ToolSpec } from "../tools/types.js";
import { isRecord } from "./call-shape.js";
import { type Fence, findFences, widenToFence } from "./scanner.js";
import type { Extractor, Span } from "./types.js";

interface Signature {
  name: string;
  required: readonly string[];
  all: ReadonlySet<string>;
}

/** Tagged call attempts: when one failed, its inner object is part of a broken call, not bare arguments. */
const TAGGED_ATTEMPTS = ["<tool_call>", "<function=", "<｜tool▁call▁begin｜>"];
const signatureCache = new WeakMap<readonly ToolSpec[], readonly Signature[]>();

function signaturesOf(tools: readonly ToolSpec[]): readonly Signature[] {
  let signatures = signatureCache.get(tools);
  if (signatures === undefined) {
    signatures = tools.map((tool) => ({
      name: tool.name,
      required: tool.parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
      all: new Set(tool.parameters.map((parameter) => parameter.name)),
    }));
    signatureCache.set(tools, signatures);
  }
  return signatures;
}

/**
 * The tool a key set identifies: the only offered tool whose required parameters are all present and
 * whose parameters include every key. None, or more than one, means no call.
 * @example toolForKeys(["city"], CATALOGUE_TOOLS) // "get_weather"
 */
export function toolForKeys(keys: readonly string[], tools: readonly ToolSpec[]): string | undefined {
  if (keys.length === 0) return undefined;
  let match: string | undefined;
  for (const signature of signaturesOf(tools)) {
    const fits =
      signature.required.every((key) => keys.includes(key)) && keys.every((key) => signature.all.has(key));
    if (!fits) continue;
    if (match !== undefined) return undefined;
    match = signature.name;
  }
  return match;
}

/**
 * True when the object is the value of a quoted key (`"arguments": {…}`): a fragment of a broken call,
 * not an object on its own. A prose colon ("Here you go: {…}") does not count.
 */
function isMemberValue(text: string, start: number): boolean {
  let i = start - 1;
  while (i >= 0 && /\s/.test(text[i] as string)) i--;
  if (text[i] !== ":") return false;
  i--;
  while (i >= 0 && /\s/.test(text[i] as string)) i--;
  return text[i] === '"' || text[i] === "'";
}

/**
 * Each top-level JSON object whose keys identify one tool becomes a call to it. Orphan spans (inside
 * an object that never closed) are skipped for the same reason as failed tagged attempts.
 */
export const extractBareArguments: Extractor = (text, context) => {
  const calls: Call[] = [];
  const spans: Span[] = [];
  if (TAGGED_ATTEMPTS.some((marker) => text.includes(marker))) return { calls, spans };
  let fences: Fence[] | undefined;
  for (const { span, parsed } of context.jsonCandidates()) {
    if (span.orphan || !parsed.ok || !isRecord(parsed.value) || isMemberValue(text, span.start)) continue;
    const name = toolForKeys(Object.keys(parsed.value), context.tools);
    if (name === undefined) continue;
    calls.push({ name, arguments: parsed.value });
    fences ??= findFences(text);
    spans.push(widenToFence(span, fences));
  }
  return { calls, spans };
};
