/**
 * The plan runner: each plan's steps in dependency order, steps whose inputs are ready running in parallel (under
 * one concurrency limit shared by all plans), placeholders filled from earlier outputs, every step's trace kept.
 * A step that fails is recorded as failed and the steps that need it as skipped; a plan whose final step did not
 * succeed has no answer. With a journal, finished steps are written as they finish and a resumed run skips them.
 */
import { createHash } from "node:crypto";
import { setMaxListeners } from "node:events";
import pLimit from "p-limit";
import type { Plan, PlanStep } from "../../plans/model.js";
import { canonicalJson } from "../../runner/canonical-json.js";
import type { Workspace } from "../../workspace/open.js";
import type { Ask } from "./ask.js";
import { fillPrompt, promptInputs } from "./fill.js";
import type { StepJournal } from "./journal.js";
import { llmExecutor } from "./llm.js";
import type { StepOutput } from "./output.js";
import { DEFAULT_RAG, type RagOptions, ragExecutor } from "./rag.js";
import type { Executors, StepInput } from "./step.js";
import { type SqlLimits, t2sExecutor } from "./t2s.js";
import {
  journalStep,
  keepOutput,
  newTrace,
  resumeTrace,
  type StepTrace,
  stepInputs,
  thrownResult,
} from "./trace.js";

export { type StepStatus, type StepTrace, TRACE_ROWS, traceRows } from "./trace.js";

export interface PlanToRun {
  /** Unique per run: `te-001/best`, `te-001/gpt-4o/with-lineage`. */
  key: string;
  queryId: string;
  query: string;
  plan: Plan;
}

export interface PlanAnswer {
  key: string;
  query_id: string;
  query: string;
  status: "answered" | "failed";
  /** The final step's output text; null whenever the plan failed. */
  answer: string | null;
  final_step: number | null;
  error: string | null;
  steps: StepTrace[];
}

export interface ExecuteOptions {
  /** Steps run at once across all plans (default 4). */
  concurrency?: number;
  /** The executors; default: T2S, RAG and LLM through `ask`. */
  executors?: Executors;
  limits?: SqlLimits;
  rag?: RagOptions;
  journal?: StepJournal;
  /** Who answers (model name, "oracle"): part of each plan's journal digest, so a resume never mixes answerers. */
  identity?: string;
  signal?: AbortSignal;
  /** Called as each step finishes (progress). */
  onStep?: (plan: PlanToRun, trace: StepTrace) => void;
}

/** The row cap holds every interaction of the largest workspace, so that an id list is never the reason a step fails. */
export const DEFAULT_EXECUTE_LIMITS: SqlLimits = { timeoutMs: 20_000, rowCap: 250_000 };

export function modelExecutors(
  workspace: Workspace,
  ask: Ask,
  limits: SqlLimits = DEFAULT_EXECUTE_LIMITS,
  rag: RagOptions = DEFAULT_RAG,
): Executors {
  return {
    T2S: t2sExecutor(workspace.engine, ask, limits),
    RAG: ragExecutor(workspace, ask, rag),
    LLM: llmExecutor(ask),
  };
}

/** The steps a step waits for: its dependencies, its input list and the outputs its prompt names. */
function needs(step: PlanStep): number[] {
  const named = step.tool === "LLM" ? promptInputs(step.prompt) : step.inputs;
  return [...new Set([...step.depends_on, ...step.inputs, ...named])];
}

/** Why a plan cannot be executed (a reference to no step, a cycle), or null. */
export function notExecutable(plan: Plan): string | null {
  const ids = new Set(plan.steps.map((s) => s.id));
  for (const step of plan.steps) {
    for (const other of needs(step)) {
      if (other === step.id) return `step ${step.id} depends on itself`;
      if (!ids.has(other)) return `step ${step.id} refers to step ${other}, which the plan does not have`;
    }
  }
  const waiting = new Map(plan.steps.map((s) => [s.id, new Set(needs(s))]));
  const done = new Set<number>();
  while (done.size < plan.steps.length) {
    const ready = [...waiting].filter(([id, deps]) => !done.has(id) && [...deps].every((d) => done.has(d)));
    if (ready.length === 0) return "the steps' dependencies form a cycle";
    for (const [id] of ready) done.add(id);
  }
  return null;
}

