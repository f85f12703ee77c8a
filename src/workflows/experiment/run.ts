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
import type { Plan } from "../../plans/model.js";
import { bestPlanOf, type QueryRecord, readQueries, selectByQuery } from "../../plans/query-records.js";
import type { PlanRecord } from "../../plans/records.js";
import { queryKey } from "../../plans/records.js";
import { renderPlan } from "../../plans/render.js";
import { scorePlan } from "../../plans/score.js";
import type { ScoreLine } from "../../plans/score-line.js";
import { DEFAULT_TOOL_DESCRIPTIONS } from "../../plans/tool-descriptions.js";
import type { Answer, Prompt } from "../../runner/ask.js";
import { defaultCacheDir, type ModelSession, openSession } from "../../runner/session.js";
import { judgeAnswers } from "../answers/judge.js";
import { generatePlans, type PlanLine, selectQueries } from "../plan-models/generate.js";
import { judgePlans } from "../plan-models/judge.js";
import type { JudgedLine } from "../plan-models/judge-line.js";
import type { WorkProgress } from "../plan-models/progress.js";
import { type PromptSet, promptSet } from "../plan-models/prompt-set.js";
import { type LineageLine, refinePlans } from "../plan-models/refine.js";
import type { PromptRole } from "../templates.js";
import { labelOf } from "./config.js";
import type { ExperimentConfig, ModelConfig } from "./config-schema.js";
import { type ExecutedLine, type ExecuteStage, type JudgedResponses, responsesFrom } from "./executed.js";

