/** The model flags the planning commands share, validated into session options; messages name the flag. */
import { UserError } from "../../errors.js";
import { modelBackend, type SessionOptions } from "./session.js";

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

export function wholeNumber(flag: string, value: string, min: number): number {
  const n = Number(value);
  if (value.trim() === "" || !Number.isInteger(n) || n < min)
    throw new UserError(`${flag}: expected a whole number ≥ ${min}, got "${value}"`);
  return n;
}

export function sessionOptions(model: string, flags: ModelFlags): SessionOptions {
  const timeout = Number(flags.timeout ?? MODEL_FLAG_DEFAULTS.timeout);
  if (!(timeout > 0)) throw new UserError(`--timeout: expected seconds > 0, got "${flags.timeout}"`);
  return {
    model,
    backend: modelBackend(flags.backend),
    baseUrl: flags.baseUrl ?? null,
    apiKeyEnv: flags.apiKeyEnv ?? MODEL_FLAG_DEFAULTS.apiKeyEnv,
    concurrency: wholeNumber("--concurrency", flags.concurrency ?? MODEL_FLAG_DEFAULTS.concurrency, 1),
    retries: wholeNumber("--retries", flags.retries ?? MODEL_FLAG_DEFAULTS.retries, 0),
    timeoutMs: Math.round(timeout * 1000),
    maxTokens: wholeNumber("--max-tokens", flags.maxTokens ?? MODEL_FLAG_DEFAULTS.maxTokens, 1),
    cache: flags.cache !== false,
    ...(flags.cacheDir ? { cacheDir: flags.cacheDir } : {}),
  };
}
