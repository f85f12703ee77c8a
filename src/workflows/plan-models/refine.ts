/**
 * The evaluator → optimizer loop: each pass visits every step; a flagged step is fixed by the optimizer; a changed
 * plan joins the lineage only if it differs; the loop stops after a pass without change or at the pass limit.
 */

import type { Plan } from "../../plans/model.js";
import { parsePlan, toCanonical } from "../../plans/parse.js";
import type { PlanRecord } from "../../plans/records.js";
import { DEFAULT_TOOL_DESCRIPTIONS, type ToolDescriptions } from "../../plans/tool-descriptions.js";
import { canonicalJson } from "../../runner/canonical-json.js";
import { type WorkOptions, workStream } from "../../runner/reporters/work.js";
import type { ModelSession } from "../../runner/session.js";
import type { PromptVersions } from "../templates.js";
import { type PromptSet, promptSet, versionsOf } from "./prompt-set.js";
import {
  evaluationSpec,
  evaluatorPrompt,
  optimizerPrompt,
  raisedTags,
  readOptimizerAnswer,
} from "./refine-prompts.js";
import { askStructured } from "./structured.js";

export const DEFAULT_MAX_PASSES = 4;
/** A step whose fix keeps changing the plan's length is revisited at most this often in one pass. */
const MAX_REVISITS = 3;
/** A bound on step visits per pass, so an optimizer that keeps adding steps cannot loop for ever. */
const MAX_VISITS_PER_PASS = 100;

export interface RefineInput {
  record: PlanRecord;
  query: string;
}

/** The work stream's stage is called "lineages" unless `workLabel` says otherwise. */
export interface RefineOptions extends WorkOptions {
  maxPasses?: number;
  tools?: ToolDescriptions;
  prompts?: PromptSet;
}

export type EventOutcome = "no-change" | "applied" | "unchanged" | "unparseable" | "evaluator-failed";

/** One step visit, kept for the human who verifies the lineage. */
export interface RefineEvent {
  pass: number;
  step: number;
  /** Every tag the evaluator raised for the step (several may apply), in its order; ["NO CHANGE"] when none. */
  tags: string[];
  /** The evaluator's reasons, one per tag. */
  reasons: string[];
  outcome: EventOutcome;
  change0?: string | null;
  change1?: string | null;
  message?: string;
}

/** A lineage line: the data file's lineage shape plus what a reviewer needs to verify it. */
export interface LineageLine {
  query_id: string | number;
  planner: string;
  prompt_type: string;
  query: string;
  /**
   * done: the loop ran and every evaluator and optimizer answer was usable; incomplete: it ran, but some answers
   * failed (counted in `failures`: those steps were not judged or not fixed, so "no change" is not convergence);
   * unusable: the starting plan could not be read; error: a request failed, run again.
   */
  status: "done" | "incomplete" | "unusable" | "error";
  /** no-change: a pass changed nothing and nothing failed; failures: a pass changed nothing because answers failed. */
  stopped: "no-change" | "max-passes" | "failures" | null;
  /** Evaluator and optimizer answers that could not be used. */
  failures: number;
  passes: number;
  lineage: { plan: Plan; fixes: string[] }[];
  events: RefineEvent[];
  error: string | null;
  /** Set to true by the human who checked the final plan. */
  verified: boolean;
  prompts: PromptVersions;
}

function startingPlan(raw: unknown): { ok: true; plan: Plan } | { ok: false; message: string } {
  const parsed = parsePlan(raw);
  return parsed.ok ? toCanonical(parsed.steps) : { ok: false, message: parsed.message };
}

class RequestFailed extends Error {}

/** One plan's loop: sequential by nature, each step's verdict depends on the plan the last fix left. */
/** The line of one plan before any pass: its key fields, no lineage yet. */
function emptyLine(input: RefineInput, prompts: PromptSet): LineageLine {
  const { record } = input;
  return {
    query_id: record.query_id,
    planner: record.planner,
    prompt_type: record.prompt_type,
    query: input.query,
    status: "done",
    stopped: null,
    passes: 0,
    lineage: [],
    events: [],
    error: null,
    verified: false,
    failures: 0,
    prompts: versionsOf(prompts, ["step-evaluator", "optimizer"]),
  };
}

/** What one plan's loop asks with: the same for every step of every pass. */
interface LoopContext {
  session: ModelSession;
  query: string;
  tools: ToolDescriptions;
  prompts: PromptSet;
}

/** What looking at one step gave: the event to record, and the revised plan when the optimizer changed it. */
interface StepResult {
  event: RefineEvent;
  failed: boolean;
  revised: { plan: Plan; fixes: string[] } | null;
}

