/**
 * The one request executor under `run` (ToolUse.1 records) and the planning commands (free-form prompts): bounded
 * concurrency, retries and the response cache, a failed request as a value, and a run that stops on its first
 * failure (a fatal backend error, or a bug in the caller's code) instead of swallowing it.
 */
import { setMaxListeners } from "node:events";
import pLimit from "p-limit";
import { type Completion, FatalBackendError, type ModelRequest } from "../backends/types.js";
import { redact } from "../text/redact.js";
import type { BenchmarkSubject } from "./answer-source.js";
import { type CompletionPolicy, completeWithPolicy } from "./complete.js";

/** The one line an error record keeps of a failed request: the error's name and message, without any secret. */
export function errorMessage(error: unknown): string {
  return redact(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
}

/** A request that got an answer, or one that failed after its retries; a fatal error or an abort is never a value. */
export type RequestOutcome =
  | { ok: true; completion: Completion; attempts: number; cached: boolean; latency_ms: number }
  | { ok: false; error: string; attempts: number; latency_ms: number };

/**
 * One request under the shared policy (cache, then retries). Only the request is guarded: the caller grades or
 * parses the answer outside, so a failure of our own code is never mistaken for a failed request. `attempt` is the
 * repeat index of `run --repeats` (the cache keeps one answer per attempt).
 */
export async function request(
  modelRequest: ModelRequest,
  subject: BenchmarkSubject | undefined,
  policy: CompletionPolicy,
  label: string,
  attempt = 0,
): Promise<RequestOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const { completion, attempts, cached } = await completeWithPolicy(
      modelRequest,
      subject,
      policy,
      label,
      attempt,
    );
    return { ok: true, completion, attempts, cached, latency_ms: elapsed() };
  } catch (error) {
    if (error instanceof FatalBackendError || policy.signal.aborted) throw error;
    return { ok: false, error: errorMessage(error), attempts: policy.retries + 1, latency_ms: elapsed() };
  }
}

export interface Executor {
  /** Aborts on the caller's signal or on the first failure: requests in flight stop, queued tasks never start. */
  readonly signal: AbortSignal;
  /**
   * Runs `task` under the concurrency limit with the executor's signal. A task that throws stops the executor; the
   * promise rejects with that error (or, if the executor had already stopped, with the reason it stopped).
   */
  run<R>(task: (signal: AbortSignal) => Promise<R>): Promise<R>;
  /**
   * Call once every task has settled: detaches from the caller's signal, then throws the caller's abort reason if it
   * aborted, else the first failure of a task, if any.
   */
  finish(): void;
}

export interface ExecutorOptions {
  concurrency: number;
  signal: AbortSignal;
}

export function createExecutor(options: ExecutorOptions): Executor {
  const limit = pLimit(options.concurrency);
  const stop = new AbortController();
  // Every request in flight and every backoff sleep listens on this one signal.
  setMaxListeners(0, stop.signal);
  const onAbort = () => stop.abort(options.signal.reason);
  options.signal.addEventListener("abort", onAbort, { once: true });
  if (options.signal.aborted) onAbort();
  let failure: { error: unknown } | undefined;
  const run = <R>(task: (signal: AbortSignal) => Promise<R>): Promise<R> =>
    limit(async () => {
      if (stop.signal.aborted) throw stop.signal.reason;
      try {
        return await task(stop.signal);
      } catch (error) {
        // An abort we caused ourselves is not a second failure: the first failure is the one reported.
        if (failure === undefined && !(stop.signal.aborted && !(error instanceof FatalBackendError))) {
          failure = { error };
          stop.abort(error);
        }
        throw error;
      }
    });
  const finish = () => {
    options.signal.removeEventListener("abort", onAbort);
    if (options.signal.aborted) throw options.signal.reason ?? new Error("aborted");
    if (failure !== undefined) throw failure.error;
  };
  return { signal: stop.signal, run, finish };
}
