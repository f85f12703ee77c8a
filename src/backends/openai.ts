/** The OpenAI-compatible backend: vLLM, SGLang, llama.cpp server, Ollama, LM Studio or a hosted API. */
import type OpenAI from "openai";
import { encodeNativeReply } from "../grade/native.js";
import { holdSecret, holdUrlCredentials, redact, redactSecrets, redactUrl } from "../text/redact.js";
import { httpFetch } from "./http-fetch.js";
import { preflightModels } from "./openai-preflight.js";
import {
  type Backend,
  type Completion,
  FatalBackendError,
  type ModelRequest,
  type RequestContext,
  TransientError,
} from "./types.js";

export interface OpenAiBackendOptions {
  baseURL: string;
  model: string;
  /** Read from the environment by the caller; never written anywhere. Undefined sends no Authorization header. */
  apiKey: string | undefined;
  /** The NAME of the variable the key came from, for messages (`OPENAI_API_KEY`). */
  apiKeyEnv?: string;
  timeoutMs: number;
}

/** The SDK's module, loaded on the first request: a run that asks no server (baseline, replay, every answer cached) never pays for its ~100 modules. */
type Sdk = typeof import("openai");
let sdkLoading: Promise<Sdk> | undefined;
function loadSdk(): Promise<Sdk> {
  sdkLoading ??= import("openai");
  return sdkLoading;
}

function retryAfterMs(headers: Headers | undefined): number | null {
  const value = headers?.get("retry-after-ms") ?? null;
  if (value !== null && Number.isFinite(Number(value))) return Number(value);
  const seconds = headers?.get("retry-after");
  if (!seconds) return null;
  if (Number.isFinite(Number(seconds))) return Number(seconds) * 1000;
  const date = Date.parse(seconds);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

/** Why the server refused the request's credentials, naming the variable the key is read from. */
function refusedKey(status: number, options: OpenAiBackendOptions): FatalBackendError {
  const variable = options.apiKeyEnv ?? "the key variable";
  return options.apiKey === undefined
    ? new FatalBackendError(
        `the server refused the request without an API key (HTTP ${status}): ${variable} is not set; export it, or name the variable that holds the key with --api-key-env`,
        "server",
      )
    : new FatalBackendError(`the server refused the API key in ${variable} (HTTP ${status})`, "server");
}

/**
 * Sorts an SDK failure into retry, stop-the-run, or a plain per-record error. Every message that leaves here has
 * passed the redactor: a server's error body may echo the request's Authorization header.
 */
function classify(error: unknown, options: OpenAiBackendOptions, sdk: Sdk): unknown {
  const { APIConnectionError, APIError, APIUserAbortError } = sdk;
  if (error instanceof APIUserAbortError) return error;
  if (error instanceof APIConnectionError)
    return new TransientError(`connection failed: ${redact(error.message)}`);
  if (error instanceof APIError) {
    const status = error.status ?? 0;
    const message = redact(error.message);
    if (status === 408 || status === 409 || status === 429 || status >= 500) {
      return new TransientError(`HTTP ${status}: ${message}`, retryAfterMs(error.headers));
    }
    if (status === 401 || status === 403) return refusedKey(status, options);
    if (status === 404)
      return new FatalBackendError(
        `the server does not serve model "${options.model}" (HTTP 404)`,
        "settings",
      );
    // Hosted APIs refuse the extra field that open-source runtimes read to switch thinking off.
    if (status === 400 && /chat_template_kwargs/.test(message)) {
      return new FatalBackendError(
        "the server rejects chat_template_kwargs: run with --thinking default",
        "settings",
      );
    }
    error.message = message;
    return error;
  }
  // A reply cut off mid-body surfaces as a JSON syntax error: the server hiccupped, so try again.
  if (error instanceof SyntaxError) return new TransientError(`truncated reply: ${redact(error.message)}`);
  return error;
}

/** An SDK client, made on the first request or preflight: the address and key are fixed for the backend's life. */
type Connect = () => Promise<{ sdk: Sdk; client: OpenAI }>;

function connector(options: OpenAiBackendOptions): Connect {
  // Our runner owns retries (one policy, counted, honouring Retry-After), so the SDK's own are off.
  let client: ReturnType<Connect> | undefined;
  return () => {
    client ??= loadSdk().then((sdk) => ({
      sdk,
      client: new sdk.default({
        baseURL: options.baseURL,
        // Without a key no Authorization header is sent (a local server needs none): never a made-up one.
        apiKey: options.apiKey ?? "",
        ...(options.apiKey === undefined ? { defaultHeaders: { Authorization: null } } : {}),
        maxRetries: 0,
        timeout: options.timeoutMs,
        fetch: httpFetch,
      }),
    }));
    return client;
  };
}

/** The chat-completions body: only the settings that are set, so a server's own defaults hold for the rest. */
function requestBody(model: string, request: ModelRequest) {
  const { settings } = request;
  return {
    model,
    messages: request.messages,
    temperature: settings.temperature,
    max_tokens: settings.max_tokens,
    ...(settings.seed !== null ? { seed: settings.seed } : {}),
    ...(request.tools ? { tools: request.tools } : {}),
    ...(settings.enable_thinking !== null
      ? { chat_template_kwargs: { enable_thinking: settings.enable_thinking } }
      : {}),
  };
}

function completionOf(response: OpenAI.ChatCompletion, request: ModelRequest, shownURL: string): Completion {
  const choice = response.choices?.[0];
  if (!choice) throw new TransientError("the reply has no choices");
  const message = choice.message;
  const text = request.tools
    ? encodeNativeReply(message.content ?? null, message.tool_calls ?? [])
    : (message.content ?? "");
  // A reply that echoes the key is graded and stored without it, so the stored output is the graded one.
  return {
    text: redactSecrets(text),
    finish_reason: choice.finish_reason ?? null,
    prompt_tokens: response.usage?.prompt_tokens ?? null,
    completion_tokens: response.usage?.completion_tokens ?? null,
    endpoint: shownURL,
  };
}

export function openAiBackend(options: OpenAiBackendOptions): Backend {
  // From here on the key and the address's credentials are secrets: nothing written may carry them.
  holdSecret(options.apiKey);
  holdUrlCredentials(options.baseURL);
  // The address as records and messages show it: without its credentials.
  const shownURL = redactUrl(options.baseURL);
  const connect = connector(options);
  return {
    kind: "openai",
    model: options.model,
    cacheable: true,
    endpoint: shownURL.replace(/\/+$/, ""),
    // Asked without the SDK: a run whose every answer is cached never loads it (src/backends/openai-preflight.ts).
    preflight: (signal: AbortSignal) =>
      preflightModels({ ...options, shownURL, refusedKey: (status) => refusedKey(status, options) }, signal),
    async complete(request: ModelRequest, context: RequestContext): Promise<Completion> {
      const body = requestBody(options.model, request);
      const { sdk, client } = await connect();
      let response: OpenAI.ChatCompletion;
      try {
        response = await client.chat.completions.create(
          body as OpenAI.ChatCompletionCreateParamsNonStreaming,
          {
            signal: context.signal,
          },
        );
      } catch (error) {
        throw classify(error, options, sdk);
      }
      return completionOf(response, request, shownURL);
    },
  };
}
