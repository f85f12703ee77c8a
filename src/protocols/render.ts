/** Renders a case in a protocol: the chat messages (and, for native, the tools) a backend sends to a model. */
import type { ChatMessage, NativeToolCall, RenderedPrompt } from "../backends/types.js";
import type { Case, Message, Protocol } from "../cases/schema.js";
import { offeredTools } from "../grade/offered.js";
import { renderCall } from "../grade/render-call.js";
import { toOpenAiTools } from "../tools/json-schema.js";
import type { ToolSpec } from "../tools/types.js";
import { declaredSystemPrompt, declareTools, SINGLE_CALL, toolResultMessage } from "./prompts.js";

function renderHistory(messages: readonly Message[], protocol: Protocol): ChatMessage[] {
  const out: ChatMessage[] = [];
  let callNumber = 0;
  for (const message of messages) {
    if (message.role === "user") out.push({ role: "user", content: message.content });
    else if (message.role === "assistant" && "content" in message)
      out.push({ role: "assistant", content: message.content });
    else if (message.role === "assistant") {
      callNumber++;
      if (protocol !== "native")
        out.push({ role: "assistant", content: renderCall(protocol, message.tool_call) });
      else {
        const args = JSON.stringify(message.tool_call.arguments);
        const call: NativeToolCall = {
          id: `call_${callNumber}`,
          type: "function",
          function: { name: message.tool_call.name, arguments: args },
        };
        out.push({ role: "assistant", content: null, tool_calls: [call] });
      }
    } else if (protocol === "native")
      out.push({ role: "tool", tool_call_id: `call_${callNumber}`, content: message.content });
    else out.push({ role: "user", content: toolResultMessage(message.name, message.content) });
  }
  return out;
}

/**
 * Each offered list's declarations, by the list: offeredTools shares one array per list and never changes it, so a
 * run of hundreds of requests over a few lists declares each list once.
 */
const declarations = new WeakMap<readonly ToolSpec[], string>();

function declared(tools: readonly ToolSpec[]): string {
  let text = declarations.get(tools);
  if (text === undefined) {
    text = declareTools(tools);
    declarations.set(tools, text);
  }
  return text;
}

export function renderPrompt(testCase: Case, protocol: Protocol, options = SINGLE_CALL): RenderedPrompt {
  const tools = offeredTools(testCase);
  const messages: ChatMessage[] = [
    { role: "system", content: declaredSystemPrompt(protocol, declared(tools), options) },
    ...renderHistory(testCase.messages, protocol),
  ];
  return protocol === "native" ? { messages, tools: toOpenAiTools(tools) } : { messages };
}
