/** `tooluse plan refine`: the evaluator → optimizer loop over plans, writing lineages for human verification. */
import { UserError } from "../errors.js";
import { readJsonl, writeFileAtomic } from "../jsonl.js";
import { readQueries } from "../plans/models/records.js";
import { DEFAULT_MAX_PASSES, type RefineInput, refinePlans } from "../plans/models/refine.js";
import { formatRefineSummary } from "../plans/models/report-text.js";
import { PlanRecordSchema, queryKey } from "../plans/records.js";
import type { Io } from "./io.js";
import { type CommandContext, jsonLines, prepare, progressFor, withSession } from "./model-command.js";
import { type ModelFlags, wholeNumber } from "./model-flags.js";

export interface PlanRefineOptions extends ModelFlags {
  model: string;
  queries: string;
  plans: string;
  maxPasses?: string;
  out?: string;
}

function readInputs(options: PlanRefineOptions): RefineInput[] {
  const queries = new Map(readQueries(options.queries).map((r) => [queryKey(r.query_id), r.query]));
  return readJsonl(options.plans, PlanRecordSchema).map((record) => {
    const query = queries.get(queryKey(record.query_id));
    if (query === undefined)
      throw new UserError(
        `${options.plans}: query_id ${JSON.stringify(record.query_id)} is not in ${options.queries}`,
      );
    return { record, query };
  });
}

/**
 * Exit 0 when every loop ran; 1 when a loop stopped on a failed request (its line says so; running again replays
 * the cached answers and continues); 2 on bad input or a refusing server. Unreadable starting plans are reported.
 */
export async function runPlanRefine(
  options: PlanRefineOptions,
  io: Io,
  context: CommandContext = {},
): Promise<number> {
  const input = prepare(io, () => ({
    inputs: readInputs(options),
    maxPasses: wholeNumber("--max-passes", options.maxPasses ?? String(DEFAULT_MAX_PASSES), 1),
  }));
  if (!input.ok) return input.code;
  const { inputs, maxPasses } = input.value;
  return withSession(options.model, options, io, context, async (session) => {
    const lines = await refinePlans(session, inputs, { maxPasses, progress: progressFor(io, "lineages") });
    if (options.out) {
      writeFileAtomic(options.out, jsonLines(lines));
      io.stdout(formatRefineSummary(lines));
      io.stdout(`lineages: ${options.out} (verify each final plan, then set "verified": true)\n`);
    } else io.stdout(jsonLines(lines));
    for (const line of lines)
      if (line.status !== "done")
        io.stderr(
          `tooluse: query ${line.query_id} (${line.planner}, ${line.prompt_type}): ${line.status}: ${line.error}\n`,
        );
    return lines.some((line) => line.status === "error") ? 1 : 0;
  });
}
