/** Runs every pending (case, protocol) through a backend: bounded concurrency, retries, cache, grading. */
import { setMaxListeners } from "node:events";
import pLimit from "p-limit";
import { type Backend, type DecodingSettings, FatalBackendError } from "../backends/types.js";
import type { Case, Protocol } from "../cases/schema.js";
import type { GradingProfile } from "../grade/profiles.js";
import type { PromptOptions } from "../protocols/prompts.js";
import { renderPrompt } from "../protocols/render.js";
import type { ResponseCache } from "./cache.js";
import { completeWithPolicy } from "./complete.js";
import { type RunRecord, recordKey } from "./record.js";
import { type Shard, selectPairs } from "./shard.js";

export interface ExecuteOptions {
  cases: readonly Case[];
  protocols: readonly Protocol[];
  /** Only this shard's pairs are asked. */
  shard?: Shard | undefined;
  backend: Backend;
  settings: DecodingSettings;
  promptOptions: PromptOptions;
  concurrency: number;
  retries: number;
  /** Keys of records already done (resume): they are not asked again. */
  done: ReadonlySet<string>;
  cache: ResponseCache | null;
  /** The profile every output is graded under. */
  grader: GradingProfile;
  signal: AbortSignal;
  onRecord: (record: RunRecord) => void;
  onRetry?: (message: string) => void;
  /** The grader; injectable so a test can prove a grader bug stops the run instead of becoming an error record. */
  grade?: GradingProfile["grade"];
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

async function runOne(testCase: Case, protocol: Protocol, options: ExecuteOptions): Promise<RunRecord> {
  const prompt = renderPrompt(testCase, protocol, options.promptOptions);
  const started = performance.now();
  const base = { id: testCase.id, protocol };
  let answer: Awaited<ReturnType<typeof completeWithPolicy>>;
  // Only the request is guarded: a failed request is a record; a failure of our own code below is a bug.
  try {
    answer = await completeWithPolicy(
      { ...prompt, settings: options.settings },
      { testCase, protocol },
      options,
      `${testCase.id}/${protocol}`,
    );
  } catch (error) {
    if (error instanceof FatalBackendError || options.signal.aborted) throw error;
    return {
      ...base,
      status: "error",
      output: null,
      verdict: null,
      error: errorMessage(error),
      latency_ms: Math.round(performance.now() - started),
      prompt_tokens: null,
      completion_tokens: null,
      finish_reason: null,
      attempts: options.retries + 1,
      cached: false,
    };
  }
  const { completion, attempts, cached } = answer;
  const latency = Math.round(performance.now() - started);
  return {
    ...base,
    status: "scored",
    output: completion.text,
    verdict: (options.grade ?? options.grader.grade)(testCase, {
      id: testCase.id,
      protocol,
      output: completion.text,
    }),
    error: null,
    latency_ms: latency,
    prompt_tokens: completion.prompt_tokens,
    completion_tokens: completion.completion_tokens,
    finish_reason: completion.finish_reason,
    attempts,
    cached,
    ...(completion.endpoint === undefined ? {} : { endpoint: completion.endpoint }),
  };
}

/**
 * Resolves when every pending record is done. Rejects, after every request in flight has settled, on a fatal backend
 * error, on any other failure of a task (a grader or reporter bug: never swallowed, the other requests are aborted
 * and the records already written stay in the journal), or when the caller's signal aborts.
 */
export async function execute(options: ExecuteOptions): Promise<void> {
  const limit = pLimit(options.concurrency);
  const stop = new AbortController();
  // Every request in flight and every backoff sleep listens on this one signal.
  setMaxListeners(0, stop.signal);
  const onAbort = () => stop.abort(options.signal.reason);
  options.signal.addEventListener("abort", onAbort, { once: true });
  const inner = { ...options, signal: stop.signal };
  let failure: { error: unknown } | undefined;
  const tasks: Promise<void>[] = [];
  for (const { testCase, protocol } of selectPairs(options.cases, options.protocols, options.shard)) {
    if (options.done.has(recordKey({ id: testCase.id, protocol }))) continue;
    const task = limit(async () => {
      if (stop.signal.aborted) return;
      const record = await runOne(testCase, protocol, inner);
      options.onRecord(record);
    }).catch((error: unknown) => {
      // An abort we caused ourselves is not a second failure; the first failure is the one reported.
      if (failure !== undefined || (stop.signal.aborted && !(error instanceof FatalBackendError))) return;
      failure = { error };
      stop.abort(error);
    });
    tasks.push(task);
  }
  await Promise.all(tasks);
  options.signal.removeEventListener("abort", onAbort);
  if (options.signal.aborted) throw options.signal.reason ?? new Error("aborted");
  if (failure !== undefined) throw failure.error;
}
