/** LLM judges for plans: metric-wise (one prompt per metric) or one-shot; every checkable claim is checked. */

import { JUDGE_METRICS, JUDGE_POINTS, type JudgeMetric } from "../../plans/judge-metrics.js";
import type { Plan } from "../../plans/model.js";
import { parsePlan } from "../../plans/parse.js";
import { CODE_SCORED_METRICS } from "../../plans/points.js";
import { tierOf } from "../../plans/rating.js";
import { type PlanRecord, queryKey } from "../../plans/records.js";
import { scorePlan } from "../../plans/score.js";
import type { ScoreLine } from "../../plans/score-line.js";
import { DEFAULT_TOOL_DESCRIPTIONS, type ToolDescriptions } from "../../plans/tool-descriptions.js";
import { type WorkOptions, workStream } from "../../runner/reporters/work.js";
import type { ModelSession } from "../../runner/session.js";
import type { PromptRole } from "../templates.js";
import {
  adherenceSpec,
  type Contradiction,
  oneShotContradictions,
  oneShotSpec,
  pointsFromCount,
  stepContradictions,
  stepJudgementSpec,
} from "./judge-answers.js";
import type { JudgedLine, JudgeMode, JudgeRecord } from "./judge-line.js";
import { type JudgeSubject, metricPrompt } from "./judge-prompts.js";
import { deterministicOneShot } from "./one-shot-code.js";
import { oneShotPrompt } from "./one-shot-prompt.js";
import { type PromptSet, promptSet } from "./prompt-set.js";
import { type NumberedLine, notThisRun, type Replies } from "./resume.js";
import { askStructured, type Structured } from "./structured.js";

export interface JudgeInput {
  record: PlanRecord;
  query: string;
  reference: Plan;
}

/** The work stream's stage is called "plans judged" unless `workLabel` says otherwise. */
export interface JudgeOptions extends WorkOptions {
  mode: JudgeMode;
  /** Metric-wise only: the metrics to ask about (the others keep the code's value, or null). */
  metrics?: readonly JudgeMetric[];
  tools?: ToolDescriptions;
  prompts?: PromptSet;
}

function sum(values: readonly (number | null)[]): number | null {
  return values.some((v) => v === null) ? null : values.reduce<number>((a, v) => a + (v ?? 0), 0);
}

function emptyRecord(model: string, mode: JudgeMode, base: ScoreLine): JudgeRecord {
  const deterministic: JudgeRecord["deterministic"] = {};
  if (mode === "metric-wise") for (const m of CODE_SCORED_METRICS) deterministic[m] = base[m];
  return {
    model,
    mode,
    skipped: null,
    sources: {},
    deterministic,
    answers: {},
    failures: [],
    contradictions: [],
    prompts: {},
  };
}

function notePrompt(judge: JudgeRecord, prompts: PromptSet, role: PromptRole): void {
  const { sha256, source } = prompts.get(role);
  judge.prompts[role] = { sha256, source };
}

function record<T>(judge: JudgeRecord, metric: string, result: Structured<T>): T | null {
  judge.answers[metric] = {
    status: result.ok ? "ok" : "failed",
    raw: result.raw,
    value: result.ok ? result.value : null,
  };
  if (result.ok) return result.value;
  judge.failures.push({ metric, code: result.code, message: result.message });
  return null;
}

type Outcome = { score: number | null; result: Structured<unknown>; contradictions: Contradiction[] };

/** One metric of one plan: the judge's reply as read, its points (null on failure), what it contradicted. */
async function judgeMetric(
  session: ModelSession,
  metric: JudgeMetric,
  subject: JudgeSubject,
  key: string,
  options: JudgeOptions,
): Promise<Outcome> {
  const tools = options.tools ?? DEFAULT_TOOL_DESCRIPTIONS;
  const template = (options.prompts ?? promptSet()).get(`judge-${metric}`);
  const prompt = { key: `${key}|${metric}`, messages: metricPrompt(metric, subject, tools, template) };
  if (metric === "query_adherence") {
    const result = await askStructured(session, prompt, adherenceSpec);
    if (!result.ok) return { score: null, result, contradictions: [] };
    return { score: result.value.adherence * JUDGE_POINTS.query_adherence, result, contradictions: [] };
  }
  const result = await askStructured(session, prompt, stepJudgementSpec(subject.stepIds));
  if (!result.ok) return { score: null, result, contradictions: [] };
  const steps = subject.stepIds.length;
  const contradictions = stepContradictions(metric, result.value, steps);
  return { score: pointsFromCount(metric, result.value, steps), result, contradictions };
}

