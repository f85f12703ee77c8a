/**
 * A model session (the planning commands' one backend, cache and concurrency limit) as the executors' Ask. A
 * request that failed after its retries throws, so its step fails. Token counts are the server's usage when it
 * reported any; with native tools (R1) the reply's calls are read back out of the encoded assistant message.
 */
import type { Answer, Prompt } from "../../runner/ask.js";
import type { Ask } from "./ask.js";
import { decodeNativeCalls } from "./native-reply.js";

export interface AskingSession {
  ask(prompt: Prompt): Promise<Answer>;
}

export function sessionAsk(session: AskingSession): Ask {
  let counter = 0;
  return async (request) => {
    const answer = await session.ask({
      key: `execute-${++counter}`,
      messages: request.messages,
      ...(request.tools ? { tools: request.tools } : {}),
    });
    if (answer.status !== "ok" || answer.text === null)
      throw new Error(answer.error ?? "the model gave no answer");
    const prompt = answer.prompt_tokens ?? null;
    const completion = answer.completion_tokens ?? null;
    const tokens = prompt === null && completion === null ? null : { prompt, completion };
    if (!request.tools) return { text: answer.text, latencyMs: answer.latency_ms, tokens };
    const native = decodeNativeCalls(answer.text);
    return { text: native.content, toolCalls: native.calls, latencyMs: answer.latency_ms, tokens };
  };
}
