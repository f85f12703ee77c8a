/**
 * `tooluse plan experiment`: the paper's experiment end to end — generate with every planner and prompt type,
 * score with code, judge (metric-wise, one-shot), refine, execute (R1 no plan, R2 the best plans, R3 the generated
 * plans), judge the executed end-to-end answers, measure agreement with humans —
 * writing each stage's file to the output directory. Every model answer goes through the response cache, so an
 * interrupted run continues where it stopped and a finished one re-runs without a request (at temperature 0).
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { UserError } from "../../errors.js";
import { writeOutput } from "../../io/output.js";
import { readJsonl, toJsonLines } from "../../jsonl.js";
import { compareScoreFiles } from "../../plans/agreement/agree.js";
import { compareAnswerFiles } from "../../plans/agreement/answers.js";
import { compareTagFiles } from "../../plans/agreement/tags.js";
import {
  type AnswerJudgement,
  type ResponsesRecord,
  ResponsesRecordSchema,
} from "../../plans/answer-records.js";
import type { JudgeMetric } from "../../plans/judge-metrics.js";
import type { Plan } from "../../plans/model.js";
import { bestPlanOf, type QueryRecord, readQueries, selectByQuery } from "../../plans/query-records.js";
import type { PlanRecord } from "../../plans/records.js";
import { queryKey } from "../../plans/records.js";
import { renderPlan } from "../../plans/render.js";
import { scorePlan } from "../../plans/score.js";
import type { ScoreLine } from "../../plans/score-line.js";
import { DEFAULT_TOOL_DESCRIPTIONS } from "../../plans/tool-descriptions.js";
import type { Answer, Prompt } from "../../runner/ask.js";
import type { WorkReporter } from "../../runner/reporters/work.js";
import { defaultCacheDir, type ModelSession, openSession } from "../../runner/session.js";
import { judgeAnswers } from "../answers/judge.js";
import { generatePlans, type PlanLine, selectQueries } from "../plan-models/generate.js";
import { judgePlans } from "../plan-models/judge.js";
import type { JudgedLine, JudgeMode } from "../plan-models/judge-line.js";
import { type PromptSet, promptSet } from "../plan-models/prompt-set.js";
import { type LineageLine, refinePlans } from "../plan-models/refine.js";
import type { PromptRole } from "../templates.js";
import { labelOf } from "./config.js";
import type { ExecuteConfig, ExperimentConfig, ModelConfig } from "./config-schema.js";
import { type ExecutedLine, type ExecuteStage, type JudgedResponses, responsesFrom } from "./executed.js";

export interface ExperimentContext {
  env: NodeJS.ProcessEnv;
  signal: AbortSignal;
  log: (line: string) => void;
  /** Listeners to every stage's work (the progress line among them). */
  reporters: readonly WorkReporter[];
  /** The execute stage (the planning layer's executors); needed when the config has an execute section. */
  execute?: ExecuteStage;
}

/** An answer judgement with the R3 plan it was about (null for a responses file). */
export type ExperimentJudgement = AnswerJudgement & { planner: string | null; prompt_type: string | null };

/** What one stage did: requests sent and answered from the cache, failures by kind, where its file is. */
export interface StageSummary {
  stage: string;
  model: string | null;
  file: string | null;
  lines: number;
  sent: number;
  cached: number;
  failures: Record<string, number>;
  notes: string[];
}

export interface AgreementSummary {
  name: string;
  file: string | null;
  /** The report object of `plan agree`, or null with the reason when nothing could be compared. */
  report: unknown;
  reason: string | null;
}

export interface ExperimentOutcome {
  stages: StageSummary[];
  files: Record<string, string>;
  queries: QueryRecord[];
  scores: ScoreLine[];
  metricWise: JudgedLine[] | null;
  oneShot: JudgedLine[] | null;
  lineages: LineageLine[] | null;
  before: (ScoreLine | JudgedLine)[] | null;
  after: (ScoreLine | JudgedLine)[] | null;
  /** The executed answers (R1, R2, R3), when the config has an execute section. */
  executed: ExecutedLine[] | null;
  answers: ExperimentJudgement[] | null;
  /** R3 plans whose comparison could not be judged: fewer than two of R1, R2, R3 were answered. */
  unjudged: JudgedResponses[];
  agreements: AgreementSummary[];
}

