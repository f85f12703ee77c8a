/** buildPlannerReport: per planner and prompt type, metric means with intervals, ratings, tiers and breakdowns. */

import { hashSeed } from "../../metrics/random.js";
import {
  type AggregateOptions,
  bootstrapMean,
  DEFAULT_AGGREGATE_OPTIONS,
  type MeanWithInterval,
} from "../aggregate.js";
import { JUDGE_METRICS } from "../judge-metrics.js";
import { inTier, RATINGS, type Rating, TIERS, type Tier } from "../rating.js";
import { queryKey } from "../records.js";
import {
  type QueryAttributes,
  REPORT_METRICS,
  type ReportLine,
  type ReportMetric,
  ratingOf,
} from "./inputs.js";
import { DIMENSIONS } from "./slices.js";

export interface GroupReport {
  planner: string | null;
  prompt_type: string | null;
  plans: number;
  /** Share of plans that parsed; null when the lines do not say. */
  parse_ok: number | null;
  metrics: Partial<Record<ReportMetric, MeanWithInterval>>;
  /** Plans with a rating; the shares below are over these. */
  rated: number;
  ratings: Record<Rating, number> | null;
  tiers: Record<Tier, number> | null;
  /** For judged lines: plans with a failed judge answer, failed answers, contradictions; null for code scores. */
  judge: JudgeTally | null;
}

export interface JudgeTally {
  /** Plans with at least one failed judge answer (their failed values are missing from the means). */
  failed_plans: number;
  failures: number;
  contradictions: number;
  /** Plans a judge was not asked about (no readable step: 0 by code). */
  skipped: number;
}

export interface SliceCell {
  plans: number;
  /** Null when the lines carry no overall score (ratings only). */
  score: MeanWithInterval | null;
  tiers: Record<Tier, number> | null;
}

export interface Breakdown {
  dimension: string;
  /** Each slice with the number of reference queries in it. */
  slices: { name: string; queries: number }[];
  groups: { planner: string | null; prompt_type: string | null; cells: SliceCell[] }[];
}

export interface PlannerReport {
  bootstrap: Required<AggregateOptions>;
  /** The metrics any line carries, in report order. */
  metrics: ReportMetric[];
  /** The overall score the breakdowns average: total when the lines have it, else subtotal, else F1. */
  score_field: ReportMetric | null;
  groups: GroupReport[];
  breakdowns: Breakdown[];
  /** Score lines whose query is not in the reference (left out of the breakdowns). */
  unmatched: number;
}

const values = (lines: readonly ReportLine[], field: ReportMetric) =>
  lines
    .flatMap((line) => (typeof line[field] === "number" ? [line[field] as number] : []))
    .sort((a, b) => a - b);

function mean(lines: readonly ReportLine[], field: ReportMetric, key: string, o: Required<AggregateOptions>) {
  return bootstrapMean(values(lines, field), hashSeed(`${key}\u0000${field}`, o.seed), o.samples, o.level);
}

function shares<T extends string>(
  names: readonly T[],
  count: (name: T) => number,
  whole: number,
): Record<T, number> {
  return Object.fromEntries(names.map((name) => [name, count(name) / whole])) as Record<T, number>;
}

function tiersOf(lines: readonly ReportLine[]): Record<Tier, number> | null {
  const rated = lines.flatMap((line) => {
    const rating = ratingOf(line);
    return rating === null ? [] : [rating];
  });
  if (rated.length === 0) return null;
  return shares(TIERS, (tier) => rated.filter((rating) => inTier(rating, tier)).length, rated.length);
}

function judgeTally(lines: readonly ReportLine[]): JudgeTally | null {
  const judged = lines.flatMap((line) => (line.judge ? [line.judge] : []));
  if (judged.length === 0) return null;
  return {
    failed_plans: judged.filter((j) => j.failures.length > 0).length,
    failures: judged.reduce((sum, j) => sum + j.failures.length, 0),
    contradictions: judged.reduce((sum, j) => sum + j.contradictions.length, 0),
    skipped: judged.filter((j) => j.skipped !== null && j.skipped !== undefined).length,
  };
}