async function metricWise(
  session: ModelSession,
  subject: JudgeSubject,
  base: ScoreLine,
  key: string,
  options: JudgeOptions,
): Promise<JudgedLine> {
  const prompts = options.prompts ?? promptSet();
  const asked = new Set(options.metrics ?? JUDGE_METRICS);
  const outcomes = await Promise.all(
    JUDGE_METRICS.map((metric) =>
      asked.has(metric) ? judgeMetric(session, metric, subject, key, options) : Promise.resolve(null),
    ),
  );
  // Assembled in metric order once all have answered, so the output is the same whatever order replies came in.
  const judge = emptyRecord(session.model, "metric-wise", base);
  const scores = {} as Record<JudgeMetric, number | null>;
  JUDGE_METRICS.forEach((metric, index) => {
    const outcome = outcomes[index];
    if (outcome) {
      record(judge, metric, outcome.result);
      notePrompt(judge, prompts, `judge-${metric}`);
      judge.contradictions.push(...outcome.contradictions);
      judge.sources[metric] = "judge";
      scores[metric] = outcome.score;
    } else {
      judge.sources[metric] = base[metric] === null ? null : "code";
      scores[metric] = base[metric];
    }
  });
  const value = (m: JudgeMetric) => scores[m];
  return {
    ...base,
    ...scores,
    subtotal: sum(CODE_SCORED_METRICS.map(value)),
    total: sum(JUDGE_METRICS.map(value)),
    judge,
  };
}

/** Percent → the score line's 0–1, without float noise (66.67 → 0.6667, not 0.6667000000000001). */
function fraction(percent: number): number {
  return Math.round(percent * 1e7) / 1e9;
}

async function oneShot(
  session: ModelSession,
  subject: JudgeSubject,
  base: ScoreLine,
  key: string,
  options: JudgeOptions,
) {
  const tools = options.tools ?? DEFAULT_TOOL_DESCRIPTIONS;
  const prompts = options.prompts ?? promptSet();
  const judge = emptyRecord(session.model, "one-shot", base);
  judge.deterministic = deterministicOneShot(base);
  notePrompt(judge, prompts, "one-shot");
  const prompt = { key: `${key}|one_shot`, messages: oneShotPrompt(subject, tools, prompts.get("one-shot")) };
  const spec = oneShotSpec(
    subject.stepIds,
    subject.reference.steps.map((s) => s.id),
  );
  const value = record(judge, "one_shot", await askStructured(session, prompt, spec));
  for (const field of ["precision", "recall", "f1", "rating"] as const)
    judge.sources[field] = value ? "judge" : null;
  if (value)
    judge.contradictions.push(
      ...oneShotContradictions(value, subject.stepIds.length, subject.reference.steps.length),
    );
  const line: JudgedLine = {
    ...base,
    precision: value ? fraction(value.score.precision) : null,
    recall: value ? fraction(value.score.recall) : null,
    f1: value ? fraction(value.score.f1_score) : null,
    rating: value?.score.rating ?? null,
    tier: value ? tierOf(value.score.rating) : null,
    judge,
  };
  return line;
}

/** A plan with no readable step is not put to a judge: like `plan score`, code gives it 0 everywhere. */
function skipped(session: ModelSession, mode: JudgeMode, base: ScoreLine, reason: string): JudgedLine {
  const judge = emptyRecord(session.model, mode, base);
  judge.skipped = reason;
  const zero = Object.fromEntries(JUDGE_METRICS.map((m) => [m, 0]));
  for (const m of JUDGE_METRICS) judge.sources[m] = "code";
  if (mode === "one-shot") {
    judge.deterministic = deterministicOneShot(base);
    for (const field of ["precision", "recall", "f1", "rating"] as const) judge.sources[field] = "code";
  }
  return { ...base, ...zero, subtotal: 0, total: 0, judge };
}

