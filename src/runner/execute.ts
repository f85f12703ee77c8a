/** Runs every pending (case, protocol) through a backend: bounded concurrency, retries, cache, grading. */
import type { Answerer } from "../backends/case-answerer.js";
import type { DecodingSettings } from "../backends/types.js";
import type { Case, Protocol } from "../cases/schema.js";
import type { Output } from "../grade/output.js";
import type { GradingProfile } from "../grade/profiles.js";
import type { Verdict } from "../grade/verdict.js";
import type { PromptOptions } from "../protocols/prompts.js";
import { renderPrompt } from "../protocols/render.js";
import type { ResponseCache } from "./cache.js";
import { createExecutor, request } from "./executor.js";
import { type RunRecord, recordKey } from "./record.js";
import { attemptSeed, selectAttempts } from "./repeats.js";
import type { Shard } from "./shard.js";

export interface ExecuteOptions {
  cases: readonly Case[];
  protocols: readonly Protocol[];
  /** `--repeats K` (default 1): every pair is asked K times, attempt by attempt. */
  repeats?: number;
  /** Only this shard's pairs are asked. */
  shard?: Shard | undefined;
  /** A model backend is asked the rendered prompt; a case answerer, the case (answer-source.ts). */
  backend: Answerer;
  settings: DecodingSettings;
  promptOptions: PromptOptions;
  concurrency: number;
  retries: number;
  /** Keys of records (recordKey: case, protocol, attempt) already done (resume): they are not asked again. */
  done: ReadonlySet<string>;
  cache: ResponseCache | null;
  /** The profile every output is graded under (a run's grades through the verdict cache: cached-grader.ts). */
  grader: Pick<GradingProfile, "name" | "version"> & {
    grade(testCase: Case, output: Output): Verdict | Promise<Verdict>;
  };
  signal: AbortSignal;
  onRecord: (record: RunRecord) => void;
  onRetry?: (message: string) => void;
  /** The grader; injectable so a test can prove a grader bug stops the run instead of becoming an error record. */
  grade?: GradingProfile["grade"];
}

/** What a record of a repeated run adds: its attempt and the seed that attempt sent (absent without repeats). */
function attemptFields(attempt: number, options: ExecuteOptions) {
  return (options.repeats ?? 1) > 1 ? { attempt, seed: attemptSeed(options.settings.seed, attempt) } : {};
}

async function runOne(
  testCase: Case,
  protocol: Protocol,
  attempt: number,
  options: ExecuteOptions,
): Promise<RunRecord> {
  const prompt = renderPrompt(testCase, protocol, options.promptOptions);
  const base = { id: testCase.id, protocol };
  const repeat = attemptFields(attempt, options);
  const settings = { ...options.settings, seed: attemptSeed(options.settings.seed, attempt) };
  const answer = await request(
    { ...prompt, settings },
    { testCase, protocol },
    options,
    (options.repeats ?? 1) > 1 ? `${testCase.id}/${protocol}#${attempt}` : `${testCase.id}/${protocol}`,
    attempt,
  );
  if (!answer.ok)
    return {
      ...base,
      status: "error",
      output: null,
      verdict: null,
      error: answer.error,
      latency_ms: answer.latency_ms,
      prompt_tokens: null,
      completion_tokens: null,
      finish_reason: null,
      attempts: answer.attempts,
      cached: false,
      ...repeat,
    };
  // Grading runs outside the request's guard: a grader bug stops the run instead of becoming an error record.
  const { completion, attempts, cached, latency_ms: latency } = answer;
  return {
    ...base,
    status: "scored",
    output: completion.text,
    verdict: await (options.grade ?? options.grader.grade)(testCase, {
      id: testCase.id,
      protocol,
      output: completion.text,
    }),
    grading: { profile: options.grader.name, version: options.grader.version },
    error: null,
    latency_ms: latency,
    prompt_tokens: completion.prompt_tokens,
    completion_tokens: completion.completion_tokens,
    finish_reason: completion.finish_reason,
    attempts,
    cached,
    ...(completion.endpoint === undefined ? {} : { endpoint: completion.endpoint }),
    ...repeat,
  };
}

/**
 * Asked attempt by attempt (every pair's attempt 0, then every pair's attempt 1, …): a run stopped early holds
 * whole repeats rather than all K attempts of its first cases.
 */
function inAskingOrder(options: ExecuteOptions) {
  // Array sort is stable: within an attempt, pairs keep the run's order.
  return selectAttempts(options.cases, options.protocols, options.shard, options.repeats ?? 1).sort(
    (x, y) => x.attempt - y.attempt,
  );
}

/**
 * Resolves when every pending record is done. Rejects, after every request in flight has settled, on a fatal backend
 * error, on any other failure of a task (a grader or reporter bug: never swallowed, the other requests are aborted
 * and the records already written stay in the journal), or when the caller's signal aborts.
 */
export async function execute(options: ExecuteOptions): Promise<void> {
  const executor = createExecutor(options);
  const inner = { ...options, signal: executor.signal };
  const tasks: Promise<void>[] = [];
  for (const { testCase, protocol, attempt } of inAskingOrder(options)) {
    if (options.done.has(recordKey({ id: testCase.id, protocol, attempt }))) continue;
    const task = executor.run(async () => {
      const record = await runOne(testCase, protocol, attempt, inner);
      options.onRecord(record);
    });
    tasks.push(task);
  }
  // Every task settles before the run ends; `finish` reports the first failure or the caller's abort.
  await Promise.allSettled(tasks);
  executor.finish();
}
