/** Native protocol outputs: the assistant message a server returned, with its own `tool_calls`. */
import { isRecord } from "../extract/call-shape.js";
import type { Call } from "../tools/types.js";

export interface NativeReply {
  content: string;
  calls: Call[];
  /** A tool call whose arguments were not a JSON object: the runtime's parser produced garbage. */
  malformed: boolean;
}

/** Serialises a server's assistant message into the text a native record stores as its output. */
export function encodeNativeReply(content: string | null, toolCalls: readonly unknown[] | null): string {
  return JSON.stringify({ content, tool_calls: toolCalls ?? [] });
}

/**
 * Reads a native output back; text that is not such a message counts as plain content with no calls. A message is
 * `{content?: string | null, tool_calls?: [{function: {name: string, arguments: string | object}}] | null}`, other
 * keys ignored; one tool call of another shape makes the whole text plain content. Checked by hand, not by a schema
 * library: this runs once per native output graded.
 */
export function decodeNativeReply(output: string): NativeReply {
  let value: unknown;
  try {
    value = JSON.parse(output);
  } catch {
    return { content: output, calls: [], malformed: false };
  }
  const message = readMessage(value);
  if (message === undefined) return { content: output, calls: [], malformed: false };
  const calls: Call[] = [];
  let malformed = false;
  for (const toolCall of message.toolCalls) {
    const args = parseArguments(toolCall.arguments);
    if (args === undefined) malformed = true;
    else calls.push({ name: toolCall.name, arguments: args });
  }
  return { content: message.content, calls, malformed };
}

interface NativeMessage {
  content: string;
  toolCalls: { name: string; arguments: string | Record<string, unknown> }[];
}

/** A JSON object (JSON text has no other kind: no class instances, no functions). */

function readMessage(value: unknown): NativeMessage | undefined {
  if (!isRecord(value)) return undefined;
  const content = value.content ?? "";
  const toolCalls = value.tool_calls ?? [];
  if (typeof content !== "string" || !Array.isArray(toolCalls)) return undefined;
  const read: NativeMessage["toolCalls"] = [];
  for (const toolCall of toolCalls as unknown[]) {
    const fn = isRecord(toolCall) ? toolCall.function : undefined;
    if (!isRecord(fn) || typeof fn.name !== "string") return undefined;
    const args = fn.arguments;
    if (typeof args === "string") read.push({ name: fn.name, arguments: args });
    else if (isRecord(args)) read.push({ name: fn.name, arguments: withoutProtoKey(args) });
    else return undefined;
  }
  return { content, toolCalls: read };
}

/** JSON text may name a key `__proto__`; it is dropped, never set as a prototype. */
function withoutProtoKey(args: Record<string, unknown>): Record<string, unknown> {
  if (!Object.hasOwn(args, "__proto__")) return args;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(args)) if (key !== "__proto__") copy[key] = args[key];
  return copy;
}

function parseArguments(raw: string | Record<string, unknown>): Record<string, unknown> | undefined {
  if (typeof raw !== "string") return raw;
  if (raw.trim() === "") return {};
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