export interface ExperimentContext {
  env: NodeJS.ProcessEnv;
  signal: AbortSignal;
  log: (line: string) => void;
  progress: (label: string) => WorkProgress;
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

export async function runExperiment(
  config: ExperimentConfig,
  context: ExperimentContext,
): Promise<ExperimentOutcome> {
  const records = readQueries(config.queries);
  const selected = experimentQueries(config, records);
  const prompts = experimentPrompts(config);
  const byQuery = new Map(selected.map((q) => [queryKey(q.query_id), q]));
  const references = new Map(selected.map((q) => [queryKey(q.query_id), bestPlanOf(q, config.queries)]));
  mkdirSync(config.out, { recursive: true });
  const file = (name: string) => join(config.out, name);
  const outcome: ExperimentOutcome = {
    stages: [],
    files: {},
    queries: selected,
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
  const write = (name: string, key: string, records: readonly unknown[], stage?: StageSummary) => {
    writeOutput(file(name), toJsonLines(records));
    outcome.files[key] = file(name);
    if (stage) Object.assign(stage, { file: file(name), lines: records.length });
  };

  // 1. Generate: every planner, every prompt type, the same queries.
  const plans: PlanLine[] = [];
  for (const planner of config.planners) {
    const stage = stageOf("generate", planner);
    outcome.stages.push(stage);
    const result = await withModel(planner, config, context, stage, (session) =>
      generatePlans(session, records, {
        split: config.split,
        promptTypes: config.prompt_types,
        examples: config.examples,
        file: config.queries,
        prompts,
        select: { ids: config.ids?.map(String) ?? null, limit: config.limit ?? null },
        progress: context.progress(`plans (${labelOf(planner)})`),
      }),
    );
    for (const line of result.lines) plans.push({ ...line, planner: labelOf(planner) });
    add(stage, "request-error", result.failures.length);
    add(stage, "unreadable-plan", result.unparseable.length);
    stage.lines = result.lines.length;
    for (const f of result.failures)
      context.log(`generate ${labelOf(planner)}: query ${f.query_id} (${f.prompt_type}): ${f.error}`);
  }
  write("plans.jsonl", "plans", plans);
  const planRecords: PlanRecord[] = plans.map((plan) => ({ ...plan }));

  // 2. Score with code: free and reproducible.
  const scoreOf = (plan: PlanRecord) =>
    scorePlan({
      candidate: plan.plan,
      reference: references.get(queryKey(plan.query_id)) as Plan,
      tools: DEFAULT_TOOL_DESCRIPTIONS,
      query_id: plan.query_id,
      planner: plan.planner,
      prompt_type: plan.prompt_type,
    });
  outcome.scores = planRecords.map(scoreOf);
  write("scores.jsonl", "scores", outcome.scores);

  const judgeInputs = (lines: readonly PlanRecord[]) =>
    lines.map((record) => ({
      record,
      query: byQuery.get(queryKey(record.query_id))?.query ?? "",
      reference: references.get(queryKey(record.query_id)) as Plan,
    }));

  // 3. Judges.
  const judges = config.judges;
  if (judges.metric_wise) {
    const stage = stageOf("judge metric-wise", judges.metric_wise);
    outcome.stages.push(stage);
    outcome.metricWise = await withModel(judges.metric_wise, config, context, stage, (session) =>
      judgePlans(session, judgeInputs(planRecords), {
        mode: "metric-wise",
        ...(judges.metrics ? { metrics: judges.metrics } : {}),
        prompts,
        progress: context.progress("plans judged metric-wise"),
      }),
    );
    judgeFailures(stage, outcome.metricWise);
    write("judged-metric-wise.jsonl", "metric_wise", outcome.metricWise, stage);
  }
  if (judges.one_shot) {
    const stage = stageOf("judge one-shot", judges.one_shot);
    outcome.stages.push(stage);
    outcome.oneShot = await withModel(judges.one_shot, config, context, stage, (session) =>
      judgePlans(session, judgeInputs(planRecords), {
        mode: "one-shot",
        prompts,
        progress: context.progress("plans judged one-shot"),
      }),
    );
    judgeFailures(stage, outcome.oneShot);
    write("judged-one-shot.jsonl", "one_shot", outcome.oneShot, stage);
  }

  // 4. The evaluator → optimizer loop, and the plans before and after it (Table 4).
  if (config.refine) {
    const refine = config.refine;
    const stage = stageOf("refine", refine);
    outcome.stages.push(stage);
    outcome.lineages = await withModel(refine, config, context, stage, (session) =>
      refinePlans(
        session,
        planRecords.map((record) => ({ record, query: byQuery.get(queryKey(record.query_id))?.query ?? "" })),
        { maxPasses: refine.max_passes, prompts, progress: context.progress("lineages") },
      ),
    );
    for (const line of outcome.lineages) {
      add(stage, "evaluator-or-optimizer", line.failures);
      if (line.status === "error") add(stage, "request-error");
    }
    const unusable = outcome.lineages.filter((l) => l.status === "unusable").length;
    if (unusable > 0) stage.notes.push(`${unusable} starting plans unreadable (no loop)`);
    write("lineages.jsonl", "lineages", outcome.lineages, stage);
    const finals: PlanRecord[] = outcome.lineages.flatMap((line) => {
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
    write("final-plans.jsonl", "final_plans", finals);
    const started = new Set(
      finals.map((f) => JSON.stringify([queryKey(f.query_id), f.planner, f.prompt_type])),
    );
    const isStarted = (l: {
      query_id: string | number | null;
      planner: string | null;
      prompt_type: string | null;
    }) => started.has(JSON.stringify([queryKey(l.query_id ?? ""), l.planner, l.prompt_type]));
    if (judges.one_shot && outcome.oneShot) {
      const oneShotJudge = judges.one_shot;
      const after = stageOf("judge one-shot (after the loop)", oneShotJudge);
      outcome.stages.push(after);
      const judged = await withModel(oneShotJudge, config, context, after, (session) =>
        judgePlans(session, judgeInputs(finals), {
          mode: "one-shot",
          prompts,
          progress: context.progress("final plans judged"),
        }),
      );
      judgeFailures(after, judged);
      write("judged-one-shot-final.jsonl", "one_shot_final", judged, after);
      outcome.before = outcome.oneShot.filter(isStarted);
      outcome.after = judged;
    } else {
      outcome.before = outcome.scores.filter(isStarted);
      outcome.after = finals.map(scoreOf);
    }
  }

  // 5. Execute: R1 (no plan), R2 (the best plans), R3 (every generated plan) on the workspace.
  if (config.execute) {
    const execute = config.execute;
    if (!context.execute) throw new Error("the execute stage was configured but no executor was supplied");
    const stage = stageOf("execute", execute);
    outcome.stages.push(stage);
    const result = await withModel(execute, config, context, stage, (session) =>
      (context.execute as ExecuteStage)({
        config: execute,
        queries: selected,
        plans: planRecords,
        session,
        label: labelOf(execute),
        journal: file("execute-journal.jsonl"),
        signal: context.signal,
        progress: context.progress,
      }),
    );
    const lines = result.lines;
    outcome.executed = lines;
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
    write("executed.jsonl", "executed", lines, stage);
  }

  // 6. End-to-end answers, judged three ways: the executed answers, or a responses file written elsewhere.
  if (config.answers) {
    const { judge, responses } = config.answers;
    const stage = stageOf("answers", judge);
    outcome.stages.push(stage);
    let items: (ResponsesRecord & { planner: string | null; prompt_type: string | null })[];
    if (responses === undefined) {
      const built = responsesFrom(outcome.executed ?? []);
      outcome.unjudged = built.unjudgeable;
      if (built.unjudgeable.length > 0)
        stage.notes.push(
          `${built.unjudgeable.length} comparisons not judged: fewer than two answers executed`,
        );
      items = built.records.map((r) => ({
        query_id: r.query_id,
        query: r.query,
        responses: r.responses,
        planner: r.planner,
        prompt_type: r.prompt_type,
      }));
    } else {
      items = readJsonl(responses, ResponsesRecordSchema).map((r) => ({
        ...r,
        planner: null,
        prompt_type: null,
      }));
      if (items.length === 0) throw new UserError(`${responses}: no response lines to judge`);
    }
    const judgements = await withModel(judge, config, context, stage, (session) =>
      judgeAnswers(items, session, undefined, prompts.get("answer-judge")),
    );
    add(stage, "judgement-failed", judgements.filter((j) => j.status !== "judged").length);
    outcome.answers = judgements.map((j, i) => ({
      ...j,
      planner: items[i]?.planner ?? null,
      prompt_type: items[i]?.prompt_type ?? null,
    }));
    write("answers.jsonl", "answers", outcome.answers, stage);
  }

  // 7. Agreement: judges with code, and with humans where labels are given.
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
  const labels = config.human_labels ?? {};
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
  return outcome;
}
