/**
 * How executors reach a model: one request (chat messages, optional native tools and decoding settings) and one
 * reply. The shared model session (issue 28) satisfies this; tests plug in a scripted model. An ask that fails
 * throws: the step is then recorded as failed, never answered.
 */
import type { ChatMessage, DecodingSettings, NativeToolCall } from "../../backends/types.js";

export type { ChatMessage, NativeToolCall } from "../../backends/types.js";

export interface ModelRequest {
  messages: ChatMessage[];
  /** OpenAI-style tool definitions, for native calling (R1); executors of plan steps send none. */
  tools?: unknown[];
  settings?: Partial<DecodingSettings>;
}

export interface TokenCounts {
  prompt: number | null;
  completion: number | null;
}

export interface ModelReply {
  /** The assistant's text (with native tools: its content, "" when it only called tools). */
  text: string;
  /** With native tools: the calls the assistant made, as the server returned them (ids kept for the replies). */
  toolCalls?: NativeToolCall[];
  latencyMs: number;
  tokens: TokenCounts | null;
}

export type Ask = (request: ModelRequest, signal: AbortSignal) => Promise<ModelReply>;

/** An Ask for runs that must not reach a model (the oracle): any call is a bug. */
export const NO_MODEL: Ask = async () => {
  throw new Error("this run has no model: an executor asked one");
};
