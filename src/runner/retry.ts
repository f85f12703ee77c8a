/** Retries with exponential backoff and full jitter, honouring a server's Retry-After. */
import { setTimeout as sleep } from "node:timers/promises";
import { TransientError } from "../backends/types.js";

export interface RetryOptions {
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  signal: AbortSignal;
  /** Injectable for tests; defaults to Math.random (jitter only: it never changes a result). */
  random?: () => number;
  onRetry?: (error: TransientError, attempt: number, delayMs: number) => void;
}

export interface RetryResult<T> {
  value: T;
  attempts: number;
}

/** Runs `task` until it succeeds, fails with a non-transient error, or runs out of retries. */
export async function withRetries<T>(task: () => Promise<T>, options: RetryOptions): Promise<RetryResult<T>> {
  const random = options.random ?? Math.random;
  for (let attempt = 1; ; attempt++) {
    try {
      return { value: await task(), attempts: attempt };
    } catch (error) {
      if (!(error instanceof TransientError) || attempt > options.retries || options.signal.aborted)
        throw error;
      const backoff = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (attempt - 1)) * random();
      const delay = Math.min(options.maxDelayMs, Math.max(backoff, error.retryAfterMs ?? 0));
      options.onRetry?.(error, attempt, delay);
      await sleep(delay, undefined, { signal: options.signal });
    }
  }
}