/** Judges every plan; plans run side by side under the session's limit, results come back in input order. */
export async function judgePlans(
  session: ModelSession,
  inputs: readonly JudgeInput[],
  options: JudgeOptions,
): Promise<JudgedLine[]> {
  const tools = options.tools ?? DEFAULT_TOOL_DESCRIPTIONS;
  const work = workStream(options.reporters);
  work.onWorkStart({ label: options.workLabel ?? "plans judged", total: inputs.length });
  const lines = await Promise.all(
    inputs.map(async ({ record: plan, query, reference }) => {
      const base = scorePlan({
        candidate: plan.plan,
        reference,
        tools,
        query_id: plan.query_id,
        planner: plan.planner,
        prompt_type: plan.prompt_type,
      });
      const parsed = parsePlan(plan.plan);
      const key = `${plan.planner}|${plan.prompt_type}|${plan.query_id}`;
      let line: JudgedLine;
      if (!parsed.ok) line = skipped(session, options.mode, base, parsed.message);
      else {
        const candidate = typeof plan.plan === "string" ? plan.plan : JSON.stringify(plan.plan, null, 1);
        const subject = { query, candidate, stepIds: parsed.steps.map((s) => s.id), reference };
        line =
          options.mode === "one-shot"
            ? await oneShot(session, subject, base, key, options)
            : await metricWise(session, subject, base, key, options);
      }
      work.onItem({ ok: line.judge.failures.length === 0, key });
      return line;
    }),
  );
  work.onWorkEnd();
  return lines;
}

/** What a resumed `plan judge` must match in the earlier file: the judge, the mode, the metrics and the prompts. */
export interface JudgeRun {
  model: string;
  mode: JudgeMode;
  /** Metric-wise: the metrics asked. */
  metrics: readonly JudgeMetric[];
  prompts: PromptSet;
}

const planIdentity = (planner: string | null, promptType: string | null, queryId: string | number | null) =>
  `${planner}|${promptType}|${queryId === null ? "" : queryKey(queryId)}`;

/**
 * The replies an earlier `plan judge --out` file holds, by prompt key, after checking that every line is one this
 * run would write (a plan among its inputs, once; the same judge, mode, metrics and prompts). A reply that never
 * came (a request that failed, or its repair) has no entry, so the resumed run asks exactly those.
 */
export function judgeReplies(
  file: string,
  lines: readonly NumberedLine<JudgedLine>[],
  inputs: readonly JudgeInput[],
  run: JudgeRun,
): Replies {
  const plans = new Set(
    inputs.map(({ record }) => planIdentity(record.planner, record.prompt_type, record.query_id)),
  );
  const seen = new Set<string>();
  const replies = new Map<string, string>();
  const asked = run.mode === "one-shot" ? ["one_shot"] : [...run.metrics];
  for (const { line, record } of lines) {
    const identity = planIdentity(record.planner, record.prompt_type, record.query_id);
    const who = `plan ${record.query_id} (${record.planner}, ${record.prompt_type})`;
    if (!plans.has(identity)) throw notThisRun(file, line, `${who} is not among this run's --plans`);
    if (seen.has(identity)) throw notThisRun(file, line, `${who} appears twice`);
    seen.add(identity);
    const { judge } = record;
    if (judge.model !== run.model)
      throw notThisRun(file, line, `judged by ${judge.model}; this run asks ${run.model}`);
    if (judge.mode !== run.mode)
      throw notThisRun(file, line, `judged ${judge.mode}; this run judges ${run.mode}`);
    for (const [role, version] of Object.entries(judge.prompts)) {
      const now = run.prompts.get(role as PromptRole);
      if (now.sha256 !== version.sha256)
        throw notThisRun(
          file,
          line,
          `answers to another ${role} prompt (${version.source}, sha256 ${version.sha256.slice(0, 12)}…)`,
        );
    }
    if (judge.skipped !== null) continue;
    const answered = Object.keys(judge.answers).sort();
    if (answered.join(",") !== [...asked].sort().join(","))
      throw notThisRun(
        file,
        line,
        `judged on ${answered.join(", ") || "nothing"}; this run asks ${asked.join(", ")}`,
      );
    const key = `${record.planner}|${record.prompt_type}|${record.query_id}`;
    for (const [metric, answer] of Object.entries(judge.answers)) {
      const [first, repaired] = answer.raw;
      if (first !== undefined) replies.set(`${key}|${metric}`, first);
      if (repaired !== undefined) replies.set(`${key}|${metric}#repair`, repaired);
    }
  }
  return replies;
}
