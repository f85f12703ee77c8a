/** A scripted model that answers every ToolUse.1 prompt perfectly: the oracle's output, keyed by the rendered request. */
import { referenceOutput } from "../backends/reference-outputs.js";
import type { Case, Protocol } from "../cases/schema.js";
import { decodeNativeReply } from "../grade/native.js";
import { renderPrompt } from "../protocols/render.js";
import { canonicalJson } from "../runner/canonical-json.js";
import type { ChatBody, ScriptedReply } from "./openai-server.js";

/** The protocols a scripted model answers: the three text protocols, then native tool calls. */
export const SCRIPTED_PROTOCOLS: readonly Protocol[] = ["json", "xml", "plain", "native"];

/**
 * What a request is looked up by: its rendered messages and, for native tool calling, its tools. Messages alone
 * are not enough: in native mode two cases can share every message and differ only in the tools offered.
 */
export const promptKey = (request: Pick<ChatBody, "messages" | "tools">): string =>
  canonicalJson({ messages: request.messages, tools: request.tools });

/** A raw reference output as the server sends it: text protocols as content, native decoded into tool_calls. */
export function replyFromOutput(protocol: Protocol, output: string): ScriptedReply {
  if (protocol !== "native") return { content: output };
  const native = decodeNativeReply(output);
  return {
    content: native.calls.length > 0 ? null : native.content,
    tool_calls: native.calls.map((call, i) => ({
      id: `call_${i}`,
      type: "function",
      function: { name: call.name, arguments: JSON.stringify(call.arguments) },
    })),
  };
}

/** Returns a script for the mock server; an unknown prompt is a test bug, so it throws. */
export function perfectScript(cases: readonly Case[]): (body: ChatBody) => ScriptedReply {
  const replies = new Map<string, ScriptedReply>();
  for (const testCase of cases) {
    for (const protocol of SCRIPTED_PROTOCOLS) {
      const prompt = renderPrompt(testCase, protocol);
      replies.set(
        promptKey(prompt),
        replyFromOutput(protocol, referenceOutput("oracle", testCase, protocol)),
      );
    }
  }
  return (body) => {
    const reply = replies.get(promptKey(body));
    if (!reply) throw new Error("the perfect model was asked a prompt it does not know");
    return reply;
  };
}