function groupReport(
  lines: readonly ReportLine[],
  key: string,
  metrics: readonly ReportMetric[],
  o: Required<AggregateOptions>,
): GroupReport {
  const parsed = lines.filter((line) => line.parse_ok !== undefined);
  const rated = lines.filter((line) => ratingOf(line) !== null);
  return {
    planner: lines[0]?.planner ?? null,
    prompt_type: lines[0]?.prompt_type ?? null,
    plans: lines.length,
    parse_ok: parsed.length === 0 ? null : parsed.filter((line) => line.parse_ok).length / parsed.length,
    metrics: Object.fromEntries(metrics.map((field) => [field, mean(lines, field, key, o)])),
    rated: rated.length,
    ratings:
      rated.length === 0
        ? null
        : shares(RATINGS, (r) => rated.filter((l) => ratingOf(l) === r).length, rated.length),
    tiers: tiersOf(lines),
    judge: judgeTally(lines),
  };
}

function grouped(lines: readonly ReportLine[]): Map<string, ReportLine[]> {
  const groups = new Map<string, ReportLine[]>();
  for (const line of lines) {
    const key = JSON.stringify([line.planner, line.prompt_type]);
    const group = groups.get(key);
    if (group) group.push(line);
    else groups.set(key, [line]);
  }
  return new Map([...groups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function breakdowns(
  groups: ReadonlyMap<string, ReportLine[]>,
  attributes: ReadonlyMap<string, QueryAttributes>,
  field: ReportMetric | null,
  o: Required<AggregateOptions>,
): Breakdown[] {
  const queries = [...attributes.values()];
  return DIMENSIONS.map((dimension) => ({
    dimension: dimension.name,
    slices: dimension.slices.map((slice) => ({
      name: slice.name,
      queries: queries.filter(slice.holds).length,
    })),
    groups: [...groups.entries()].map(([key, lines]) => ({
      planner: lines[0]?.planner ?? null,
      prompt_type: lines[0]?.prompt_type ?? null,
      cells: dimension.slices.map((slice) => {
        const inSlice = lines.filter((line) => {
          const query = attributes.get(queryKey(line.query_id));
          return query !== undefined && slice.holds(query);
        });
        const seedKey = `${key}\u0000${dimension.name}\u0000${slice.name}`;
        const score = field === null ? null : mean(inSlice, field, seedKey, o);
        return { plans: inSlice.length, score, tiers: tiersOf(inSlice) };
      }),
    })),
  }));
}

/**
 * A judged line keeps only the values its judge (or, for metrics not asked, the code) stands behind, as its
 * `judge.sources` says: the code's F1 and rating ride along on a metric-wise line and the code's metrics on a
 * one-shot line, and averaging them would pass code off as the judge's verdict.
 */
export function ownValues(line: ReportLine): ReportLine {
  if (!line.judge) return line;
  const sources = line.judge.sources;
  const own = (field: string) => sources[field] === "judge" || sources[field] === "code";
  const copy: ReportLine = { ...line };
  for (const field of [...JUDGE_METRICS, "precision", "recall", "f1"] as const)
    if (!own(field)) (copy as Record<string, unknown>)[field] = null;
  if (!own("rating")) copy.rating = null;
  if (!JUDGE_METRICS.every(own)) {
    copy.total = null;
    copy.subtotal = null;
  }
  return copy;
}

/** Groups are sorted by planner and prompt type, and values before resampling, so input order never matters. */
export function buildPlannerReport(
  input: readonly ReportLine[],
  attributes: ReadonlyMap<string, QueryAttributes> | null,
  options: AggregateOptions = {},
): PlannerReport {
  const o = { ...DEFAULT_AGGREGATE_OPTIONS, ...options };
  const lines = input.map(ownValues);
  const metrics = REPORT_METRICS.map(([field]) => field).filter((field) =>
    lines.some((l) => typeof l[field] === "number"),
  );
  const scoreField = (["total", "subtotal", "f1"] as const).find((field) => metrics.includes(field)) ?? null;
  const groups = grouped(lines);
  return {
    bootstrap: o,
    metrics,
    score_field: scoreField,
    groups: [...groups.entries()].map(([key, group]) => groupReport(group, key, metrics, o)),
    breakdowns: attributes ? breakdowns(groups, attributes, scoreField, o) : [],
    unmatched: attributes ? lines.filter((line) => !attributes.has(queryKey(line.query_id))).length : 0,
  };
}
