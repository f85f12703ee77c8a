/**
 * The --dry-run estimate of `tooluse plan experiment`: requests and tokens per model before anything is sent.
 * Planner prompts are rendered exactly; judge prompts are rendered with the best plan standing in for the candidate
 * (the candidates do not exist yet). Tokens are characters / 4 (a common rule of thumb, not a tokenizer); output
 * tokens are the max_tokens ceiling, so the cost is an upper bound for output. Repairs (one per failed answer) and
 * the refine loop's revisits are not known in advance: the refine row gives the range from one pass to the cap.
 */
import type { ChatMessage } from "../../backends/types.js";
import { readJsonl } from "../../jsonl.js";
import { ResponsesRecordSchema } from "../../plans/answer-records.js";
import { JUDGE_METRICS } from "../../plans/judge-metrics.js";
import { bestPlanOf, type QueryRecord, readQueries } from "../../plans/query-records.js";
import { renderPlan } from "../../plans/render.js";
import { DEFAULT_TOOL_DESCRIPTIONS, type ToolDescriptions } from "../../plans/tool-descriptions.js";
import { answerJudgePrompt } from "../answers/prompt.js";
import { type Examples, plannerPrompt, selectExamples } from "../plan-models/generate-prompt.js";
import { type JudgeSubject, metricPrompt } from "../plan-models/judge-prompts.js";
import { oneShotPrompt } from "../plan-models/one-shot-prompt.js";
import type { PromptSet } from "../plan-models/prompt-set.js";
import { labelOf } from "./config.js";
import type { ExperimentConfig, ModelConfig } from "./config-schema.js";
import { experimentPrompts, experimentQueries } from "./run.js";

export interface EstimateRow {
  role: string;
  model: string;
  requests: string;
  prompt_tokens: number;
  max_output_tokens: number;
  /** Dollars at the configured price; null without one. */
  cost: number | null;
}

const tokens = (messages: readonly ChatMessage[]) =>
  Math.ceil(messages.reduce((sum, m) => sum + (m.content?.length ?? 0), 0) / 4);

function row(
  role: string,
  model: ModelConfig,
  requests: number,
  promptTokens: number,
  label?: string,
): EstimateRow {
  const output = requests * model.decoding.max_tokens;
  const price = model.price;
  return {
    role,
    model: labelOf(model),
    requests: label ?? String(requests),
    prompt_tokens: promptTokens,
    max_output_tokens: output,
    cost: price ? (promptTokens * price.input_per_million + output * price.output_per_million) / 1e6 : null,
  };
}

/** What every row of the estimate reads: the selected queries, their best plans as stand-in candidates, the counts. */
interface EstimateInput {
  config: ExperimentConfig;
  queries: QueryRecord[];
  prompts: PromptSet;
  tools: ToolDescriptions;
  /** The judges' subjects: each query's best plan standing in for the candidates that do not exist yet. */
  subjects: JudgeSubject[];
  /** Plans per query: every prompt type of every planner. */
  copies: number;
  /** Plans in all: the judges see each. */
  plans: number;
}

/** One row per planner: every selected query under every prompt type, its prompt rendered exactly. */
function plannerRows(
  config: ExperimentConfig,
  records: readonly QueryRecord[],
  queries: readonly QueryRecord[],
  prompts: PromptSet,
): EstimateRow[] {
  const tools = DEFAULT_TOOL_DESCRIPTIONS;
  const examples = new Map<string, Examples>(
    config.prompt_types.map((t) => [t, selectExamples(records, t, config.examples, config.queries)]),
  );
  let planTokens = 0;
  for (const query of queries)
    for (const type of config.prompt_types)
      planTokens += tokens(
        plannerPrompt(
          query,
          examples.get(type) as Examples,
          config.examples,
          tools,
          prompts.get(type === "with_lineage" ? "planner-with-lineage" : "planner"),
        ),
      );
  const perPlanner = queries.length * config.prompt_types.length;
  return config.planners.map((planner) => row("planner", planner, perPlanner, planTokens));
}