function planDigest(item: PlanToRun, identity: string): string {
  const text = canonicalJson({ identity, query: item.query, plan: item.plan });
  return createHash("sha256").update(text).digest("hex").slice(0, 32);
}

interface StepOutcome {
  trace: StepTrace;
  output: StepOutput | null;
}

/** One plan's run: what its steps share while they run. */
interface PlanRun {
  item: PlanToRun;
  executors: Executors;
  limit: ReturnType<typeof pLimit>;
  options: ExecuteOptions;
  signal: AbortSignal;
  steps: ReadonlyMap<number, PlanStep>;
  /** Steps whose output feeds a T2S or RAG step's ids. */
  feedsIds: ReadonlySet<number>;
  digest: string;
  outputs: Map<number, StepOutput>;
  outcomes: Map<number, Promise<StepOutcome>>;
}

/** The answer of a plan that never ran (it cannot be read or executed): failed, with no steps. */
export function failedAnswer(item: Pick<PlanToRun, "key" | "queryId" | "query">, error: string): PlanAnswer {
  return {
    key: item.key,
    query_id: item.queryId,
    query: item.query,
    status: "failed",
    answer: null,
    final_step: null,
    error,
    steps: [],
  };
}

/** An `onStep` that reports each plan once, as its final step finishes: progress counted in plans, not steps. */
export function onPlanFinished(
  plans: readonly PlanToRun[],
  done: (ok: boolean, key: string) => void,
): NonNullable<ExecuteOptions["onStep"]> {
  const finalStep = new Map(plans.map((p) => [p.key, Math.max(...p.plan.steps.map((s) => s.id))]));
  return (plan, trace) => {
    if (trace.step === finalStep.get(plan.key)) done(trace.status === "ok", plan.key);
  };
}

/** Runs a step's executor under the shared limit; a throw becomes a failed result. */
async function execute(run: PlanRun, step: PlanStep, prompt: string, inputs: StepInput[], trace: StepTrace) {
  const { item, signal } = run;
  let started = performance.now();
  const result = await run
    .limit(async () => {
      if (signal.aborted) throw signal.reason ?? new Error("aborted");
      // Latency is the step's own time, not its wait for a free slot.
      started = performance.now();
      return run.executors[step.tool].run({
        planKey: item.key,
        queryId: item.queryId,
        query: item.query,
        step,
        prompt,
        inputs,
        feedsIds: run.feedsIds.has(step.id),
        signal,
      });
    })
    .catch(thrownResult);
  trace.latency_ms = Math.round(performance.now() - started);
  trace.details = result.details;
  return result;
}

async function runStep(run: PlanRun, step: PlanStep): Promise<StepOutcome> {
  const { item, outputs } = run;
  const waited = await Promise.all(needs(step).map((id) => run.outcomes.get(id) as Promise<StepOutcome>));
  const named = step.tool === "LLM" ? promptInputs(step.prompt) : step.inputs;
  const prompt = fillPrompt(step, { query: item.query, steps: run.steps, outputs });
  const trace = newTrace({
    step: step.id,
    tool: step.tool,
    status: "skipped",
    inputs: named,
    depends_on: step.depends_on,
    prompt,
  });
  const blocked = waited.find((w) => w.trace.status !== "ok");
  if (blocked) {
    trace.error = `step ${blocked.trace.step} did not succeed`;
    return { trace, output: null };
  }
  const journaled = run.options.journal?.find(item.key, run.digest, step.id);
  if (journaled) {
    outputs.set(step.id, resumeTrace(trace, journaled));
    // A resumed plan step's trace has always carried this extra copy of output_rows; kept so that answers files
    // stay byte-identical (R1's resumed calls never had it).
    Object.assign(trace, { total: trace.output_rows });
    return { trace, output: journaled.output };
  }
  const result = await execute(run, step, prompt, stepInputs(named, run.steps, outputs), trace);
  // A step that was still running when the run was interrupted may have been cut short by the interruption (an
  // engine asked to stop can hand back fewer rows without an error): it is never recorded as finished, so a
  // resumed run executes it again instead of reusing a partial output.
  if (result.ok && run.signal.aborted) {
    trace.status = "failed";
    trace.error = "interrupted";
    return { trace, output: null };
  }
  if (!result.ok) {
    trace.status = "failed";
    trace.error = result.error;
    return { trace, output: null };
  }
  keepOutput(trace, result.output);
  outputs.set(step.id, result.output);
  journalStep(
    run.options.journal,
    { plan: item.key, digest: run.digest, step: step.id },
    trace,
    result.output,
  );
  return { trace, output: result.output };
}

