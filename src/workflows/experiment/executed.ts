/**
 * The execute stage of `plan experiment`, as the plans layer sees it: the answer lines it produces (R1 no plan, R2
 * the best plan, R3 a planner's plan, each executed), the responses the answer judge compares, answer accuracy
 * against the ground truth, and the correlation between plan scores and answer correctness. The stage itself (the
 * workspace, the executors) lives in the planning layer and is handed to runExperiment by the command.
 */

import type { QueryRecord } from "../../plans/query-records.js";
import { RATINGS } from "../../plans/rating.js";
import type { PlanRecord } from "../../plans/records.js";
import { queryKey } from "../../plans/records.js";
import type { WorkReporter } from "../../runner/reporters/work.js";
import type { ModelSession } from "../../runner/session.js";
import type { ExecuteConfig } from "./config-schema.js";

export const ANSWER_SOURCES = ["R1", "R2", "R3"] as const;
export type AnswerSource = (typeof ANSWER_SOURCES)[number];

/** One executed answer as the experiment reads it; the stage's file keeps every step's trace beside these fields. */
export interface ExecutedLine {
  source: AnswerSource;
  /** R3 only: whose plan, with which prompt type. */
  planner: string | null;
  prompt_type: string | null;
  query_id: string;
  query: string;
  status: "answered" | "failed";
  /** Null whenever the plan (or R1's loop) failed: a failure is counted, never an answer. */
  answer: string | null;
  error: string | null;
  /** Against the ground truth; null when the query has no reference answer (subjective). */
  correct: boolean | null;
}

export interface ExecuteStageInput {
  config: ExecuteConfig;
  queries: readonly QueryRecord[];
  plans: readonly PlanRecord[];
  session: ModelSession;
  /** The executing model's label: part of the journal's identity. */
  label: string;
  /** The stage's journal: finished steps and tool calls, so that a re-run resumes (docs/workspace.md). */
  journal: string;
  signal: AbortSignal;
  /** Listeners to the stage's work: R1's queries, then the plans. */
  reporters: readonly WorkReporter[];
}

export interface ExecuteStageOutput {
  /** R1 and R2 once per query, R3 once per plan; the full lines (with traces) to write. */
  lines: (ExecutedLine & Record<string, unknown>)[];
  notes: string[];
}

export type ExecuteStage = (input: ExecuteStageInput) => Promise<ExecuteStageOutput>;

/** The key of an R3 group: planner and prompt type. */
export const groupKey = (planner: string | null, promptType: string | null) =>
  `${planner ?? "–"}\u0000${promptType ?? "–"}`;

export interface JudgedResponses {
  query_id: string;
  query: string;
  planner: string | null;
  prompt_type: string | null;
  responses: Record<string, string>;
  /** Sources left out because their execution failed (shown, never judged as an answer). */
  failed: AnswerSource[];
}

/**
 * The paper's three-way comparison from executed answers: for each R3 plan, R1 and R2 of its query beside it.
 * A failed answer is left out of the comparison and named; fewer than two answers left means no judgement.
 */
export function responsesFrom(lines: readonly ExecutedLine[]): {
  records: JudgedResponses[];
  unjudgeable: JudgedResponses[];
} {
  const bySource = (source: AnswerSource) =>
    new Map(lines.filter((l) => l.source === source).map((l) => [queryKey(l.query_id), l]));
  const r1 = bySource("R1");
  const r2 = bySource("R2");
  const records: JudgedResponses[] = [];
  const unjudgeable: JudgedResponses[] = [];
  for (const r3 of lines.filter((l) => l.source === "R3")) {
    const id = queryKey(r3.query_id);
    const trio: [AnswerSource, ExecutedLine | undefined][] = [
      ["R1", r1.get(id)],
      ["R2", r2.get(id)],
      ["R3", r3],
    ];
    const responses: Record<string, string> = {};
    const failed: AnswerSource[] = [];
    for (const [source, line] of trio)
      if (line?.status === "answered" && line.answer !== null) responses[source] = line.answer;
      else failed.push(source);
    const record = {
      query_id: id,
      query: r3.query,
      planner: r3.planner,
      prompt_type: r3.prompt_type,
      responses,
      failed,
    };
    (Object.keys(responses).length >= 2 ? records : unjudgeable).push(record);
  }
  return { records, unjudgeable };
}

