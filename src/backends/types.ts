/**
 * The one interface every model backend implements: a rendered prompt and settings in, raw text out. A backend never
 * sees a benchmark case; what answers from the case itself is a `CaseAnswerer` (case-answerer.ts).
 */
import type { toOpenAiTools } from "../tools/json-schema.js";

/** Decoding settings; all of them are recorded in results and are part of the cache key. */
export interface DecodingSettings {
  temperature: number;
  max_tokens: number;
  /** Sent as `chat_template_kwargs.enable_thinking` when not null; null leaves the runtime's default. */
  enable_thinking: boolean | null;
  seed: number | null;
}

export const DEFAULT_SETTINGS: DecodingSettings = {
  temperature: 0,
  max_tokens: 256,
  enable_thinking: false,
  seed: null,
};

/** An OpenAI-compatible chat message. */
export type ChatMessage =
  | { role: "system" | "user"; content: string }
  | { role: "assistant"; content: string | null; tool_calls?: NativeToolCall[] }
  | { role: "tool"; tool_call_id: string; content: string };

export interface NativeToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

/** What a backend sends: protocols/render.ts builds it from a case, the planning workflows from their templates. */
export interface RenderedPrompt {
  messages: ChatMessage[];
  /** Present for the native protocol only. */
  tools?: ReturnType<typeof toOpenAiTools>;
}

export interface ModelRequest extends RenderedPrompt {
  settings: DecodingSettings;
}

export interface RequestContext {
  signal: AbortSignal;
}

export interface Completion {
  /** The raw output graded for this record (for native: the encoded assistant message). */
  text: string;
  finish_reason: string | null;
  prompt_tokens: number | null;
  completion_tokens: number | null;
  /** The server that answered, for backends that ask one (never part of a cached answer). */
  endpoint?: string;
}

/** What a run records about whoever answers (a model or a case answerer) and how its answers may be kept. */
export interface AnswererIdentity {
  /** The backend kind, e.g. "openai", "baseline". */
  readonly kind: string;
  /** The model identity recorded in results. */
  readonly model: string;
  /**
   * Whether answers may be cached: a model (identical requests at temperature 0 give identical answers, and asking
   * costs time). Answerers computed in-process from the case (baseline, oracle, replay) are not: asking them is free,
   * and a cached answer would outlive a change to their code.
   */
  readonly cacheable: boolean;
  /** Where the model is served, when that is part of its identity (an OpenAI-compatible server's URL). */
  readonly endpoint?: string;
  /** What a results file should record about the loaded model beyond its name (digests, stop tokens, device). */
  readonly details?: Readonly<Record<string, unknown>>;
  /** Checks once, before any case, that the model can be asked at all; throws FatalBackendError if not. */
  preflight?(signal: AbortSignal): Promise<void>;
  close?(): Promise<void>;
}

export interface Backend extends AnswererIdentity {
  complete(request: ModelRequest, context: RequestContext): Promise<Completion>;
}

/** A failure worth retrying (rate limit, server error, timeout, reset, truncated reply). */
export class TransientError extends Error {
  override name = "TransientError";
  constructor(
    message: string,
    /** Milliseconds the server asked us to wait (Retry-After), when it said. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

/**
 * What fixes a fatal failure: `server`, how the server is reached (its address, the key, its availability), which a
 * resumed run may change; `settings`, what the run asks (the model, the decoding settings), which it keeps.
 */
export type FatalFix = "server" | "settings";

/** A failure that no retry and no other record can fix (bad key, unknown model): the run stops. */
export class FatalBackendError extends Error {
  override name = "FatalBackendError";

  constructor(
    message: string,
    readonly fix: FatalFix = "server",
  ) {
    super(message);
  }
}

/** The server cannot be reached at all: fatal for one server, but one replica among several can be left out. */
export class UnreachableError extends FatalBackendError {
  override name = "UnreachableError";
}
