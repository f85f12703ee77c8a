/** `tooluse plan judge`: LLM judges for plans (metric-wise or one-shot), with judge–code agreement. */
import { UserError } from "../errors.js";
import { readJsonl, writeFileAtomic } from "../jsonl.js";
import { type JudgeInput, judgePlans } from "../plans/models/judge.js";
import { JUDGE_METRICS, type JudgeMetric } from "../plans/models/judge-prompts.js";
import { judgeReport } from "../plans/models/judge-report.js";
import { formatJudgeReport } from "../plans/models/report-text.js";
import { parseReference } from "../plans/parse.js";
import { PlanRecordSchema, queryKey, ReferenceRecordSchema } from "../plans/records.js";
import type { Io } from "./io.js";
import { type CommandContext, jsonLines, prepare, progressFor, withSession } from "./model-command.js";
import type { ModelFlags } from "./model-flags.js";

export interface PlanJudgeOptions extends ModelFlags {
  judgeModel: string;
  reference: string;
  plans: string;
  metrics?: string;
  oneShot?: boolean;
  out?: string;
  json?: boolean;
}

function metricsOf(options: PlanJudgeOptions): JudgeMetric[] {
  if (options.oneShot && options.metrics !== undefined)
    throw new UserError(
      "--metrics: the one-shot judge rates the whole plan; use either --metrics or --one-shot",
    );
  const value = options.metrics ?? "all";
  if (value === "all") return [...JUDGE_METRICS];
  const items = value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const item of items)
    if (!(JUDGE_METRICS as readonly string[]).includes(item))
      throw new UserError(`--metrics: "${item}" is not one of all, ${JUDGE_METRICS.join(", ")}`);
  if (items.length === 0) throw new UserError("--metrics: expected all or a list of metrics");
  return items as JudgeMetric[];
}

/** Joins plan lines to their reference lines by query id; every plan needs a usable reference. */
function readInputs(options: PlanJudgeOptions): JudgeInput[] {
  const references = new Map<string, Omit<JudgeInput, "record">>();
  for (const record of readJsonl(options.reference, ReferenceRecordSchema)) {
    const key = queryKey(record.query_id);
    if (references.has(key))
      throw new UserError(`${options.reference}: field query_id: ${key} appears twice`);
    const parsed = parseReference(record.best_plan);
    if (!parsed.ok)
      throw new UserError(
        `${options.reference}: query ${key}: field best_plan: not a usable plan (${parsed.message})`,
      );
    references.set(key, { query: record.query, reference: parsed.plan });
  }
  return readJsonl(options.plans, PlanRecordSchema).map((record) => {
    const found = references.get(queryKey(record.query_id));
    if (!found)
      throw new UserError(
        `${options.plans}: query_id ${JSON.stringify(record.query_id)} is not in ${options.reference}`,
      );
    return { record, ...found };
  });
}

/**
 * Exit 0 when every plan was judged (malformed or contradictory answers are recorded data, not errors); 1 when
 * requests failed (run again: answered prompts come from the cache); 2 on bad input or a refusing server.
 */
export async function runPlanJudge(
  options: PlanJudgeOptions,
  io: Io,
  context: CommandContext = {},
): Promise<number> {
  const input = prepare(io, () => ({ metrics: metricsOf(options), inputs: readInputs(options) }));
  if (!input.ok) return input.code;
  const { metrics, inputs } = input.value;
  return withSession(options.judgeModel, options, io, context, async (session) => {
    const lines = await judgePlans(session, inputs, {
      mode: options.oneShot ? "one-shot" : "metric-wise",
      metrics,
      progress: progressFor(io, "plans judged"),
    });
    const report = judgeReport(lines);
    if (options.out) writeFileAtomic(options.out, jsonLines(lines));
    if (options.json) io.stdout(`${JSON.stringify(report, null, 2)}\n`);
    else if (options.out) io.stdout(formatJudgeReport(report));
    else {
      io.stdout(jsonLines(lines));
      io.stderr(formatJudgeReport(report));
    }
    const requestErrors = report.failures.by_code["request-error"] ?? 0;
    if (requestErrors === 0) return 0;
    io.stderr(
      `tooluse: ${requestErrors} judge requests failed; run the same command again to ask only those\n`,
    );
    return 1;
  });
}