/** Failures that make the command exit 1: every judge, optimizer and request failure, every unreadable plan. */
export function failureCount(outcome: ExperimentOutcome): number {
  return outcome.stages.reduce((sum, s) => sum + Object.values(s.failures).reduce((a, b) => a + b, 0), 0);
}

/** A session that counts what it sent and what came from the cache. */
function counted(session: ModelSession, stage: StageSummary): ModelSession {
  return {
    model: session.model,
    close: () => session.close(),
    ask: async (prompt: Prompt): Promise<Answer> => {
      const answer = await session.ask(prompt);
      if (answer.cached) stage.cached++;
      else stage.sent++;
      return answer;
    },
  };
}

function stageOf(stage: string, model: ModelConfig | null): StageSummary {
  return {
    stage,
    model: model ? labelOf(model) : null,
    file: null,
    lines: 0,
    sent: 0,
    cached: 0,
    failures: {},
    notes: [],
  };
}

function add(stage: StageSummary, code: string, n = 1): void {
  if (n > 0) stage.failures[code] = (stage.failures[code] ?? 0) + n;
}

async function withModel<T>(
  model: ModelConfig,
  config: ExperimentConfig,
  context: ExperimentContext,
  stage: StageSummary,
  work: (session: ModelSession) => Promise<T>,
): Promise<T> {
  const session = await openSession({
    model: model.model,
    ...(model.backend ? { backend: model.backend } : {}),
    baseUrl: model.base_url ?? null,
    apiKeyEnv: model.api_key_env,
    concurrency: model.concurrency,
    retries: model.retries,
    timeoutMs: Math.round(model.timeout * 1000),
    maxTokens: model.decoding.max_tokens,
    temperature: model.decoding.temperature,
    seed: model.decoding.seed,
    enableThinking: model.decoding.thinking === "default" ? null : model.decoding.thinking === "on",
    cacheDir: config.cache_dir ?? defaultCacheDir(context.env),
    env: context.env,
    signal: context.signal,
    log: context.log,
  });
  try {
    return await work(counted(session, stage));
  } finally {
    await session.close();
  }
}

function judgeFailures(stage: StageSummary, lines: readonly JudgedLine[]): void {
  for (const line of lines) for (const failure of line.judge.failures) add(stage, failure.code);
  const contradictions = lines.reduce((sum, l) => sum + l.judge.contradictions.length, 0);
  if (contradictions > 0) stage.notes.push(`${contradictions} contradictions`);
}

/** The selected queries: the split, then --ids/limit of the config. */
export function experimentQueries(config: ExperimentConfig, records: readonly QueryRecord[]): QueryRecord[] {
  return selectByQuery(
    selectQueries(records, config.split, config.queries),
    { ids: config.ids?.map(String) ?? null, limit: config.limit ?? null },
    config.queries,
  );
}

export function experimentPrompts(config: ExperimentConfig): PromptSet {
  return promptSet(new Map(Object.entries(config.prompt_files ?? {}) as [PromptRole, string][]));
}

/** What every stage of one experiment run shares: its config and context, the selected queries, the outcome so far. */
interface ExperimentRun {
  config: ExperimentConfig;
  context: ExperimentContext;
  /** Every query line of the file: the generate stage selects from them itself. */
  records: QueryRecord[];
  prompts: PromptSet;
  byQuery: Map<string, QueryRecord>;
  references: Map<string, Plan>;
  outcome: ExperimentOutcome;
  /** The path of an output file in the output directory. */
  file: (name: string) => string;
}

function emptyOutcome(queries: QueryRecord[]): ExperimentOutcome {
  return {
    stages: [],
    files: {},
    queries,
    scores: [],
    metricWise: null,
    oneShot: null,
    lineages: null,
    before: null,
    after: null,
    executed: null,
    answers: null,
    unjudged: [],
    agreements: [],
  };
}

function startRun(config: ExperimentConfig, context: ExperimentContext): ExperimentRun {
  const records = readQueries(config.queries);
  const selected = experimentQueries(config, records);
  const prompts = experimentPrompts(config);
  const byQuery = new Map(selected.map((q) => [queryKey(q.query_id), q]));
  const references = new Map(selected.map((q) => [queryKey(q.query_id), bestPlanOf(q, config.queries)]));
  mkdirSync(config.out, { recursive: true });
  const file = (name: string) => join(config.out, name);
  return { config, context, records, prompts, byQuery, references, outcome: emptyOutcome(selected), file };
}

