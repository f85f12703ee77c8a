/** `tooluse plan refine`: the evaluator → optimizer loop over plans, writing lineages for human verification. */
import { UserError } from "../errors.js";
import { writeOutput } from "../io/output.js";
import { readJsonl } from "../jsonl.js";
import { readQueries, selectByQuery } from "../plans/query-records.js";
import { PlanRecordSchema, queryKey } from "../plans/records.js";
import { renderPlan } from "../plans/render.js";
import { terminalText } from "../sanitize.js";
import {
  DEFAULT_MAX_PASSES,
  type LineageLine,
  type RefineInput,
  refinePlans,
} from "../workflows/plan-models/refine.js";
import { formatRefineSummary } from "../workflows/plan-models/report-text.js";
import { wholeNumber } from "./flags.js";
import { type Io, outputOptions } from "./io.js";
import {
  type CommandContext,
  jsonLines,
  type PlanModelFlags,
  type PlanModelInputs,
  prepare,
  progressFor,
  readModelInputs,
  withSession,
} from "./model-session.js";

export interface PlanRefineOptions extends PlanModelFlags {
  model: string;
  queries: string;
  plans: string;
  maxPasses?: string;
  out?: string;
  /** Also write the last plan of every lineage as a plans file (score or judge it for the before/after table). */
  finalPlans?: string;
}

/** The last plan of each lineage that ran, as plan lines under the same planner and prompt type. */
export function finalPlanLines(lines: readonly LineageLine[]) {
  return lines.flatMap((line) => {
    const last = line.lineage.at(-1);
    if (!last || (line.status !== "done" && line.status !== "incomplete")) return [];
    return [
      {
        query_id: line.query_id,
        planner: line.planner,
        prompt_type: line.prompt_type,
        plan: renderPlan(last.plan),
        lineage_status: line.status,
      },
    ];
  });
}

function readInputs(options: PlanRefineOptions, model: PlanModelInputs): RefineInput[] {
  const queries = new Map(readQueries(options.queries).map((r) => [queryKey(r.query_id), r.query]));
  const plans = selectByQuery(readJsonl(options.plans, PlanRecordSchema), model.select, options.plans);
  return plans.map((record) => {
    const query = queries.get(queryKey(record.query_id));
    if (query === undefined)
      throw new UserError(
        `${options.plans}: query_id ${JSON.stringify(record.query_id)} is not in ${options.queries}`,
      );
    return { record, query };
  });
}

/**
 * Exit 0 when every loop ran on usable answers; 1 when a loop stopped on a failed request (its line says so; running
 * again replays the cached answers and continues) or ran with unusable evaluator or optimizer answers (status
 * incomplete, counted in `failures`: those steps were neither judged nor fixed); 2 on bad input or a refusing server.
 * Unreadable starting plans are reported.
 */
export async function runPlanRefine(
  options: PlanRefineOptions,
  io: Io,
  context: CommandContext = {},
): Promise<number> {
  const input = prepare(io, () => {
    const model = readModelInputs(options, ["step-evaluator", "optimizer"]);
    return {
      model,
      inputs: readInputs(options, model),
      maxPasses: wholeNumber("--max-passes", options.maxPasses ?? String(DEFAULT_MAX_PASSES), { min: 1 }),
    };
  });
  if (!input.ok) return input.code;
  const { inputs, maxPasses, model } = input.value;
  return withSession(options.model, options.backend, model.settings, io, context, async (session) => {
    const lines = await refinePlans(session, inputs, {
      maxPasses,
      prompts: model.prompts,
      reporters: [progressFor(io)],
    });
    if (options.out) {
      writeOutput(options.out, jsonLines(lines), outputOptions(io));
      io.stdout(formatRefineSummary(lines));
      io.stdout(
        `lineages: ${terminalText(options.out)} (verify each final plan, then set "verified": true)\n`,
      );
    } else io.stdout(jsonLines(lines));
    if (options.finalPlans) {
      const finals = finalPlanLines(lines);
      writeOutput(options.finalPlans, jsonLines(finals), outputOptions(io));
      io.stderr(`final plans: ${finals.length} written to ${terminalText(options.finalPlans)}\n`);
    }
    for (const line of lines)
      if (line.status !== "done")
        io.stderr(
          `${terminalText(
            `tooluse: query ${line.query_id} (${line.planner}, ${line.prompt_type}): ${line.status}: ${
              line.error ?? `${line.failures} evaluator/optimizer answers unusable; stopped ${line.stopped}`
            }`,
          )}\n`,
        );
    const failures = lines.reduce((sum, line) => sum + line.failures, 0);
    const incomplete = lines.filter((line) => line.status === "incomplete").length;
    if (incomplete > 0)
      io.stderr(
        `tooluse: ${incomplete} of ${lines.length} lineages incomplete: ${failures} evaluator/optimizer answers failed\n`,
      );
    return lines.some((line) => line.status === "error" || line.status === "incomplete") ? 1 : 0;
  });
}
