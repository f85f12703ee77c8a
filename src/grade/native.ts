/** Native protocol outputs: the assistant message a server returned, with its own `tool_calls`. */
import { z } from "zod";
import type { Call } from "../tools/types.js";

const NativeMessageSchema = z.object({
  content: z.string().nullish(),
  tool_calls: z
    .array(
      z.object({
        function: z.object({
          name: z.string(),
          arguments: z.union([z.string(), z.record(z.string(), z.unknown())]),
        }),
      }),
    )
    .nullish(),
});

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

/** Reads a native output back; text that is not such a message counts as plain content with no calls. */
export function decodeNativeReply(output: string): NativeReply {
  let value: unknown;
  try {
    value = JSON.parse(output);
  } catch {
    return { content: output, calls: [], malformed: false };
  }
  const parsed = NativeMessageSchema.safeParse(value);
  if (!parsed.success) return { content: output, calls: [], malformed: false };
  const calls: Call[] = [];
  let malformed = false;
  for (const toolCall of parsed.data.tool_calls ?? []) {
    const args = parseArguments(toolCall.function.arguments);
    if (args === undefined) malformed = true;
    else calls.push({ name: toolCall.function.name, arguments: args });
  }
  return { content: parsed.data.content ?? "", calls, malformed };
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
