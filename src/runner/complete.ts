/** One completion with the shared policy: answered from the cache when possible, else asked with retries. */
import type { Answerer } from "../backends/case-answerer.js";
import type { Completion, ModelRequest } from "../backends/types.js";
import { answerRequest, type BenchmarkSubject } from "./answer-source.js";
import { ResponseCache } from "./cache.js";
import { withRetries } from "./retry.js";

export interface CompletionPolicy {
  backend: Answerer;
  retries: number;
  cache: ResponseCache | null;
  signal: AbortSignal;
  onRetry?: (message: string) => void;
}

export interface CompletionResult {
  completion: Completion;
  attempts: number;
  cached: boolean;
}

/**
 * `subject` is the benchmark case the request renders, if any (what a case answerer answers from); `label` names
 * the request in retry messages; `attempt` is the repeat index (`run --repeats`), part of the cache key above 0. Errors that survive the retries are thrown to the caller.
 */
export async function completeWithPolicy(
  request: ModelRequest,
  subject: BenchmarkSubject | undefined,
  policy: CompletionPolicy,
  label: string,
  attempt = 0,
): Promise<CompletionResult> {
  const { backend, cache } = policy;
  // The key is a hash of the whole request: only worth computing when there is a cache to ask.
  const key = cache
    ? ResponseCache.key({
        backend: backend.kind,
        model: backend.model,
        endpoint: backend.endpoint ?? null,
        messages: request.messages,
        tools: request.tools ?? null,
        settings: request.settings,
        attempt,
      })
    : "";
  const hit = cache?.get(key);
  if (hit) return { completion: hit, attempts: 0, cached: true };
  const { value, attempts } = await withRetries(
    () => answerRequest(backend, request, subject, policy.signal),
    {
      retries: policy.retries,
      baseDelayMs: 250,
      maxDelayMs: 30_000,
      signal: policy.signal,
      onRetry: (error, attempt, delay) =>
        policy.onRetry?.(`${label}: ${error.message}; retry ${attempt} in ${Math.round(delay)} ms`),
    },
  );
  // Which replica answered is an operational fact of this run, not part of the answer a later run may reuse.
  const { endpoint: _endpoint, ...answer } = value;
  cache?.set(key, answer);
  return { completion: value, attempts, cached: false };
}
