/**
 * A native reply read back for R1: the backend stores an assistant message that called tools as the JSON text
 * `{content, tool_calls}` (src/grade/native.ts). R1 needs the calls whole — with their ids, which the tool results
 * must quote — so they are read here; a call of another shape is dropped (R1 answers it with nothing, the model sees
 * no result for it) and text that is not such a message is plain content.
 */
import { z } from "zod";
import type { NativeToolCall } from "./ask.js";

const CallSchema = z.looseObject({
  id: z.string().min(1),
  function: z.looseObject({
    name: z.string(),
    arguments: z.union([z.string(), z.record(z.string(), z.unknown())]),
  }),
});

const MessageSchema = z.looseObject({
  content: z.string().nullable().optional(),
  // Always present in what the backend encodes: a JSON answer of the model's own is not mistaken for a message.
  tool_calls: z.array(z.unknown()),
});

export function decodeNativeCalls(text: string): { content: string; calls: NativeToolCall[] } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { content: text, calls: [] };
  }
  const message = MessageSchema.safeParse(value);
  if (!message.success) return { content: text, calls: [] };
  const calls = message.data.tool_calls.flatMap((raw): NativeToolCall[] => {
    const call = CallSchema.safeParse(raw);
    if (!call.success) return [];
    const args = call.data.function.arguments;
    return [
      {
        id: call.data.id,
        type: "function",
        function: {
          name: call.data.function.name,
          arguments: typeof args === "string" ? args : JSON.stringify(args),
        },
      },
    ];
  });
  return { content: message.data.content ?? "", calls };
}