/** Writes one stage's file, records it under `key` and, given the stage, its path and line count there. */
function write(
  run: ExperimentRun,
  name: string,
  key: string,
  records: readonly unknown[],
  stage?: StageSummary,
) {
  writeOutput(run.file(name), toJsonLines(records));
  run.outcome.files[key] = run.file(name);
  if (stage) Object.assign(stage, { file: run.file(name), lines: records.length });
}

/** A new stage, listed in the outcome before it runs (the order of the summary is the order of the work). */
function beginStage(run: ExperimentRun, name: string, model: ModelConfig | null): StageSummary {
  const stage = stageOf(name, model);
  run.outcome.stages.push(stage);
  return stage;
}

/** 1. Generate: every planner, every prompt type, the same queries. */
async function generateStage(run: ExperimentRun): Promise<PlanRecord[]> {
  const { config, context } = run;
  const plans: PlanLine[] = [];
  for (const planner of config.planners) {
    const stage = beginStage(run, "generate", planner);
    const result = await withModel(planner, config, context, stage, (session) =>
      generatePlans(session, run.records, {
        split: config.split,
        promptTypes: config.prompt_types,
        examples: config.examples,
        file: config.queries,
        prompts: run.prompts,
        select: { ids: config.ids?.map(String) ?? null, limit: config.limit ?? null },
        reporters: context.reporters,
        workLabel: `plans (${labelOf(planner)})`,
      }),
    );
    for (const line of result.lines) plans.push({ ...line, planner: labelOf(planner) });
    add(stage, "request-error", result.failures.length);
    add(stage, "unreadable-plan", result.unparseable.length);
    stage.lines = result.lines.length;
    for (const f of result.failures)
      context.log(`generate ${labelOf(planner)}: query ${f.query_id} (${f.prompt_type}): ${f.error}`);
  }
  write(run, "plans.jsonl", "plans", plans);
  return plans.map((plan) => ({ ...plan }));
}

/** 2. Score with code: free and reproducible. */
function scoreOf(run: ExperimentRun, plan: PlanRecord): ScoreLine {
  return scorePlan({
    candidate: plan.plan,
    reference: run.references.get(queryKey(plan.query_id)) as Plan,
    tools: DEFAULT_TOOL_DESCRIPTIONS,
    query_id: plan.query_id,
    planner: plan.planner,
    prompt_type: plan.prompt_type,
  });
}

interface JudgeStage {
  name: string;
  judge: ModelConfig;
  plans: readonly PlanRecord[];
  mode: JudgeMode;
  metrics?: JudgeMetric[];
  workLabel: string;
  /** The output file and the key it is recorded under in the outcome. */
  output: [name: string, key: string];
}

/** One judge stage over a set of plans: its file written, its failures and contradictions counted. */
async function judgeStage(run: ExperimentRun, spec: JudgeStage): Promise<JudgedLine[]> {
  const stage = beginStage(run, spec.name, spec.judge);
  const inputs = spec.plans.map((record) => ({
    record,
    query: run.byQuery.get(queryKey(record.query_id))?.query ?? "",
    reference: run.references.get(queryKey(record.query_id)) as Plan,
  }));
  const judged = await withModel(spec.judge, run.config, run.context, stage, (session) =>
    judgePlans(session, inputs, {
      mode: spec.mode,
      ...(spec.metrics ? { metrics: spec.metrics } : {}),
      prompts: run.prompts,
      reporters: run.context.reporters,
      workLabel: spec.workLabel,
    }),
  );
  judgeFailures(stage, judged);
  write(run, spec.output[0], spec.output[1], judged, stage);
  return judged;
}

/** The two judge stages, in the order they run: the mode names the stage, its file and its config/report key. */
const JUDGE_STAGES = [
  { mode: "metric-wise", key: "metric_wise", outcome: "metricWise" },
  { mode: "one-shot", key: "one_shot", outcome: "oneShot" },
] as const;

/** 3. Judges: metric-wise and one-shot, as configured. */
async function judgeStages(run: ExperimentRun, plans: readonly PlanRecord[]): Promise<void> {
  const judges = run.config.judges;
  for (const { mode, key, outcome } of JUDGE_STAGES) {
    const judge = judges[key];
    if (!judge) continue;
    run.outcome[outcome] = await judgeStage(run, {
      name: `judge ${mode}`,
      judge,
      plans,
      mode,
      // Only the metric-wise judge asks about chosen metrics; the one-shot judge rates the whole plan.
      ...(mode === "metric-wise" && judges.metrics ? { metrics: judges.metrics } : {}),
      workLabel: `plans judged ${mode}`,
      output: [`judged-${mode}.jsonl`, key],
    });
  }
}