export interface AccuracyRow {
  source: AnswerSource;
  planner: string | null;
  prompt_type: string | null;
  answers: number;
  failed: number;
  /** Answers whose query has a reference (failed ones included: a failed answer is not correct). */
  with_reference: number;
  correct: number;
  accuracy: number | null;
}

/** Answer accuracy per source (R3 per planner and prompt type), in the order R1, R2, then the R3 groups sorted. */
export function accuracyRows(lines: readonly ExecutedLine[]): AccuracyRow[] {
  const groups = new Map<string, ExecutedLine[]>();
  for (const line of lines) {
    const key = `${line.source}\u0000${line.source === "R3" ? groupKey(line.planner, line.prompt_type) : ""}`;
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  return [...groups.keys()].sort().map((key) => {
    const group = groups.get(key) as ExecutedLine[];
    const first = group[0] as ExecutedLine;
    const referenced = group.filter((l) => l.correct !== null);
    const correct = referenced.filter((l) => l.correct === true).length;
    return {
      source: first.source,
      planner: first.source === "R3" ? first.planner : null,
      prompt_type: first.source === "R3" ? first.prompt_type : null,
      answers: group.length,
      failed: group.filter((l) => l.status !== "answered").length,
      with_reference: referenced.length,
      correct,
      accuracy: referenced.length === 0 ? null : correct / referenced.length,
    };
  });
}

/** Below this many pairs a correlation is printed with a warning: it says little more than its sign. */
export const SMALL_N = 30;

export interface Correlation {
  score: string;
  source: string;
  /** Pairs: R3 answers with a reference whose plan has this score. */
  n: number;
  /** Point-biserial r (Pearson's r with correctness as 0/1); null when either side does not vary. */
  r: number | null;
  mean_correct: number | null;
  mean_incorrect: number | null;
}

/** Pearson's r; with one variable 0/1 it is the point-biserial coefficient. Null when a side has no variance. */
export function pearson(xs: readonly number[], ys: readonly number[]): number | null {
  const n = xs.length;
  if (n < 2) return null;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = (xs[i] as number) - mx;
    const dy = (ys[i] as number) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx === 0 || syy === 0) return null;
  return sxy / Math.sqrt(sxx * syy);
}

/** The plan scores correlated with correctness: F1, the rating (1 = Extremely Bad … 7), the overall score, the seven metrics. */
export const CORRELATED_SCORES = [
  "f1",
  "rating",
  "total",
  "format",
  "dependencies",
  "redundancy",
  "tool_usage_completeness",
  "step_executability",
  "tool_prompt_alignment",
  "query_adherence",
] as const;

function numeric(line: Record<string, unknown>, field: string): number | null {
  const value = line[field];
  if (field === "rating") {
    const index = RATINGS.indexOf(value as (typeof RATINGS)[number]);
    return index === -1 ? null : index + 1;
  }
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/**
 * Does the evaluator predict what execution returns? Each R3 answer with a reference is paired with its plan's
 * score line (by query, planner and prompt type) from one scorer (code, or a judge).
 */
export function scoreCorrelations(
  lines: readonly ExecutedLine[],
  scores: readonly Record<string, unknown>[],
  source: string,
): Correlation[] {
  const byPlan = new Map(
    scores.map((s) => [
      `${queryKey((s.query_id as string | number | null) ?? "")}\u0000${groupKey(
        (s.planner as string | null) ?? null,
        (s.prompt_type as string | null) ?? null,
      )}`,
      s,
    ]),
  );
  const paired = lines.flatMap((line) => {
    if (line.source !== "R3" || line.correct === null) return [];
    const score = byPlan.get(`${queryKey(line.query_id)}\u0000${groupKey(line.planner, line.prompt_type)}`);
    return score ? [{ correct: line.correct ? 1 : 0, score }] : [];
  });
  return CORRELATED_SCORES.map((field) => {
    const pairs = paired.flatMap((p) => {
      const value = numeric(p.score, field);
      return value === null ? [] : [{ x: value, y: p.correct }];
    });
    const mean = (values: number[]) =>
      values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
    return {
      score: field,
      source,
      n: pairs.length,
      r: pearson(
        pairs.map((p) => p.x),
        pairs.map((p) => p.y),
      ),
      mean_correct: mean(pairs.filter((p) => p.y === 1).map((p) => p.x)),
      mean_incorrect: mean(pairs.filter((p) => p.y === 0).map((p) => p.x)),
    };
  });
}
