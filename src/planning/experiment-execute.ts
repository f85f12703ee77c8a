/**
 * The execute stage of `plan experiment` (docs/workspace.md, "The experiment's execute stage"): on one workspace,
 * with one model, R1 answers every selected query with no plan (native tools), R2 executes every best plan and R3
 * every generated plan; each answer is checked against the ground truth. Finished steps and tool calls go to the
 * stage's journal, which a re-run of the experiment resumes; the model's replies come from the response cache.
 */
import { UserError } from "../errors.js";
import { parseReference } from "../plans/parse.js";
import { bestPlanOf } from "../plans/query-records.js";
import { queryKey } from "../plans/records.js";
import { workStream } from "../runner/reporters/work.js";
import type { ExecutedLine, ExecuteStage, ExecuteStageInput } from "../workflows/experiment/executed.js";
import { openWorkspace, type Workspace } from "../workspace/open.js";
import type { Ask } from "./execute/ask.js";
import { StepJournal } from "./execute/journal.js";
import { executeWithoutPlans } from "./execute/r1.js";
import {
  DEFAULT_EXECUTE_LIMITS,
  executePlans,
  failedAnswer,
  modelExecutors,
  onPlanFinished,
  type PlanAnswer,
  type PlanToRun,
} from "./execute/runner.js";
import { sessionAsk } from "./execute/session-ask.js";
import type { Executors } from "./execute/step.js";
import { type CheckedAnswer, withCorrectness } from "./ground-truth/answer-correctness.js";
import { ensureWorkspace } from "./workspace.js";

async function open(dir: string): Promise<Workspace> {
  try {
    return await openWorkspace(dir);
  } catch (error) {
    throw new UserError(
      `execute.workspace ${dir}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** The stage's workspace: the configured one, or the generated one of its seed and size (built once). */
async function stageWorkspace(config: ExecuteStageInput["config"]): Promise<Workspace> {
  const dir =
    config.workspace ??
    (await ensureWorkspace({
      ...(config.workspace_seed === undefined ? {} : { seed: config.workspace_seed }),
      ...(config.workspace_size === undefined ? {} : { size: config.workspace_size }),
    }));
  return open(dir);
}

/** What every execution of the stage shares. */
interface StageRun {
  input: ExecuteStageInput;
  workspace: Workspace;
  ask: Ask;
  executors: Executors;
  journal: StepJournal;
  /** A resumed step must come from the same model on the same workspace. */
  identity: string;
}

type Query = { id: string; query: string; record: ExecuteStageInput["queries"][number] };

/** R1: every query answered without a plan. */
async function answerWithoutPlans(run: StageRun, queries: readonly Query[]) {
  const { config, signal } = run.input;
  const work = workStream(run.input.reporters);
  work.onWorkStart({ label: "queries answered without a plan (R1)", total: queries.length });
  const answers = await executeWithoutPlans(
    queries.map((q) => ({ key: `${q.id}/r1`, queryId: q.id, query: q.query })),
    run.executors,
    run.ask,
    {
      maxCalls: config.max_tool_calls,
      concurrency: config.concurrency,
      signal,
      identity: run.identity,
      journal: run.journal,
      onAnswer: (a) => work.onItem({ ok: a.status === "answered", key: a.key }),
    },
  );
  work.onWorkEnd();
  return answers;
}

type Owner = { planner: string | null; prompt_type: string | null };

/** The generated plans as plans to run (the unreadable ones as failed answers), and whose each one is. */
function generatedPlans(input: ExecuteStageInput, texts: ReadonlyMap<string, string>) {
  const unreadable: PlanAnswer[] = [];
  const generated: PlanToRun[] = [];
  const owners = new Map<string, Owner>();
  for (const record of input.plans) {
    const id = queryKey(record.query_id);
    const key = `${id}/${record.planner}/${record.prompt_type}`;
    owners.set(key, { planner: record.planner, prompt_type: record.prompt_type });
    const parsed = parseReference(record.plan);
    const query = texts.get(id) ?? "";
    if (parsed.ok) generated.push({ key, queryId: id, query, plan: parsed.plan });
    else
      unreadable.push(
        failedAnswer({ key, queryId: id, query }, `the plan cannot be read: ${parsed.message}`),
      );
  }
  return { generated, unreadable, owners };
}

/** R2 and R3: every best plan and every generated plan executed (the unreadable ones count as failed). */
async function executeAll(run: StageRun, plans: readonly PlanToRun[], unreadable: readonly PlanAnswer[]) {
  const { config, signal } = run.input;
  const work = workStream(run.input.reporters);
  work.onWorkStart({ label: "plans executed (R2, R3)", total: plans.length + unreadable.length });
  for (const plan of unreadable) work.onItem({ ok: false, key: plan.key });
  const executed = await executePlans(plans, run.workspace, run.ask, {
    concurrency: config.concurrency,
    limits: DEFAULT_EXECUTE_LIMITS,
    signal,
    identity: run.identity,
    journal: run.journal,
    onStep: onPlanFinished(plans, (ok, key) => work.onItem({ ok, key })),
  });
  work.onWorkEnd();
  return executed;
}

/** Each checked answer as a line of the stage, with its source (R1, R2, R3) and the planner that made its plan. */
function stageLines(checked: readonly CheckedAnswer[], owners: ReadonlyMap<string, Owner>) {
  return checked.map((answer): ExecutedLine & Record<string, unknown> => {
    const owner = owners.get(answer.key);
    const source = answer.key.endsWith("/r1") ? "R1" : answer.key.endsWith("/best") && !owner ? "R2" : "R3";
    return {
      source,
      planner: owner?.planner ?? null,
      prompt_type: owner?.prompt_type ?? null,
      correct: answer.correctness?.correct ?? null,
      ...answer,
    };
  });
}

export const experimentExecuteStage: ExecuteStage = async (input) => {
  const { config, signal } = input;
  const workspace = await stageWorkspace(config);
  try {
    const ask = sessionAsk(input.session);
    const { seed, size, generator } = workspace.manifest;
    const run: StageRun = {
      input,
      workspace,
      ask,
      executors: modelExecutors(workspace, ask, DEFAULT_EXECUTE_LIMITS),
      journal: StepJournal.open(input.journal, true),
      identity: `${input.label}\u0000${generator}\u0000${seed}\u0000${size}`,
    };
    const queries = input.queries.map((q) => ({ id: queryKey(q.query_id), query: q.query, record: q }));
    const r1 = await answerWithoutPlans(run, queries);
    const best: PlanToRun[] = queries.map((q) => ({
      key: `${q.id}/best`,
      queryId: q.id,
      query: q.query,
      plan: bestPlanOf(q.record, "queries"),
    }));
    const { generated, unreadable, owners } = generatedPlans(
      input,
      new Map(queries.map((q) => [q.id, q.query])),
    );
    const executed = await executeAll(run, [...best, ...generated], unreadable);
    // Steps cut short by Ctrl-C failed because of the interrupt: nothing of this stage is reported.
    if (signal.aborted) throw signal.reason ?? new Error("interrupted");
    const checked = await withCorrectness([...r1, ...executed, ...unreadable], workspace);
    const atLimit = r1.filter((a) => a.r1.limit_reached).length;
    return {
      lines: stageLines(checked, owners),
      notes: [
        `workspace seed ${seed}, ${size} interactions`,
        `R1: at most ${config.max_tool_calls} tool calls, ${atLimit} queries reached the limit`,
      ],
    };
  } finally {
    await workspace.close();
  }
};
