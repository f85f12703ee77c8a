/**
 * Free-form prompts (plans, judge verdicts, optimizer answers) through the one executor: the planning commands
 * (generate, judge, refine, experiment) ask their prompts through this.
 */
import type { ChatMessage, DecodingSettings, RenderedPrompt } from "../backends/types.js";
import type { CompletionPolicy } from "./complete.js";
import { request } from "./executor.js";

export interface Prompt {
  /** Unique within one call: results come back under it. */
  key: string;
  messages: ChatMessage[];
  /**
   * OpenAI-style tool definitions for native calling (the plan executor's R1). With tools the answer's text is the
   * encoded assistant message (src/grade/native.ts), as for a native ToolUse.1 record.
   */
  tools?: unknown[];
}

export interface Answer {
  key: string;
  status: "ok" | "error";
  text: string | null;
  error: string | null;
  cached: boolean;
  attempts: number;
  latency_ms: number;
  /** Token counts from the server's usage, when it reported them (absent on error answers). */
  prompt_tokens?: number | null;
  completion_tokens?: number | null;
}

export interface AskOptions extends CompletionPolicy {
  settings: DecodingSettings;
}

/** Asks one prompt: a request that fails after its retries is an error answer; a fatal backend error or abort throws. */
export async function askOne(prompt: Prompt, options: AskOptions): Promise<Answer> {
  const outcome = await request(
    {
      messages: prompt.messages,
      ...(prompt.tools ? { tools: prompt.tools as NonNullable<RenderedPrompt["tools"]> } : {}),
      settings: options.settings,
    },
    // A free-form prompt renders no benchmark case: only a model backend can answer it.
    undefined,
    options,
    prompt.key,
  );
  const { attempts, latency_ms } = outcome;
  return outcome.ok
    ? {
        key: prompt.key,
        status: "ok",
        text: outcome.completion.text,
        error: null,
        cached: outcome.cached,
        attempts,
        latency_ms,
        prompt_tokens: outcome.completion.prompt_tokens,
        completion_tokens: outcome.completion.completion_tokens,
      }
    : {
        key: prompt.key,
        status: "error",
        text: null,
        error: outcome.error,
        cached: false,
        attempts,
        latency_ms,
      };
}
