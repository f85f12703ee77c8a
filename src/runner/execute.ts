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

export interface ExecuteOptions {
  cases: readonly Case[];
  protocols: readonly Protocol[];
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
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

async function runOne(testCase: Case, protocol: Protocol, options: ExecuteOptions): Promise<RunRecord> {
  const prompt = renderPrompt(testCase, protocol, options.promptOptions);
  const started = performance.now();
  const base = { id: testCase.id, protocol };
  try {
    const { completion, attempts, cached } = await completeWithPolicy(
      { ...prompt, settings: options.settings },
      { testCase, protocol },
      options,
      `${testCase.id}/${protocol}`,
    );
    return {
      ...base,
      status: "scored",
      output: completion.text,
      verdict: options.grader.grade(testCase, { id: testCase.id, protocol, output: completion.text }),
      error: null,
      latency_ms: Math.round(performance.now() - started),
      prompt_tokens: completion.prompt_tokens,
      completion_tokens: completion.completion_tokens,
      finish_reason: completion.finish_reason,
      attempts,
      cached,
    };
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
}

/**
 * Resolves when every pending record is done. Rejects, after every request in flight has settled, on a fatal backend
 * error (the other requests are aborted) or when the caller's signal aborts.
 */
export async function execute(options: ExecuteOptions): Promise<void> {
  const limit = pLimit(options.concurrency);
  const stop = new AbortController();
  // Every request in flight and every backoff sleep listens on this one signal.
  setMaxListeners(0, stop.signal);
  const onAbort = () => stop.abort(options.signal.reason);
  options.signal.addEventListener("abort", onAbort, { once: true });
  const inner = { ...options, signal: stop.signal };
  let fatal: unknown;
  const tasks: Promise<void>[] = [];
  for (const testCase of options.cases) {
    for (const protocol of options.protocols) {
      if (options.done.has(recordKey({ id: testCase.id, protocol }))) continue;
      const task = limit(async () => {
        if (stop.signal.aborted) return;
        const record = await runOne(testCase, protocol, inner);
        options.onRecord(record);
      }).catch((error: unknown) => {
        if (error instanceof FatalBackendError && fatal === undefined) {
          fatal = error;
          stop.abort(error);
        }
      });
      tasks.push(task);
    }
  }
  await Promise.all(tasks);
  options.signal.removeEventListener("abort", onAbort);
  if (fatal !== undefined) throw fatal;
  if (options.signal.aborted) throw options.signal.reason ?? new Error("aborted");
}