/** Evaluates one step and, when the evaluator raises a tag, asks the optimizer for a revised plan. */
async function reviseStep(
  context: LoopContext,
  plan: Plan,
  step: Plan["steps"][number],
  pass: number,
  label: string,
): Promise<StepResult> {
  const { session, tools, prompts } = context;
  const evaluation = await askStructured(
    session,
    { key: `${label}|evaluate`, messages: evaluatorPrompt(plan, step, tools, prompts.get("step-evaluator")) },
    evaluationSpec(step.id),
  );
  if (!evaluation.ok) {
    if (evaluation.code === "request-error") throw new RequestFailed(evaluation.message);
    const message = `${evaluation.code}: ${evaluation.message}`;
    const event: RefineEvent = {
      pass,
      step: step.id,
      tags: [],
      reasons: [],
      outcome: "evaluator-failed",
      message,
    };
    return { event, failed: true, revised: null };
  }
  const tags = raisedTags(evaluation.value);
  const base = {
    pass,
    step: step.id,
    tags: evaluation.value.findings.map((f) => f.tag),
    reasons: evaluation.value.findings.map((f) => f.reason),
  };
  if (tags.length === 0) return { event: { ...base, outcome: "no-change" }, failed: false, revised: null };
  const target = { step, evaluation: evaluation.value };
  const messages = optimizerPrompt(context.query, plan, target, tools, prompts.get("optimizer"));
  const answer = await session.ask({ key: `${label}|optimize`, messages });
  if (answer.status !== "ok" || answer.text === null) throw new RequestFailed(answer.error ?? "no answer");
  const reading = readOptimizerAnswer(answer.text);
  const notes = { change0: reading.change0, change1: reading.change1 };
  if (!reading.ok)
    return {
      event: { ...base, outcome: "unparseable", ...notes, message: reading.message },
      failed: true,
      revised: null,
    };
  if (canonicalJson(reading.plan) === canonicalJson(plan))
    return { event: { ...base, outcome: "unchanged", ...notes }, failed: false, revised: null };
  return {
    event: { ...base, outcome: "applied", ...notes },
    failed: false,
    revised: { plan: reading.plan, fixes: tags },
  };
}

/** One pass over the steps of the line's latest plan; true when some step changed it. */
async function refinePass(context: LoopContext, line: LineageLine, key: string): Promise<boolean> {
  const pass = ++line.passes;
  let plan = (line.lineage.at(-1) as { plan: Plan }).plan;
  let changed = false;
  let revisits = 0;
  for (let index = 0, visits = 0; index < plan.steps.length && visits < MAX_VISITS_PER_PASS; visits++) {
    const step = plan.steps[index] as Plan["steps"][number];
    const result = await reviseStep(context, plan, step, pass, `${key}|pass ${pass}|step ${step.id}`);
    line.events.push(result.event);
    if (result.failed) line.failures++;
    if (!result.revised) {
      index++;
      continue;
    }
    const lengthChanged = result.revised.plan.steps.length !== plan.steps.length;
    plan = result.revised.plan;
    line.lineage.push(result.revised);
    changed = true;
    // A split or a merge shifts the steps under this index: look at the same position again.
    if (lengthChanged && revisits < MAX_REVISITS) revisits++;
    else [index, revisits] = [index + 1, 0];
  }
  return changed;
}

async function refineOne(
  session: ModelSession,
  input: RefineInput,
  options: RefineOptions,
): Promise<LineageLine> {
  const { record } = input;
  const prompts = options.prompts ?? promptSet();
  const context = { session, query: input.query, tools: options.tools ?? DEFAULT_TOOL_DESCRIPTIONS, prompts };
  const maxPasses = options.maxPasses ?? DEFAULT_MAX_PASSES;
  const line = emptyLine(input, prompts);
  const start = startingPlan(record.plan);
  if (!start.ok) return { ...line, status: "unusable", error: start.message };
  line.lineage.push({ plan: start.plan, fixes: [] });
  const key = `${record.planner}|${record.prompt_type}|${record.query_id}`;
  try {
    while (line.passes < maxPasses) {
      const failuresBefore = line.failures;
      if (!(await refinePass(context, line, key))) {
        line.stopped = line.failures > failuresBefore ? "failures" : "no-change";
        break;
      }
    }
    line.stopped ??= "max-passes";
    if (line.failures > 0) line.status = "incomplete";
    return line;
  } catch (error) {
    if (!(error instanceof RequestFailed)) throw error;
    return { ...line, status: "error", stopped: null, error: error.message };
  }
}

/** Runs one loop per plan, side by side; the session's limit bounds the requests in flight across all loops. */
export async function refinePlans(
  session: ModelSession,
  inputs: readonly RefineInput[],
  options: RefineOptions = {},
): Promise<LineageLine[]> {
  const work = workStream(options.reporters);
  work.onWorkStart({ label: options.workLabel ?? "lineages", total: inputs.length });
  const lines = await Promise.all(
    inputs.map(async (input) => {
      const line = await refineOne(session, input, options);
      work.onItem({ ok: line.status === "done" });
      return line;
    }),
  );
  work.onWorkEnd();
  return lines;
}