/** The last plan of every lineage the loop started and finished (or stopped with passes left undone). */
function finalPlans(lineages: readonly LineageLine[]): PlanRecord[] {
  return lineages.flatMap((line) => {
    const last = line.lineage.at(-1);
    return last && (line.status === "done" || line.status === "incomplete")
      ? [
          {
            query_id: line.query_id,
            planner: line.planner,
            prompt_type: line.prompt_type,
            plan: renderPlan(last.plan),
          },
        ]
      : [];
  });
}

/** 4. The evaluator → optimizer loop, and the plans before and after it (Table 4). */
async function refineStage(
  run: ExperimentRun,
  refine: NonNullable<ExperimentConfig["refine"]>,
  plans: readonly PlanRecord[],
): Promise<void> {
  const { config, context, outcome } = run;
  const stage = beginStage(run, "refine", refine);
  const lineages = await withModel(refine, config, context, stage, (session) =>
    refinePlans(
      session,
      plans.map((record) => ({ record, query: run.byQuery.get(queryKey(record.query_id))?.query ?? "" })),
      { maxPasses: refine.max_passes, prompts: run.prompts, reporters: context.reporters },
    ),
  );
  outcome.lineages = lineages;
  for (const line of lineages) {
    add(stage, "evaluator-or-optimizer", line.failures);
    if (line.status === "error") add(stage, "request-error");
  }
  const unusable = lineages.filter((l) => l.status === "unusable").length;
  if (unusable > 0) stage.notes.push(`${unusable} starting plans unreadable (no loop)`);
  write(run, "lineages.jsonl", "lineages", lineages, stage);
  const finals = finalPlans(lineages);
  write(run, "final-plans.jsonl", "final_plans", finals);
  const started = new Set(
    finals.map((f) => JSON.stringify([queryKey(f.query_id), f.planner, f.prompt_type])),
  );
  const isStarted = (l: {
    query_id: string | number | null;
    planner: string | null;
    prompt_type: string | null;
  }) => started.has(JSON.stringify([queryKey(l.query_id ?? ""), l.planner, l.prompt_type]));
  const oneShotJudge = config.judges.one_shot;
  if (oneShotJudge && outcome.oneShot) {
    const judged = await judgeStage(run, {
      name: "judge one-shot (after the loop)",
      judge: oneShotJudge,
      plans: finals,
      mode: "one-shot",
      workLabel: "final plans judged",
      output: ["judged-one-shot-final.jsonl", "one_shot_final"],
    });
    outcome.before = outcome.oneShot.filter(isStarted);
    outcome.after = judged;
  } else {
    outcome.before = outcome.scores.filter(isStarted);
    outcome.after = finals.map((plan) => scoreOf(run, plan));
  }
}

/** 5. Execute: R1 (no plan), R2 (the best plans), R3 (every generated plan) on the workspace. */
async function executeStage(run: ExperimentRun, execute: ExecuteConfig, plans: PlanRecord[]): Promise<void> {
  const { config, context } = run;
  const executor = context.execute;
  if (!executor) throw new Error("the execute stage was configured but no executor was supplied");
  const stage = beginStage(run, "execute", execute);
  const result = await withModel(execute, config, context, stage, (session) =>
    executor({
      config: execute,
      queries: run.outcome.queries,
      plans,
      session,
      label: labelOf(execute),
      journal: run.file("execute-journal.jsonl"),
      signal: context.signal,
      reporters: context.reporters,
    }),
  );
  const lines = result.lines;
  run.outcome.executed = lines;
  const failed = (source: string) => lines.filter((l) => l.source === source && l.status !== "answered");
  add(stage, "r1-failed", failed("R1").length);
  add(stage, "plan-failed", failed("R2").length + failed("R3").length);
  for (const line of [...failed("R1"), ...failed("R2"), ...failed("R3")])
    context.log(
      `execute ${line.source}${line.planner ? ` ${line.planner} (${line.prompt_type})` : ""}: query ${line.query_id}: ${line.error ?? "not answered"}`,
    );
  const judged = lines.filter((l) => l.correct !== null);
  stage.notes.push(
    ...result.notes,
    `${judged.filter((l) => l.correct).length} of ${judged.length} answers with a reference correct`,
  );
  write(run, "executed.jsonl", "executed", lines, stage);
}

