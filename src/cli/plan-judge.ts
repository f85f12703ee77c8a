/** `tooluse plan judge`: LLM judges for plans (metric-wise or one-shot), with judge–code agreement. */
import { UserError } from "../errors.js";
import { writeOutput } from "../io/output.js";
import { readJsonl } from "../jsonl.js";
import { JUDGE_METRICS, type JudgeMetric } from "../plans/judge-metrics.js";
import { parseReference } from "../plans/parse.js";
import { selectByQuery } from "../plans/query-records.js";
import { PlanRecordSchema, queryKey, ReferenceRecordSchema } from "../plans/records.js";
import { terminalText } from "../sanitize.js";
import { type JudgeInput, judgePlans, judgeReplies } from "../workflows/plan-models/judge.js";
import { JudgedLineSchema } from "../workflows/plan-models/judge-line.js";
import { judgeReport } from "../workflows/plan-models/judge-report.js";
import { formatJudgeReport } from "../workflows/plan-models/report-text.js";
import { readEarlierOutput, replayingSession, resumeSummary } from "../workflows/plan-models/resume.js";
import { type Io, outputOptions } from "./io.js";
import {
  type CommandContext,
  jsonLines,
  type PlanModelFlags,
  type PlanModelInputs,
  prepare,
  progressFor,
  readModelInputs,
  resumeFile,
  retryAdvice,
  withSession,
} from "./model-session.js";

export interface PlanJudgeOptions extends PlanModelFlags {
  model: string;
  queries: string;
  plans: string;
  metrics?: string;
  oneShot?: boolean;
  out?: string;
  json?: boolean;
  /** Keep the answers of the --out file an earlier run wrote; ask only the requests that failed. */
  resume?: boolean;
  force?: boolean;
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
function readInputs(options: PlanJudgeOptions, model: PlanModelInputs): JudgeInput[] {
  const references = new Map<string, Omit<JudgeInput, "record">>();
  for (const record of readJsonl(options.queries, ReferenceRecordSchema)) {
    const key = queryKey(record.query_id);
    if (references.has(key)) throw new UserError(`${options.queries}: field query_id: ${key} appears twice`);
    const parsed = parseReference(record.best_plan);
    if (!parsed.ok)
      throw new UserError(
        `${options.queries}: query ${key}: field best_plan: not a usable plan (${parsed.message})`,
      );
    references.set(key, { query: record.query, reference: parsed.plan });
  }
  const plans = selectByQuery(readJsonl(options.plans, PlanRecordSchema), model.select, options.plans);
  return plans.map((record) => {
    const found = references.get(queryKey(record.query_id));
    if (!found)
      throw new UserError(
        `${options.plans}: query_id ${JSON.stringify(record.query_id)} is not in ${options.queries}`,
      );
    return { record, ...found };
  });
}

/**
 * Exit 0 when every judge answer was usable; 1 when any failed (request errors, malformed, empty or out-of-range
 * answers: counted by kind, their values are null, never guessed; `--resume` asks the failed requests again and
 * keeps every other answer of the --out file); 2 on bad input or a refusing server. Contradictions are shown and
 * counted.
 */
export async function runPlanJudge(
  options: PlanJudgeOptions,
  io: Io,
  context: CommandContext = {},
): Promise<number> {
  const input = prepare(io, () => {
    const metrics = metricsOf(options);
    const model = readModelInputs(
      options,
      options.oneShot ? ["one-shot"] : metrics.map((m) => `judge-${m}` as const),
    );
    const resume = resumeFile(options);
    const earlier = resume === null ? null : readEarlierOutput(resume, JudgedLineSchema);
    return { metrics, model, inputs: readInputs(options, model), resume, earlier };
  });
  if (!input.ok) return input.code;
  const { metrics, inputs, model, resume, earlier } = input.value;
  const mode = options.oneShot ? "one-shot" : "metric-wise";
  return withSession(options.model, options.backend, model.settings, io, context, async (session) => {
    // A resumed run replays the file's replies (checked to be this run's first) and asks only the failed requests.
    const replay =
      resume === null || earlier === null
        ? null
        : replayingSession(
            session,
            judgeReplies(resume, earlier, inputs, {
              model: session.model,
              mode,
              metrics,
              prompts: model.prompts,
            }),
          );
    const lines = await judgePlans(replay?.session ?? session, inputs, {
      mode,
      metrics,
      prompts: model.prompts,
      reporters: [progressFor(io)],
    });
    const report = judgeReport(lines);
    if (options.out) writeOutput(options.out, jsonLines(lines), outputOptions(io));
    if (replay && resume) io.stderr(terminalText(resumeSummary(resume, replay.tally), { multiline: true }));
    if (options.json) io.stdout(`${JSON.stringify(report, null, 2)}\n`);
    else if (options.out) io.stdout(terminalText(formatJudgeReport(report), { multiline: true }));
    else {
      io.stdout(jsonLines(lines));
      io.stderr(terminalText(formatJudgeReport(report), { multiline: true }));
    }
    if (report.failures.total === 0) return 0;
    const requestErrors = report.failures.by_code["request-error"] ?? 0;
    const advice = requestErrors > 0 ? `; ${retryAdvice(options, model.settings, requestErrors)}` : "";
    io.stderr(
      `${terminalText(
        `tooluse: ${report.failures.total} judge answers failed (${Object.entries(report.failures.by_code)
          .map(([code, n]) => `${code} ${n}`)
          .join(
            ", ",
          )}) on ${report.failed_plans} of ${report.plans} plans; their values are null, never guessed${advice}`,
      )}\n`,
    );
    return 1;
  });
}
