/** The model flags the planning commands share, validated into session options; messages name the flag. */

import { modelBackend, type SessionOptions } from "../plans/models/session.js";
import { seconds, wholeNumber as strictWholeNumber } from "./flags.js";

/** As commander hands them over: strings, and `cache: false` for --no-cache. */
export interface ModelFlags {
  backend?: string;
  baseUrl?: string;
  apiKeyEnv?: string;
  concurrency?: string;
  retries?: string;
  timeout?: string;
  maxTokens?: string;
  cache?: boolean;
  cacheDir?: string;
}

/** Defaults as commander shows them in --help. */
export const MODEL_FLAG_DEFAULTS = {
  apiKeyEnv: "OPENAI_API_KEY",
  concurrency: "8",
  retries: "4",
  timeout: "120",
  maxTokens: "2048",
} as const;

/** The shared strict check (src/cli/flags.ts) with this module's positional minimum. */
export function wholeNumber(flag: string, value: string, min: number): number {
  return strictWholeNumber(flag, value, { min });
}

export function sessionOptions(model: string, flags: ModelFlags): SessionOptions {
  return {
    model,
    backend: modelBackend(flags.backend),
    baseUrl: flags.baseUrl ?? null,
    apiKeyEnv: flags.apiKeyEnv ?? MODEL_FLAG_DEFAULTS.apiKeyEnv,
    concurrency: wholeNumber("--concurrency", flags.concurrency ?? MODEL_FLAG_DEFAULTS.concurrency, 1),
    retries: wholeNumber("--retries", flags.retries ?? MODEL_FLAG_DEFAULTS.retries, 0),
    timeoutMs: seconds("--timeout", flags.timeout ?? MODEL_FLAG_DEFAULTS.timeout),
    maxTokens: wholeNumber("--max-tokens", flags.maxTokens ?? MODEL_FLAG_DEFAULTS.maxTokens, 1),
    cache: flags.cache !== false,
    ...(flags.cacheDir ? { cacheDir: flags.cacheDir } : {}),
  };
}
