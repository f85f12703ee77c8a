/** Agreement between two raters: confusion matrices, Cohen's κ, weighted κ, per-label P/R/F1, Spearman ρ, bootstrap. */
import { quantileSorted, sampleRankCorrelation } from "simple-statistics";

/** counts[i][j]: items the first rater (gold) put in category i and the second (judged) in category j. */
export type ConfusionMatrix = number[][];

/** Categories are indices 0..k−1; a value outside that range is a caller bug, not data. */
export function confusionMatrix(
  gold: readonly number[],
  judged: readonly number[],
  k: number,
): ConfusionMatrix {
  if (gold.length !== judged.length) throw new Error("confusionMatrix: gold and judged differ in length");
  const counts = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  gold.forEach((g, index) => {
    const j = judged[index] as number;
    const row = counts[g];
    if (row === undefined || j < 0 || j >= k) throw new Error(`confusionMatrix: category out of 0..${k - 1}`);
    row[j] = (row[j] ?? 0) + 1;
  });
  return counts;
}

function cell(counts: ConfusionMatrix, i: number, j: number): number {
  return counts[i]?.[j] ?? 0;
}

/**
 * κ_w = 1 − Σ w·O / Σ w·E, where E is the table expected from the margins; null when Σ w·E is 0 (both raters
 * used one category only, so chance agreement is certain and κ is undefined).
 */
export function weightedKappaFromMatrix(
  counts: ConfusionMatrix,
  weight: (i: number, j: number) => number,
): number | null {
  const k = counts.length;
  const rows = counts.map((row) => row.reduce((a, b) => a + b, 0));
  const columns = Array.from({ length: k }, (_, j) => counts.reduce((sum, row) => sum + (row[j] ?? 0), 0));
  const n = rows.reduce((a, b) => a + b, 0);
  if (n === 0) return null;
  let observed = 0;
  let expected = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const w = weight(i, j);
      observed += w * cell(counts, i, j);
      expected += (w * (rows[i] ?? 0) * (columns[j] ?? 0)) / n;
    }
  }
  return expected === 0 ? null : 1 - observed / expected;
}

/** Cohen's κ: the weighted form with 0/1 disagreement weights, which equals (p_o − p_e) / (1 − p_e). */
export function cohenKappa(counts: ConfusionMatrix): number | null {
  return weightedKappaFromMatrix(counts, (i, j) => (i === j ? 0 : 1));
}

/** Quadratically weighted κ for K ordered categories: w_ij = ((i − j) / (K − 1))². */
export function quadraticKappa(counts: ConfusionMatrix): number | null {
  const k = counts.length;
  if (k < 2) return null;
  return weightedKappaFromMatrix(counts, (i, j) => ((i - j) / (k - 1)) ** 2);
}

/** Share of items on the diagonal; null for an empty table. */
export function observedAgreement(counts: ConfusionMatrix): number | null {
  let total = 0;
  let diagonal = 0;
  counts.forEach((row, i) => {
    row.forEach((value, j) => {
      total += value;
      if (i === j) diagonal += value;
    });
  });
  return total === 0 ? null : diagonal / total;
}

export interface LabelScores {
  /** Items gold put in this category ("# annotator assigned" in the paper's tables). */
  gold: number;
  judged: number;
  overlap: number;
  /** overlap / judged; null when the judged rater never used the label. */
  precision: number | null;
  /** overlap / gold; null when gold never used the label. */
  recall: number | null;
  f1: number | null;
}

/** Precision, recall and F1 of one category, with gold as the reference. */
export function labelScores(counts: ConfusionMatrix, label: number): LabelScores {
  const gold = (counts[label] ?? []).reduce((a, b) => a + b, 0);
  const judged = counts.reduce((sum, row) => sum + (row[label] ?? 0), 0);
  const overlap = cell(counts, label, label);
  const precision = judged === 0 ? null : overlap / judged;
  const recall = gold === 0 ? null : overlap / gold;
  const f1 =
    precision === null || recall === null
      ? null
      : precision + recall === 0
        ? 0
        : (2 * precision * recall) / (precision + recall);
  return { gold, judged, overlap, precision, recall, f1 };
}

/**
 * Spearman ρ with tied values given their average rank (simple-statistics does this); null below two pairs or
 * when either side has no rank variance, where ρ is undefined.
 */
export function spearman(x: readonly number[], y: readonly number[]): number | null {
  if (x.length !== y.length) throw new Error("spearman: x and y differ in length");
  if (x.length < 2) return null;
  const rho = sampleRankCorrelation([...x], [...y]);
  return Number.isFinite(rho) ? rho : null;
}

export interface BootstrapOptions {
  samples: number;
  /** Coverage, e.g. 0.95. */
  level: number;
  /** Uniform in [0, 1); pass a seeded generator so intervals are reproducible. */
  random: () => number;
}

export interface Interval {
  low: number | null;
  high: number | null;
  /** Resamples where the statistic was defined (κ is undefined when a resample holds one category only). */
  defined: number;
}

/**
 * Percentile bootstrap over `size` units: each resample draws `size` unit indices with replacement and hands them to
 * `statistic`. Undefined statistics (null) are left out of the percentiles and counted in `defined`.
 */
export function bootstrapInterval(
  size: number,
  statistic: (indices: readonly number[]) => number | null,
  options: BootstrapOptions,
): Interval {
  if (size === 0) return { low: null, high: null, defined: 0 };
  const values: number[] = [];
  const indices = new Array<number>(size);
  for (let s = 0; s < options.samples; s++) {
    for (let i = 0; i < size; i++) indices[i] = Math.floor(options.random() * size);
    const value = statistic(indices);
    if (value !== null && Number.isFinite(value)) values.push(value);
  }
  if (values.length === 0) return { low: null, high: null, defined: 0 };
  values.sort((a, b) => a - b);
  const tail = (1 - options.level) / 2;
  return {
    low: quantileSorted(values, tail),
    high: quantileSorted(values, 1 - tail),
    defined: values.length,
  };
}
