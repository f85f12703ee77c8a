/**
 * The one model session of `tooluse run` and the planning commands: one backend (or its replicas), one response
 * cache and one concurrency limit shared by every prompt, however many loops ask at once.
 */
import { homedir } from "node:os";
import { join } from "node:path";
import type { Answerer } from "../backends/case-answerer.js";
import { type BackendSpec, createBackend } from "../backends/registry.js";
import { DEFAULT_SETTINGS, type DecodingSettings } from "../backends/types.js";
import { type Answer, askOne, type Prompt } from "./ask.js";
import { ResponseCache } from "./cache.js";
import { PLAN_DEFAULTS } from "./defaults.js";
import { createExecutor, type Executor } from "./executor.js";

/** Only backends that answer free-form prompts; the rule and reference backends know benchmark cases only. */
export const MODEL_BACKENDS = ["openai", "llama"] as const;
export type ModelBackend = (typeof MODEL_BACKENDS)[number];

export interface SessionOptions {
  model: string;
  /** Default: llama for a .gguf path, else openai. */
  backend?: ModelBackend;
  baseUrl?: string | null;
  /** Every replica of the model; when given, `baseUrl` is ignored. */
  baseUrls?: readonly string[];
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

/** What opening a model takes: the backend to build and the policy every request shares. */
export interface SessionSpec {
  backend: BackendSpec;
  /** Requests in flight per endpoint: with replicas, each replica gets this many. */
  concurrency: number;
  retries: number;
  /** False bypasses the cache (neither read nor written). */
  cache: boolean;
  cacheDir: string;
  env: NodeJS.ProcessEnv;
  signal: AbortSignal;
  log?: ((line: string) => void) | undefined;
}

/** An open model: what `run` hands its executor, and the `ask` the planning workflows use. */
export interface OpenModel extends ModelSession {
  /** A model backend, or for `run` a case answerer (baseline, oracle, replay): planning sessions open models only. */
  readonly backend: Answerer;
  readonly cache: ResponseCache | null;
  /** The limit over every endpoint: the per-endpoint concurrency times the replicas. */
  readonly concurrency: number;
}

/**
 * The one "open a model" sequence of `run` and every plan command: build the backend (replicas when several base
 * URLs are given), check once that it answers, decide on the response cache, and share one limit and retry policy.
 */
export async function openModelSession(spec: SessionSpec): Promise<OpenModel> {
  const { backend: backendSpec, signal, log } = spec;
  const backend = await createBackend(backendSpec, spec.env, {
    perEndpointConcurrency: spec.concurrency,
    ...(log ? { log } : {}),
  });
  await backend.preflight?.(signal);
  // Temperature 0 and a cacheable backend are what make a cached answer the answer a re-run would get.
  const cacheable = spec.cache && backend.cacheable && backendSpec.settings.temperature === 0;
  const cache = cacheable ? new ResponseCache(spec.cacheDir, log) : null;
  const concurrency = spec.concurrency * (backendSpec.base_urls?.length ?? 1);
  // One executor for the session: a fatal error in one loop stops every other loop, whose next ask fails fast.
  // Built on the first ask, so `run` (whose executor sits in execute()) pays nothing for it.
  let executor: Executor | undefined;
  const policy = {
    backend,
    settings: backendSpec.settings,
    retries: spec.retries,
    cache,
    onRetry: (message: string) => log?.(`retry: ${message}`),
  };
  const ask = (prompt: Prompt) => {
    executor ??= createExecutor({ concurrency, signal });
    return executor.run((signal) => askOne(prompt, { ...policy, signal }));
  };
  return { model: backend.model, backend, cache, concurrency, ask, close: async () => backend.close?.() };
}

/** Opens a planning session: the workflows' defaults, llama for a .gguf path, replicas for several base URLs. */
export async function openSession(options: SessionOptions): Promise<ModelSession> {
  const env = options.env ?? process.env;
  const urls = options.baseUrls ?? (options.baseUrl ? [options.baseUrl] : []);
  return openModelSession({
    backend: {
      backend: options.backend ?? (options.model.endsWith(".gguf") ? "llama" : "openai"),
      model: options.model,
      base_url: urls[0] ?? null,
      ...(urls.length > 1 ? { base_urls: [...urls] } : {}),
      api_key_env: options.apiKeyEnv ?? DEFAULT_SESSION.apiKeyEnv,
      replay_file: null,
      timeout_ms: options.timeoutMs ?? DEFAULT_SESSION.timeoutMs,
      batch_size: null,
      settings: settingsFor(options),
    },
    concurrency: options.concurrency ?? DEFAULT_SESSION.concurrency,
    retries: options.retries ?? DEFAULT_SESSION.retries,
    cache: options.cache !== false,
    cacheDir: options.cacheDir ?? defaultCacheDir(env),
    env,
    signal: options.signal ?? new AbortController().signal,
    log: options.log,
  });
}
