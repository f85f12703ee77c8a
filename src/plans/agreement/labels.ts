/** Item-level agreement on one metric: exact agreement, Cohen's κ, weighted κ and per-label precision/recall/F1. */
import {
  cohenKappa,
  confusionMatrix,
  type LabelScores,
  labelScores,
  quadraticKappa,
} from "../../metrics/agreement.js";
import { RATINGS } from "../rating.js";
import { type BootstrapSettings, type Estimate, estimate } from "./estimate.js";
import type { MetricSpec, Pair } from "./pairs.js";

export interface LabelAgreement extends LabelScores {
  label: string;
  /** F1 with its bootstrap interval. */
  f1_interval: Estimate;
}

export interface ItemAgreement {
  /** Share of plans where both sides give the same value. */
  exact: Estimate;
  /** Mean |judged − gold| (scores only; null for the rating). */
  mean_abs_difference: number | null;
  /** Over the rating's seven categories, or over pass/fail for a score. */
  kappa: Estimate;
  /** Quadratic weights over the rating's seven ordered categories; null for scores. */
  weighted_kappa: Estimate | null;
  labels: LabelAgreement[];
}

/** Scores are compared as numbers: 7.5 from one side and 7.500000001 from another are the same value. */
function same(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-6;
}

/** The category of a value: its rating index, or for a score 1 (pass: full points) and 0 (fail: a violation). */
function categories(metric: MetricSpec): { names: string[]; of: (value: number) => number } {
  if (metric.kind === "rating") return { names: [...RATINGS], of: (value) => value };
  return { names: ["fail", "pass"], of: (value) => (same(value, metric.full) ? 1 : 0) };
}

export function itemAgreement(
  metric: MetricSpec,
  pairs: readonly Pair[],
  settings: BootstrapSettings,
): ItemAgreement {
  const { names, of } = categories(metric);
  const gold = pairs.map((pair) => of(pair.gold));
  const judged = pairs.map((pair) => of(pair.judged));
  const matrix = (indices: readonly number[]) =>
    confusionMatrix(
      indices.map((i) => gold[i] as number),
      indices.map((i) => judged[i] as number),
      names.length,
    );
  const name = (statistic: string) => `${metric.name}\u0000${statistic}`;
  const exactValues = pairs.map((pair) => (same(pair.gold, pair.judged) ? 1 : 0));
  const exact = estimate(
    name("exact"),
    pairs.length,
    (indices) => indices.reduce((sum, i) => sum + (exactValues[i] ?? 0), 0) / indices.length,
    settings,
  );
  const full = matrix(pairs.map((_, i) => i));
  return {
    exact,
    mean_abs_difference:
      metric.kind === "rating" || pairs.length === 0
        ? null
        : pairs.reduce((sum, pair) => sum + Math.abs(pair.judged - pair.gold), 0) / pairs.length,
    kappa: estimate(name("kappa"), pairs.length, (indices) => cohenKappa(matrix(indices)), settings),
    weighted_kappa:
      metric.kind === "rating"
        ? estimate(
            name("weighted_kappa"),
            pairs.length,
            (indices) => quadraticKappa(matrix(indices)),
            settings,
          )
        : null,
    labels: names.map((label, index) => ({
      label,
      ...labelScores(full, index),
      f1_interval: estimate(
        name(`f1:${label}`),
        pairs.length,
        (indices) => labelScores(matrix(indices), index).f1,
        settings,
      ),
    })),
  };
}
