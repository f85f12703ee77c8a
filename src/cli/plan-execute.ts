/**
 * `tooluse plan execute`: runs plans step by step on the contact-center workspace and writes one answer line per
 * plan with every step's trace (docs/workspace.md, "Executing a plan"). The plans are a plans file (plan generate's
 * output) or, without --plans, the best plans of --queries; `--plans r1` answers each query with no plan (the
 * paper's R1: the model holds the three tools as native functions, at most --max-tool-calls calls). The steps are
 * answered by a model through the plan commands' session, or with --oracle by the reference SQL and the generator's
 * labels (no model).
 */
import { existsSync, statSync } from "node:fs";
import { UserError } from "../errors.js";
import { writeOutput } from "../io/output.js";
import { readJsonl } from "../jsonl.js";
import {
  type Ask,
  DEFAULT_EXECUTE_LIMITS,
  type ExecuteOptions,
  ensureWorkspace,
  executePlans,
  executeWithoutPlans,
  failedAnswer,
  modelExecutors,
  NO_MODEL,
  onPlanFinished,
  oracleExecutors,
  type PlanAnswer,
  type PlanToRun,
  R1_MAX_TOOL_CALLS,
  readReferences,
  StepJournal,
  sessionAsk,
  withCorrectness,
} from "../planning/index.js";
import { QueryRecordSchema } from "../plans/data/index.js";
import { parseReference } from "../plans/parse.js";
import { selectByQuery } from "../plans/query-records.js";
import { PlanRecordSchema, queryKey } from "../plans/records.js";
import { terminalText } from "../sanitize.js";
import type { Engine } from "../workspace/engines/engine.js";
import { openPostgresEngine } from "../workspace/engines/postgres.js";
import { openWorkspace, type Workspace } from "../workspace/open.js";
import { interruptOnSigint, reportExpected } from "./boundary.js";
import { type CommandEntry, type Io, outputOptions } from "./io.js";
import {
  jsonLines,
  type PlanModelFlags,
  type PlanModelInputs,
  prepare,
  progressFor,
  readModelInputs,
  withSession,
} from "./model-session.js";

export interface PlanExecuteOptions extends PlanModelFlags {
  model?: string;
  oracle?: boolean;
  queries: string;
  plans?: string;
  workspace?: string;
  workspaceSeed?: string;
  workspaceSize?: string;
  warehouse?: string;
  journal?: string;
  resume?: boolean;
  maxToolCalls?: string;
  out?: string;
  json?: boolean;
}

/** A plan that could not even be read is an answer line that says so: it is counted, never dropped. */
type Planned = PlanToRun | { key: string; queryId: string; query: string; unreadable: string };

function integerFlag(flag: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min || n > max)
    throw new UserError(`${flag}: expected a whole number from ${min} to ${max}, got "${value}"`);
  return n;
}

/** The value of --plans that means the best plans of --queries, as leaving the flag out does. */
export const BEST_PLANS = "best";
/** The value of --plans that means no plan: R1, the model with the three tools as native functions. */
export const NO_PLAN = "r1";

type Work = { kind: "plans"; planned: Planned[] } | { kind: "r1"; questions: PlanToRun[] };

function readWork(options: PlanExecuteOptions, model: PlanModelInputs): Work {
  if (options.plans !== NO_PLAN) return { kind: "plans", planned: readPlans(options, model) };
  const best = readPlans({ ...options, plans: undefined }, model) as PlanToRun[];
  return { kind: "r1", questions: best.map((p) => ({ ...p, key: `${p.queryId}/r1` })) };
}

