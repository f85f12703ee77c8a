/**
 * A model session for the planning commands: one backend, one response cache and one concurrency limit shared by
 * every prompt, however many loops ask at once. Built on the same ask layer as `tooluse run`.
 */
import { homedir } from "node:os";
import { join } from "node:path";
import { createBackend } from "../backends/registry.js";
import { type Backend, DEFAULT_SETTINGS, type DecodingSettings } from "../backends/types.js";
import { type Answer, askOne, type Prompt } from "./ask.js";
import { ResponseCache } from "./cache.js";
import { PLAN_DEFAULTS } from "./defaults.js";
import { createExecutor } from "./executor.js";

/** Only backends that answer free-form prompts; the rule and reference backends know benchmark cases only. */
export const MODEL_BACKENDS = ["openai", "llama"] as const;
export type ModelBackend = (typeof MODEL_BACKENDS)[number];

export interface SessionOptions {
  model: string;
  /** Default: llama for a .gguf path, else openai. */
  backend?: ModelBackend;
  baseUrl?: string | null;
  apiKeyEnv?: string;
  concurrency?: number;
  retries?: number;
  timeoutMs?: number;
  maxTokens?: number;
  temperature?: number;
  seed?: number | null;
  /** Null sends no chat_template_kwargs (hosted APIs refuse them); default false, as `tooluse run`. */
  enableThinking?: boolean | null;
  /** False bypasses the cache (neither read nor written). */
  cache?: boolean;
  cacheDir?: string;
  env?: NodeJS.ProcessEnv;
  signal?: AbortSignal;
  log?: (line: string) => void;
}

/** The planning workflows' defaults (src/runner/defaults.ts). */
export const DEFAULT_SESSION = PLAN_DEFAULTS;

export interface ModelSession {
  /** The model name as the backend reports it: the planner or judge name in records. */
  readonly model: string;
  /** Asks one prompt under the shared limit. Throws only on a fatal backend error or abort. */
  ask(prompt: Prompt): Promise<Answer>;
  close(): Promise<void>;
}

export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.TOOLUSE_CACHE_DIR ?? join(homedir(), ".cache", "tooluse");
}

function settingsFor(options: SessionOptions): DecodingSettings {
  return {
    temperature: options.temperature ?? DEFAULT_SETTINGS.temperature,
    max_tokens: options.maxTokens ?? DEFAULT_SESSION.maxTokens,
    enable_thinking:
      options.enableThinking === undefined ? DEFAULT_SETTINGS.enable_thinking : options.enableThinking,
    seed: options.seed ?? DEFAULT_SETTINGS.seed,
  };
}

/** Opens a session: builds the backend and checks once that the model can be asked at all. */
export async function openSession(options: SessionOptions): Promise<ModelSession> {
  const env = options.env ?? process.env;
  const backendKind = options.backend ?? (options.model.endsWith(".gguf") ? "llama" : "openai");
  const settings = settingsFor(options);
  const signal = options.signal ?? new AbortController().signal;
  const backend: Backend = await createBackend(
    {
      backend: backendKind,
      model: options.model,
      base_url: options.baseUrl ?? null,
      api_key_env: options.apiKeyEnv ?? DEFAULT_SESSION.apiKeyEnv,
      replay_file: null,
      timeout_ms: options.timeoutMs ?? DEFAULT_SESSION.timeoutMs,
      batch_size: null,
      settings,
    },
    env,
    options.log ? { log: options.log } : {},
  );
  await backend.preflight?.(signal);
  // Temperature 0 and a model backend are what make a cached answer the answer a re-run would get.
  const cacheable = options.cache !== false && backend.cacheable && settings.temperature === 0;
  const cache = cacheable ? new ResponseCache(options.cacheDir ?? defaultCacheDir(env), options.log) : null;
  // One executor for the session: a fatal error in one loop stops every other loop, whose next ask fails fast.
  const executor = createExecutor({
    concurrency: options.concurrency ?? DEFAULT_SESSION.concurrency,
    signal,
  });
  const policy = {
    backend,
    settings,
    retries: options.retries ?? DEFAULT_SESSION.retries,
    cache,
    onRetry: (message: string) => options.log?.(`retry: ${message}`),
  };
  const ask = (prompt: Prompt) => executor.run((signal) => askOne(prompt, { ...policy, signal }));
  return { model: backend.model, ask, close: async () => backend.close?.() };
}
