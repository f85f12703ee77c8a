/** The one interface every model backend implements: a rendered prompt and settings in, raw text out. */
import type { Case, Protocol } from "../cases/schema.js";
import type { RenderedPrompt } from "../protocols/render.js";

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

export interface ModelRequest extends RenderedPrompt {
  settings: DecodingSettings;
}

export interface RequestContext {
  signal: AbortSignal;
  /** The case being asked: reference and rule backends answer from it; model backends never look. */
  testCase: Case;
  protocol: Protocol;
}

export interface Completion {
  /** The raw output graded for this record (for native: the encoded assistant message). */
  text: string;
  finish_reason: string | null;
  prompt_tokens: number | null;
  completion_tokens: number | null;
}

export interface Backend {
  /** The backend kind, e.g. "openai", "baseline". */
  readonly kind: string;
  /** The model identity recorded in results. */
  readonly model: string;
  /** Whether identical requests give identical answers, which makes a response cache sound. */
  readonly deterministic: boolean;
  complete(request: ModelRequest, context: RequestContext): Promise<Completion>;
  /** Checks once, before any case, that the model can be asked at all; throws FatalBackendError if not. */
  preflight?(signal: AbortSignal): Promise<void>;
  close?(): Promise<void>;
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

/** A failure that no retry and no other record can fix (bad key, unknown model): the run stops. */
export class FatalBackendError extends Error {
  override name = "FatalBackendError";
}