type AnswerItem = ResponsesRecord & { planner: string | null; prompt_type: string | null };

/** What the answer judge compares: the executed answers, or the lines of a responses file written elsewhere. */
function answerItems(run: ExperimentRun, responses: string | undefined, stage: StageSummary): AnswerItem[] {
  if (responses === undefined) {
    const built = responsesFrom(run.outcome.executed ?? []);
    run.outcome.unjudged = built.unjudgeable;
    if (built.unjudgeable.length > 0)
      stage.notes.push(`${built.unjudgeable.length} comparisons not judged: fewer than two answers executed`);
    return built.records.map((r) => ({
      query_id: r.query_id,
      query: r.query,
      responses: r.responses,
      planner: r.planner,
      prompt_type: r.prompt_type,
    }));
  }
  const items = readJsonl(responses, ResponsesRecordSchema).map((r) => ({
    ...r,
    planner: null,
    prompt_type: null,
  }));
  if (items.length === 0) throw new UserError(`${responses}: no response lines to judge`);
  return items;
}

/** 6. End-to-end answers, judged three ways. */
async function answersStage(
  run: ExperimentRun,
  answers: NonNullable<ExperimentConfig["answers"]>,
): Promise<void> {
  const { judge, responses } = answers;
  const stage = beginStage(run, "answers", judge);
  const items = answerItems(run, responses, stage);
  const judgements = await withModel(judge, run.config, run.context, stage, (session) =>
    judgeAnswers(items, session, undefined, run.prompts.get("answer-judge")),
  );
  add(stage, "judgement-failed", judgements.filter((j) => j.status !== "judged").length);
  run.outcome.answers = judgements.map((j, i) => ({
    ...j,
    planner: items[i]?.planner ?? null,
    prompt_type: items[i]?.prompt_type ?? null,
  }));
  write(run, "answers.jsonl", "answers", run.outcome.answers, stage);
}

/** 7. Agreement: judges with code, and with humans where labels are given. */
function agreementStage(run: ExperimentRun): void {
  const { outcome, file } = run;
  const agree = (name: string, compare: () => unknown, files: string) => {
    try {
      outcome.agreements.push({ name, file: files, report: compare(), reason: null });
    } catch (error) {
      if (!(error instanceof UserError)) throw error;
      outcome.agreements.push({ name, file: files, report: null, reason: error.message });
    }
  };
  if (outcome.files.metric_wise)
    agree(
      "metric-wise judge vs code",
      () => compareScoreFiles(file("scores.jsonl"), file("judged-metric-wise.jsonl")),
      "scores.jsonl ↔ judged-metric-wise.jsonl",
    );
  if (outcome.files.one_shot)
    agree(
      "one-shot judge vs code",
      () => compareScoreFiles(file("scores.jsonl"), file("judged-one-shot.jsonl")),
      "scores.jsonl ↔ judged-one-shot.jsonl",
    );
  const labels = run.config.human_labels ?? {};
  if (labels.scores) {
    const gold = labels.scores;
    if (outcome.files.metric_wise)
      agree(
        "metric-wise judge vs humans",
        () => compareScoreFiles(gold, file("judged-metric-wise.jsonl")),
        gold,
      );
    if (outcome.files.one_shot)
      agree("one-shot judge vs humans", () => compareScoreFiles(gold, file("judged-one-shot.jsonl")), gold);
    agree("code vs humans", () => compareScoreFiles(gold, file("scores.jsonl")), gold);
  }
  if (labels.tags && outcome.files.lineages) {
    const gold = labels.tags;
    agree("step-evaluator tags vs humans", () => compareTagFiles(gold, file("lineages.jsonl")), gold);
  }
  if (labels.answers && outcome.files.answers) {
    const gold = labels.answers;
    agree("answer judge vs humans", () => compareAnswerFiles(gold, file("answers.jsonl")), gold);
  }
}

export async function runExperiment(
  config: ExperimentConfig,
  context: ExperimentContext,
): Promise<ExperimentOutcome> {
  const run = startRun(config, context);
  const plans = await generateStage(run);
  run.outcome.scores = plans.map((plan) => scoreOf(run, plan));
  write(run, "scores.jsonl", "scores", run.outcome.scores);
  await judgeStages(run, plans);
  if (config.refine) await refineStage(run, config.refine, plans);
  if (config.execute) await executeStage(run, config.execute, plans);
  if (config.answers) await answersStage(run, config.answers);
  agreementStage(run);
  return run.outcome;
}
