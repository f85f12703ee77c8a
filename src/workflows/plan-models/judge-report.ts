/** The judge report: counts of failures and contradictions, judge–code agreement per metric, and planner means. */

import { JUDGE_METRICS } from "../../plans/judge-metrics.js";
import { inTier, RATINGS, type Rating, ratingFromF1, type TIERS } from "../../plans/rating.js";
import type { JudgedLine, JudgeMode } from "./judge-line.js";

export interface MetricAgreement {
  metric: string;
  /** Plans where both the judge and the code have a value. */
  n: number;
  /** Share of those where the two are equal (ratings: the same rating). */
  exact: number | null;
  /** Mean absolute difference (metric points; percentages; rating steps). */
  mean_abs_diff: number | null;
  /** The code checks only part of the judge's rule, so some disagreement is expected. */
  partial: boolean;
}

export interface GroupSummary {
  planner: string | null;
  prompt_type: string | null;
  plans: number;
  /** Plans whose every judge answer was usable; the means of a metric are over the plans with a value for it. */
  fully_judged: number;
  means: Record<string, number | null>;
}

export interface JudgeReport {
  judge_model: string | null;
  mode: JudgeMode | null;
  plans: number;
  skipped: number;
  /** Plans with at least one failed judge answer. */
  failed_plans: number;
  failures: { total: number; by_code: Record<string, number> };
  /** One-shot: ratings that depart from the paper's F1 guide (allowed: the rating is a judgement), of those rated. */
  rating_departures: { count: number; rated: number } | null;
  contradictions: { total: number; by_code: Record<string, number> };
  agreement: MetricAgreement[];
  groups: GroupSummary[];
}

const METRIC_WISE_CODE = [
  "format",
  "dependencies",
  "redundancy",
  "tool_usage_completeness",
  "step_executability",
];
const PARTIAL = new Set(["redundancy", "step_executability"]);
const ONE_SHOT_FIELDS = ["precision", "recall", "f1", "format", "dependencies", "placeholders", "rating"];

/** The one-shot answer's key for each field of the code's values. */
const ONE_SHOT_ANSWER_KEYS: Record<string, string> = { f1: "f1_score", format: "format_correctness" };

function ratingDepartures(lines: readonly JudgedLine[]): { count: number; rated: number } {
  const rated = lines.filter((l) => l.judge.sources.rating === "judge" && l.rating !== null && l.f1 !== null);
  const count = rated.filter((l) => l.rating !== ratingFromF1(l.f1 as number)).length;
  return { count, rated: rated.length };
}

function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
}

function countBy(codes: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const code of [...codes].sort()) counts[code] = (counts[code] ?? 0) + 1;
  return counts;
}

/** The judged value of a field in the units the code's value beside it uses. */
function judgedValue(line: JudgedLine, field: string): number | string | null {
  if (line.judge.mode === "metric-wise") {
    if (line.judge.sources[field as keyof typeof line.judge.sources] !== "judge") return null;
    return line[field as keyof JudgedLine] as number | null;
  }
  const answer = line.judge.answers.one_shot?.value as { score?: Record<string, unknown> } | null | undefined;
  const value = answer?.score?.[ONE_SHOT_ANSWER_KEYS[field] ?? field];
  return typeof value === "number" || typeof value === "string" ? value : null;
}

function agreementOf(lines: readonly JudgedLine[], field: string): MetricAgreement {
  const diffs: number[] = [];
  for (const line of lines) {
    const judged = judgedValue(line, field);
    const code = line.judge.deterministic[field];
    if (judged === null || code === null || code === undefined) continue;
    if (typeof judged === "string" || typeof code === "string")
      diffs.push(Math.abs(RATINGS.indexOf(judged as Rating) - RATINGS.indexOf(code as Rating)));
    else diffs.push(Math.abs(judged - code));
  }
  return {
    metric: field,
    n: diffs.length,
    exact: mean(diffs.map((d) => (d < 0.01 ? 1 : 0))),
    mean_abs_diff: mean(diffs),
    partial: field !== "rating" && lines[0]?.judge.mode === "metric-wise" && PARTIAL.has(field),
  };
}

function groupMeans(lines: readonly JudgedLine[], mode: JudgeMode | null): Record<string, number | null> {
  const of = (pick: (line: JudgedLine) => number | null) =>
    mean(lines.map(pick).filter((v): v is number => v !== null));
  if (mode === "one-shot") {
    const rated = lines.filter((l) => l.rating !== null);
    const share = (tier: (typeof TIERS)[number]) =>
      rated.length === 0 ? null : rated.filter((l) => inTier(l.rating as Rating, tier)).length / rated.length;
    return { f1: of((l) => l.f1), "A+": share("A+"), A: share("A"), B: share("B") };
  }
  const means: Record<string, number | null> = {};
  for (const metric of JUDGE_METRICS) means[metric] = of((l) => l[metric]);
  means.total = of((l) => l.total);
  return means;
}

export function judgeReport(lines: readonly JudgedLine[]): JudgeReport {
  const mode = lines[0]?.judge.mode ?? null;
  const fields = mode === "one-shot" ? ONE_SHOT_FIELDS : METRIC_WISE_CODE;
  const groups = new Map<string, JudgedLine[]>();
  for (const line of lines) {
    const key = JSON.stringify([line.planner, line.prompt_type]);
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  const failures = lines.flatMap((l) => l.judge.failures.map((f) => f.code));
  const contradictions = lines.flatMap((l) => l.judge.contradictions.map((c) => `${c.metric}:${c.code}`));
  return {
    judge_model: lines[0]?.judge.model ?? null,
    mode,
    plans: lines.length,
    skipped: lines.filter((l) => l.judge.skipped !== null).length,
    failed_plans: lines.filter((l) => l.judge.failures.length > 0).length,
    rating_departures: mode === "one-shot" ? ratingDepartures(lines) : null,
    failures: { total: failures.length, by_code: countBy(failures) },
    contradictions: { total: contradictions.length, by_code: countBy(contradictions) },
    agreement: fields.map((field) => agreementOf(lines, field)),
    groups: [...groups.keys()].sort().map((key) => {
      const members = groups.get(key) ?? [];
      const first = members[0];
      return {
        planner: first?.planner ?? null,
        prompt_type: first?.prompt_type ?? null,
        plans: members.length,
        fully_judged: members.filter((l) => l.judge.failures.length === 0).length,
        means: groupMeans(members, mode),
      };
    }),
  };
}
