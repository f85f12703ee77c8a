/** A scripted model that answers every ToolUse.1 prompt perfectly: the oracle's output, keyed by the rendered request. */
import { referenceOutput } from "../backends/reference-outputs.js";
import type { Case } from "../cases/schema.js";
import { decodeNativeReply } from "../grade/native.js";
import { renderPrompt } from "../protocols/render.js";
import { canonicalJson } from "../runner/canonical-json.js";
import type { ChatBody, ScriptedReply } from "./mock-openai-server.js";

const TEXT_PROTOCOLS = ["json", "xml", "plain"] as const;

/** Returns a script for the mock server; an unknown prompt is a test bug, so it throws. */
export function perfectScript(cases: readonly Case[]): (body: ChatBody) => ScriptedReply {
  const replies = new Map<string, ScriptedReply>();
  for (const testCase of cases) {
    for (const protocol of TEXT_PROTOCOLS) {
      const { messages } = renderPrompt(testCase, protocol);
      replies.set(canonicalJson(messages), { content: referenceOutput("oracle", testCase, protocol) });
    }
    const { messages } = renderPrompt(testCase, "native");
    const native = decodeNativeReply(referenceOutput("oracle", testCase, "native"));
    replies.set(canonicalJson(messages), {
      content: native.calls.length > 0 ? null : native.content,
      tool_calls: native.calls.map((call, i) => ({
        id: `call_${i}`,
        type: "function",
        function: { name: call.name, arguments: JSON.stringify(call.arguments) },
      })),
    });
  }
  return (body) => {
    const reply = replies.get(canonicalJson(body.messages));
    if (!reply) throw new Error("the perfect model was asked a prompt it does not know");
    return reply;
  };
}