function readPlans(options: PlanExecuteOptions, model: PlanModelInputs): Planned[] {
  const queries = readJsonl(options.queries, QueryRecordSchema);
  if (queries.length === 0) throw new UserError(`${options.queries}: no query lines`);
  if (!options.plans)
    return selectByQuery(queries, model.select, options.queries).map((q) => ({
      key: `${q.query_id}/best`,
      queryId: q.query_id,
      query: q.query,
      plan: q.best_plan,
    }));
  const byId = new Map(queries.map((q) => [q.query_id, q]));
  const records = readJsonl(options.plans, PlanRecordSchema);
  if (records.length === 0) throw new UserError(`${options.plans}: no plan lines`);
  const planned: Planned[] = [];
  const keys = new Set<string>();
  records.forEach((record, index) => {
    const id = queryKey(record.query_id);
    const query = byId.get(id);
    if (!query)
      throw new UserError(`${options.plans}:${index + 1}: query_id ${id} is not in ${options.queries}`);
    const key = `${id}/${record.planner}/${record.prompt_type}`;
    if (keys.has(key))
      throw new UserError(
        `${options.plans}:${index + 1}: a second plan for ${id} by ${record.planner} (${record.prompt_type})`,
      );
    keys.add(key);
    const parsed = parseReference(record.plan);
    planned.push(
      parsed.ok
        ? { key, queryId: id, query: query.query, plan: parsed.plan }
        : { key, queryId: id, query: query.query, unreadable: parsed.message },
    );
  });
  return selectByQuery(
    planned.map((p) => ({ ...p, query_id: p.queryId })),
    model.select,
    options.plans,
  );
}

function checkJournal(options: PlanExecuteOptions): void {
  if (options.resume && !options.journal) throw new UserError("--resume needs --journal <file>");
  if (!options.journal) return;
  if (existsSync(options.journal) && statSync(options.journal).isDirectory())
    throw new UserError(`--journal ${options.journal}: is a folder`, { hint: "give a file name inside it" });
  if (existsSync(options.journal) && !options.resume)
    throw new UserError(`--journal ${options.journal} already exists`, {
      hint: "pass --resume to continue that run, or choose another journal",
    });
}

function checkAnswerer(options: PlanExecuteOptions): void {
  if (options.oracle && options.model)
    throw new UserError("--oracle and --model exclude each other: the oracle needs no model");
  if (!options.oracle && !options.model)
    throw new UserError("give --model <name> (the model that answers the steps) or --oracle (no model)");
  if (options.oracle && options.plans === NO_PLAN)
    throw new UserError("--oracle cannot answer without a plan (R1 needs a model): give --model <name>");
  if (options.oracle && options.plans)
    throw new UserError(
      "--oracle runs the best plans only (its SQL is written per best-plan step); drop --plans",
    );
  if (options.maxToolCalls !== undefined && options.plans !== NO_PLAN)
    throw new UserError(
      "--max-tool-calls applies to --plans r1 only (plans call the tools their steps name)",
    );
  if (options.workspace && (options.workspaceSeed !== undefined || options.workspaceSize !== undefined))
    throw new UserError(
      "--workspace and --workspace-seed/--workspace-size exclude each other: a built workspace has its own",
    );
  if (options.warehouse && !/^postgres(ql)?:\/\//.test(options.warehouse))
    // The value is not echoed: a connection URL may carry a password.
    throw new UserError("--warehouse: expected a postgres:// (or postgresql://) connection URL");
}

async function openTheWorkspace(options: PlanExecuteOptions, io: Io): Promise<Workspace> {
  let dir = options.workspace;
  if (!dir) {
    const seed = integerFlag("--workspace-seed", options.workspaceSeed, 0, 2 ** 31 - 1);
    const size = integerFlag("--workspace-size", options.workspaceSize, 2_000, 200_000);
    io.stderr("tooluse: preparing the workspace (built on first use, then reused)\n");
    dir = await ensureWorkspace({
      ...(seed === undefined ? {} : { seed }),
      ...(size === undefined ? {} : { size }),
    });
  }
  const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));
  let engine: Engine | undefined;
  if (options.warehouse)
    try {
      engine = await openPostgresEngine({ connectionString: options.warehouse });
    } catch (error) {
      throw new UserError(`--warehouse: cannot connect: ${reason(error)}`);
    }
  try {
    return await openWorkspace(dir, engine ? { engine } : {});
  } catch (error) {
    await engine?.close();
    throw new UserError(`--workspace ${dir}: ${reason(error)}`);
  }
}

