/**
 * Many free-form prompts through one backend with the run's machinery: bounded concurrency, retries, the response
 * cache and progress. The planning commands (generate, judge, refine) ask their prompts through this.
 */
import { setMaxListeners } from "node:events";
import pLimit from "p-limit";
import { type DecodingSettings, FatalBackendError } from "../backends/types.js";
import type { ChatMessage } from "../protocols/render.js";
import { type CompletionPolicy, completeWithPolicy } from "./complete.js";
import { errorMessage } from "./execute.js";

export interface Prompt {
  /** Unique within one call: results come back under it. */
  key: string;
  messages: ChatMessage[];
}

export interface Answer {
  key: string;
  status: "ok" | "error";
  text: string | null;
  error: string | null;
  cached: boolean;
  attempts: number;
  latency_ms: number;
}

export interface AskOptions extends CompletionPolicy {
  settings: DecodingSettings;
  concurrency: number;
  onAnswer?: (answer: Answer) => void;
}

/** Asks every prompt; resolves with the answers in prompt order. A fatal backend error stops everything. */
export async function askAll(prompts: readonly Prompt[], options: AskOptions): Promise<Answer[]> {
  const limit = pLimit(options.concurrency);
  const stop = new AbortController();
  setMaxListeners(0, stop.signal);
  const onAbort = () => stop.abort(options.signal.reason);
  options.signal.addEventListener("abort", onAbort, { once: true });
  const policy = { ...options, signal: stop.signal };
  let fatal: unknown;
  const answers = await Promise.all(
    prompts.map((prompt) =>
      limit(async (): Promise<Answer | undefined> => {
        if (stop.signal.aborted) return undefined;
        const answer = await askOne(prompt, policy);
        options.onAnswer?.(answer);
        return answer;
      }).catch((error: unknown): undefined => {
        if (fatal === undefined) fatal = error;
        stop.abort(error);
        return undefined;
      }),
    ),
  );
  options.signal.removeEventListener("abort", onAbort);
  if (fatal !== undefined) throw fatal;
  if (options.signal.aborted) throw options.signal.reason ?? new Error("aborted");
  return answers as Answer[];
}

async function askOne(prompt: Prompt, options: AskOptions): Promise<Answer> {
  const started = performance.now();
  const base = { key: prompt.key, latency_ms: 0 };
  try {
    const { completion, attempts, cached } = await completeWithPolicy(
      { messages: prompt.messages, settings: options.settings },
      {},
      options,
      prompt.key,
    );
    const latency = Math.round(performance.now() - started);
    return {
      ...base,
      status: "ok",
      text: completion.text,
      error: null,
      cached,
      attempts,
      latency_ms: latency,
    };
  } catch (error) {
    if (error instanceof FatalBackendError || options.signal.aborted) throw error;
    const latency = Math.round(performance.now() - started);
    const failed = { status: "error" as const, text: null, error: errorMessage(error), cached: false };
    return { ...base, ...failed, attempts: options.retries + 1, latency_ms: latency };
  }
}
