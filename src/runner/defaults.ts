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

/**
 * The bounds of a run's numeric settings, written once: the library checks them (define-run.ts) and the CLI reads
 * its flags against the same numbers, so the two cannot drift apart.
 */
export const RUN_BOUNDS = {
  concurrency: { min: 1, max: 1024 },
  retries: { min: 0, max: 100 },
  temperature: { min: 0, max: 2 },
  repeats: { min: 1, max: 1000 },
} as const;