/** Starts every step at once, each waiting on the promises of what it needs; notExecutable ruled out cycles. */
function startSteps(run: PlanRun): void {
  const pending: PlanStep[] = [...run.item.plan.steps];
  while (pending.length > 0) {
    const index = pending.findIndex((s) => needs(s).every((id) => run.outcomes.has(id)));
    const [step] = pending.splice(index, 1) as [PlanStep];
    run.outcomes.set(
      step.id,
      runStep(run, step).then((outcome) => {
        run.options.onStep?.(run.item, outcome.trace);
        return outcome;
      }),
    );
  }
}

async function runPlan(
  item: PlanToRun,
  executors: Executors,
  limit: ReturnType<typeof pLimit>,
  options: ExecuteOptions,
  signal: AbortSignal,
): Promise<PlanAnswer> {
  const refusal = notExecutable(item.plan);
  if (refusal) return failedAnswer(item, `not executable: ${refusal}`);
  const run: PlanRun = {
    item,
    executors,
    limit,
    options,
    signal,
    steps: new Map(item.plan.steps.map((s) => [s.id, s])),
    feedsIds: new Set(item.plan.steps.filter((s) => s.tool !== "LLM").flatMap((s) => s.inputs)),
    digest: planDigest(item, options.identity ?? ""),
    outputs: new Map(),
    outcomes: new Map(),
  };
  startSteps(run);
  const order = item.plan.steps;
  const traces = (await Promise.all(order.map((s) => run.outcomes.get(s.id) as Promise<StepOutcome>))).map(
    (o) => o.trace,
  );
  const final = traces[traces.length - 1] as StepTrace;
  const answered = final.status === "ok" && run.outputs.has(final.step);
  return {
    key: item.key,
    query_id: item.queryId,
    query: item.query,
    status: answered ? "answered" : "failed",
    answer: answered ? (run.outputs.get(final.step)?.text ?? null) : null,
    final_step: final.step,
    error: answered ? null : (final.error ?? `step ${final.step} did not succeed`),
    steps: traces,
  };
}

/**
 * Executes plans against a workspace and returns one answer (with its traces) per plan, in input order.
 * @example executePlans(plans, workspace, session.ask, { concurrency: 8 })
 */
export async function executePlans(
  plans: readonly PlanToRun[],
  workspace: Workspace,
  ask: Ask,
  options: ExecuteOptions = {},
): Promise<PlanAnswer[]> {
  const keys = new Set<string>();
  for (const plan of plans) {
    if (keys.has(plan.key)) throw new Error(`plan key ${plan.key} appears twice`);
    keys.add(plan.key);
  }
  const executors =
    options.executors ??
    modelExecutors(workspace, ask, options.limits ?? DEFAULT_EXECUTE_LIMITS, options.rag ?? DEFAULT_RAG);
  const limit = pLimit(options.concurrency ?? 4);
  const signal = options.signal ?? new AbortController().signal;
  // Every step's queries and requests listen on the one signal.
  setMaxListeners(0, signal);
  return Promise.all(plans.map((plan) => runPlan(plan, executors, limit, options, signal)));
}
