/**
 * The library's own defaults for asking a model: the run's (tool calls are short) and the planning workflows'
 * (plans, judge rationales and optimizer answers are far longer than a tool call, and slower to write). The CLI shows
 * these as its flag defaults; it never states them again.
 */

export interface AskDefaults {
  apiKeyEnv: string;
  /** Requests in flight per endpoint. */
  concurrency: number;
  retries: number;
  timeoutMs: number;
  maxTokens: number;
}

export const RUN_DEFAULTS: AskDefaults = {
  apiKeyEnv: "OPENAI_API_KEY",
  concurrency: 8,
  retries: 4,
  timeoutMs: 60_000,
  maxTokens: 256,
};

export const PLAN_DEFAULTS: AskDefaults = {
  apiKeyEnv: "OPENAI_API_KEY",
  concurrency: 8,
  retries: 4,
  timeoutMs: 120_000,
  maxTokens: 2048,
};