/** The metric-wise and one-shot judges, as configured: one request per plan (and metric). */
function judgeRows({ config, prompts, tools, subjects, copies, plans }: EstimateInput): EstimateRow[] {
  const rows: EstimateRow[] = [];
  const metrics = config.judges.metrics ?? JUDGE_METRICS;
  if (config.judges.metric_wise) {
    let sum = 0;
    for (const subject of subjects)
      for (const metric of metrics)
        sum += tokens(metricPrompt(metric, subject, tools, prompts.get(`judge-${metric}`)));
    rows.push(row("metric-wise judge", config.judges.metric_wise, plans * metrics.length, sum * copies));
  }
  if (config.judges.one_shot) {
    const sum = subjects.reduce(
      (s, subject) => s + tokens(oneShotPrompt(subject, tools, prompts.get("one-shot"))),
      0,
    );
    rows.push(row("one-shot judge", config.judges.one_shot, plans, sum * copies));
  }
  return rows;
}

/** The stages whose request count is only known as a range: the refine loop and the execute stage. */
function rangeRows({ config, queries, subjects, copies }: EstimateInput): EstimateRow[] {
  const rows: EstimateRow[] = [];
  if (config.refine) {
    // One evaluator request per step in one pass (a loop that stops at once) up to the cap with an optimizer
    // request each; prompt tokens are estimated at about 1,500 per request (tools, format, tags, one plan).
    const steps = subjects.reduce((s, subject) => s + subject.stepIds.length, 0) * copies;
    const low = steps;
    const high = steps * config.refine.max_passes * 2;
    const estimate = row("refine loop", config.refine, high, high * 1500, `${low}–${high}`);
    rows.push(estimate);
  }
  if (config.execute) {
    // Plan steps ask once each (a T2S repair twice); R1 asks up to max_tool_calls + 1 turns and one request per
    // call. About 2,000 prompt tokens a request (the T2S schema dominates); the executed answers do not exist yet.
    const bestSteps = subjects.reduce((s, subject) => s + subject.stepIds.length, 0);
    const low = bestSteps * (1 + copies) + queries.length * 2;
    const high = bestSteps * (1 + copies) * 2 + queries.length * (2 * config.execute.max_tool_calls + 1);
    rows.push(row("execute (R1, R2, R3)", config.execute, high, high * 2000, `${low}–${high}`));
  }
  return rows;
}

/** The answer judge: over the executed answers (one comparison per generated plan) or a given responses file. */
function answerRows({ config, queries, prompts, copies }: EstimateInput): EstimateRow[] {
  const rows: EstimateRow[] = [];
  if (config.answers && !config.answers.responses) {
    // One comparison per generated plan; each executed answer is reckoned at about 200 tokens.
    const sum = queries.reduce(
      (s, q) =>
        s +
        tokens(
          answerJudgePrompt(
            { query_id: q.query_id, query: q.query, responses: { R1: "", R2: "", R3: "" } },
            prompts.get("answer-judge"),
          ),
        ) +
        600,
      0,
    );
    rows.push(row("answer judge", config.answers.judge, queries.length * copies, sum * copies));
  }
  if (config.answers?.responses) {
    const items = readJsonl(config.answers.responses, ResponsesRecordSchema);
    const sum = items.reduce(
      (s, item) => s + tokens(answerJudgePrompt(item, prompts.get("answer-judge"))),
      0,
    );
    rows.push(row("answer judge", config.answers.judge, items.length, sum));
  }
  return rows;
}

export function estimateExperiment(config: ExperimentConfig): EstimateRow[] {
  const records = readQueries(config.queries);
  const queries = experimentQueries(config, records);
  const prompts = experimentPrompts(config);
  // The planner rows first: a bad example is reported before a bad best plan, as before the split into rows.
  const planners = plannerRows(config, records, queries, prompts);
  const subjects = queries.map((q) => {
    const reference = bestPlanOf(q, config.queries);
    return {
      query: q.query,
      candidate: renderPlan(reference),
      stepIds: reference.steps.map((s) => s.id),
      reference,
    };
  });
  const copies = config.prompt_types.length * config.planners.length;
  const input: EstimateInput = {
    config,
    queries,
    prompts,
    tools: DEFAULT_TOOL_DESCRIPTIONS,
    subjects,
    copies,
    plans: queries.length * copies,
  };
  return [...planners, ...judgeRows(input), ...rangeRows(input), ...answerRows(input)];
}