function unreadableAnswer(p: Extract<Planned, { unreadable: string }>): PlanAnswer {
  return failedAnswer(p, `the plan cannot be read: ${p.unreadable}`);
}

/** Interrupted: nothing is written to --out; what finished is in the journal, if there is one. */
class Interrupted extends Error {}

/** What one execution needs: the work, where and by whom it runs, the command's flags and its streams. */
interface ExecuteRun {
  work: Work;
  workspace: Workspace;
  ask: Ask;
  options: PlanExecuteOptions;
  settings: ExecuteOptions;
  io: Io;
}

async function produce(run: ExecuteRun): Promise<PlanAnswer[]> {
  const { work, workspace, ask, options, settings, io } = run;
  const journal = options.journal ? StepJournal.open(options.journal, options.resume === true) : undefined;
  if (work.kind === "r1") {
    const progress = progressFor(io);
    progress.onWorkStart({ label: "queries (no plan)", total: work.questions.length });
    const maxCalls = integerFlag("--max-tool-calls", options.maxToolCalls, 1, 100) ?? R1_MAX_TOOL_CALLS;
    const answers = await executeWithoutPlans(
      work.questions,
      settings.executors ?? modelExecutors(workspace, ask, settings.limits ?? DEFAULT_EXECUTE_LIMITS),
      ask,
      {
        maxCalls,
        ...(settings.concurrency ? { concurrency: settings.concurrency } : {}),
        ...(settings.signal ? { signal: settings.signal } : {}),
        ...(settings.identity ? { identity: settings.identity } : {}),
        ...(journal ? { journal } : {}),
        onAnswer: (answer) => progress.onItem({ ok: answer.status === "answered", key: answer.key }),
      },
    ).catch((error: unknown) => {
      if (settings.signal?.aborted) throw new Interrupted();
      throw error;
    });
    progress.onWorkEnd();
    return answers;
  }
  const { planned } = work;
  const runnable = planned.filter((p): p is PlanToRun => !("unreadable" in p));
  const progress = progressFor(io);
  progress.onWorkStart({ label: "plans", total: planned.length });
  const executed = await executePlans(runnable, workspace, ask, {
    ...settings,
    ...(journal ? { journal } : {}),
    onStep: onPlanFinished(runnable, (ok, key) => progress.onItem({ ok, key })),
  });
  progress.onWorkEnd();
  // Steps cut short by Ctrl-C are failures of the interrupt, not of the plans: nothing of this run is reported.
  if (settings.signal?.aborted) throw new Interrupted();
  const byKey = new Map(executed.map((a) => [a.key, a]));
  return planned.map((p) => ("unreadable" in p ? unreadableAnswer(p) : byKey.get(p.key))) as PlanAnswer[];
}

