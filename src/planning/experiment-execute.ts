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
import type { ExecutedLine, ExecuteStage } from "../workflows/experiment/executed.js";
import { openWorkspace, type Workspace } from "../workspace/open.js";
import { StepJournal } from "./execute/journal.js";
import { executeWithoutPlans } from "./execute/r1.js";
import {
  DEFAULT_EXECUTE_LIMITS,
  executePlans,
  modelExecutors,
  type PlanAnswer,
  type PlanToRun,
} from "./execute/runner.js";
import { sessionAsk } from "./execute/session-ask.js";
import { withCorrectness } from "./ground-truth/answer-correctness.js";
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

const failedPlan = (key: string, queryId: string, query: string, error: string): PlanAnswer => ({
  key,
  query_id: queryId,
  query,
  status: "failed",
  answer: null,
  final_step: null,
  error,
  steps: [],
});

export const experimentExecuteStage: ExecuteStage = async (input) => {
  const { config, signal } = input;
  const dir =
    config.workspace ??
    (await ensureWorkspace({
      ...(config.workspace_seed === undefined ? {} : { seed: config.workspace_seed }),
      ...(config.workspace_size === undefined ? {} : { size: config.workspace_size }),
    }));
  const workspace = await open(dir);
  try {
    const ask = sessionAsk(input.session);
    const executors = modelExecutors(workspace, ask, DEFAULT_EXECUTE_LIMITS);
    const journal = StepJournal.open(input.journal, true);
    const { seed, size, generator } = workspace.manifest;
    // A resumed step must come from the same model on the same workspace.
    const identity = `${input.label}\u0000${generator}\u0000${seed}\u0000${size}`;
    const queries = input.queries.map((q) => ({ id: queryKey(q.query_id), query: q.query, record: q }));
    const texts = new Map(queries.map((q) => [q.id, q.query]));

    const work = workStream(input.reporters);
    work.onWorkStart({ label: "queries answered without a plan (R1)", total: queries.length });
    const r1 = await executeWithoutPlans(
      queries.map((q) => ({ key: `${q.id}/r1`, queryId: q.id, query: q.query })),
      executors,
      ask,
      {
        maxCalls: config.max_tool_calls,
        concurrency: config.concurrency,
        signal,
        identity,
        journal,
        onAnswer: (a) => work.onItem({ ok: a.status === "answered", key: a.key }),
      },
    );
    work.onWorkEnd();

    const best: PlanToRun[] = queries.map((q) => ({
      key: `${q.id}/best`,
      queryId: q.id,
      query: q.query,
      plan: bestPlanOf(q.record, "queries"),
    }));
    const unreadable: PlanAnswer[] = [];
    const generated: PlanToRun[] = [];
    const owners = new Map<string, { planner: string | null; prompt_type: string | null }>();
    for (const record of input.plans) {
      const id = queryKey(record.query_id);
      const key = `${id}/${record.planner}/${record.prompt_type}`;
      owners.set(key, { planner: record.planner, prompt_type: record.prompt_type });
      const parsed = parseReference(record.plan);
      const query = texts.get(id) ?? "";
      if (parsed.ok) generated.push({ key, queryId: id, query, plan: parsed.plan });
      else unreadable.push(failedPlan(key, id, query, `the plan cannot be read: ${parsed.message}`));
    }
    const plans = [...best, ...generated];
    work.onWorkStart({ label: "plans executed (R2, R3)", total: plans.length + unreadable.length });
    for (const plan of unreadable) work.onItem({ ok: false, key: plan.key });
    const finalStep = new Map(plans.map((p) => [p.key, Math.max(...p.plan.steps.map((s) => s.id))]));
    const executed = await executePlans(plans, workspace, ask, {
      concurrency: config.concurrency,
      limits: DEFAULT_EXECUTE_LIMITS,
      signal,
      identity,
      journal,
      onStep: (plan, trace) => {
        if (trace.step === finalStep.get(plan.key)) work.onItem({ ok: trace.status === "ok", key: plan.key });
      },
    });
    work.onWorkEnd();
    // Steps cut short by Ctrl-C failed because of the interrupt: nothing of this stage is reported.
    if (signal.aborted) throw signal.reason ?? new Error("interrupted");

    const checked = await withCorrectness([...r1, ...executed, ...unreadable], workspace);
    const lines = checked.map((answer): ExecutedLine & Record<string, unknown> => {
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
    const atLimit = r1.filter((a) => a.r1.limit_reached).length;
    return {
      lines,
      notes: [
        `workspace seed ${seed}, ${size} interactions`,
        `R1: at most ${config.max_tool_calls} tool calls, ${atLimit} queries reached the limit`,
      ],
    };
  } finally {
    await workspace.close();
  }
};