async function execute(run: ExecuteRun): Promise<number> {
  const { work, workspace, options, io } = run;
  let executedAnswers: PlanAnswer[];
  try {
    executedAnswers = await produce(run);
  } catch (error) {
    if (!(error instanceof Interrupted)) throw error;
    io.stderr(
      options.journal
        ? `tooluse: interrupted; the finished steps are in ${options.journal}: run the same command with --resume to continue\n`
        : "tooluse: interrupted; nothing was written (no --journal: a re-run starts again)\n",
    );
    return 130;
  }
  const answers = await withCorrectness(executedAnswers, workspace);
  if (options.out) writeOutput(options.out, jsonLines(answers), outputOptions(io));
  const failed = answers.filter((a) => a.status !== "answered");
  const judged = answers.filter((a) => a.correctness !== null);
  const tokens = answers.flatMap((a) => [
    ...a.steps.map((s) => s.details.tokens),
    ...((a as { r1?: { turns: { tokens: unknown }[] } }).r1?.turns.map((t) => t.tokens) ?? []),
  ]) as ({ prompt: number | null; completion: number | null } | null)[];
  const summary = {
    plans: answers.length,
    answered: answers.length - failed.length,
    failed: failed.length,
    steps: answers.reduce((n, a) => n + a.steps.length, 0),
    failed_steps: answers.reduce((n, a) => n + a.steps.filter((s) => s.status === "failed").length, 0),
    resumed_steps: answers.reduce((n, a) => n + a.steps.filter((s) => s.resumed).length, 0),
    with_reference: judged.length,
    correct: judged.filter((a) => a.correctness?.correct).length,
    prompt_tokens: tokens.reduce((n, t) => n + (t?.prompt ?? 0), 0),
    completion_tokens: tokens.reduce((n, t) => n + (t?.completion ?? 0), 0),
  };
  const noun = work.kind === "r1" ? "queries answered without a plan" : "plans answered";
  const calls = work.kind === "r1" ? "tool calls" : "steps";
  if (options.json) io.stdout(`${JSON.stringify(summary, null, 2)}\n`);
  else if (options.out)
    io.stdout(
      `${summary.answered} of ${summary.plans} ${noun} (${summary.steps} ${calls}, ${summary.failed_steps} failed, ${summary.resumed_steps} from the journal); ${summary.correct} of ${summary.with_reference} answers with a reference correct; answers in ${options.out}\n`,
    );
  else io.stdout(jsonLines(answers));
  // Errors quote model and server text: shown through the one sanitiser.
  for (const a of failed)
    io.stderr(`${terminalText(`tooluse: plan ${a.key}: ${a.error ?? "not answered"}`)}\n`);
  // Failed plans are failures (exit 1, the README's table), also when none was answered; 2 is for bad input.
  if (summary.answered === 0) {
    io.stderr(
      `${terminalText(`tooluse: no plan was answered; first failure: ${failed[0]?.error ?? "unknown"}`)}\n`,
    );
    return 1;
  }
  if (failed.length === 0) return 0;
  io.stderr(`tooluse: ${failed.length} of ${answers.length} plans not answered\n`);
  return 1;
}

/**
 * Exit code 0 when every plan was answered; 1 when some were not (each named on stderr; with --journal, running
 * again with --resume redoes only the steps that did not finish), also when none was; 2 when an input, the
 * workspace or the backend is unusable; 130 on interrupt. Without --out and --json the answer lines go to stdout.
 */
export const runPlanExecute: CommandEntry<PlanExecuteOptions> = async (options, io, env = process.env) => {
  // `--plans best` names the default (the best plans of --queries) for scripts that spell it out.
  if (options.plans === BEST_PLANS) options = { ...options, plans: undefined };
  const input = prepare(io, () => {
    checkAnswerer(options);
    checkJournal(options);
    const model = readModelInputs(options, []);
    integerFlag("--workspace-seed", options.workspaceSeed, 0, 2 ** 31 - 1);
    integerFlag("--workspace-size", options.workspaceSize, 2_000, 200_000);
    integerFlag("--max-tool-calls", options.maxToolCalls, 1, 100);
    return { model, work: readWork(options, model) };
  });
  if (!input.ok) return input.code;
  const { model, work } = input.value;
  let workspace: Workspace;
  try {
    workspace = await openTheWorkspace(options, io);
  } catch (error) {
    return reportExpected(io.stderr, error);
  }
  // Ctrl-C stops the run (the model path's session stops on it too): exit 130, the journal keeps what finished.
  const interrupt = interruptOnSigint();
  try {
    const settings: ExecuteOptions = {
      concurrency: model.settings.concurrency,
      limits: DEFAULT_EXECUTE_LIMITS,
      signal: interrupt.signal,
    };
    // The oracle and the model differ only in who answers; the rest of the run is the same.
    const common = { work, workspace, options, io };
    if (options.oracle)
      return await execute({
        ...common,
        ask: NO_MODEL,
        settings: {
          ...settings,
          identity: "oracle",
          executors: oracleExecutors(workspace, readReferences(), DEFAULT_EXECUTE_LIMITS),
        },
      });
    const name = options.model as string;
    return await withSession(name, options.backend, model.settings, io, { env }, (session) =>
      execute({ ...common, ask: sessionAsk(session), settings: { ...settings, identity: name } }),
    );
  } finally {
    interrupt.release();
    await workspace.close();
  }
};
