/** Labels, scales and number formats of the HTML planner report; numbers are written as the terminal writes them. */

import type { MeanWithInterval } from "../../aggregate.js";
import { JUDGE_POINTS } from "../../judge-metrics.js";
import { METRIC_POINTS } from "../../violations.js";
import type { ReportMetric } from "../inputs.js";
import { fixed } from "../numbers.js";

// The same number formats as the terminal and Markdown views.
export { fixed, percent } from "../numbers.js";

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** The top of each metric's scale (the paper's points; F1 is a fraction): the length of a full bar. */
export const METRIC_MAX: Record<ReportMetric, number> = {
  ...JUDGE_POINTS,
  total: 100,
  subtotal: sum(Object.values(METRIC_POINTS)),
  f1: 1,
};

const LABELS: Record<ReportMetric, string> = {
  format: "format",
  tool_prompt_alignment: "tool–prompt alignment",
  step_executability: "step executability",
  query_adherence: "query adherence",
  dependencies: "dependencies",
  redundancy: "redundancy",
  tool_usage_completeness: "tool usage completeness",
  total: "total",
  subtotal: "subtotal (code metrics)",
  f1: "step F1",
};

export const metricLabel = (field: ReportMetric | null) => (field === null ? "score" : LABELS[field]);

/** The bootstrap interval as "low–high", or a dash. */
export function interval(field: ReportMetric | null, m: MeanWithInterval | null | undefined): string {
  if (!m || m.mean === null) return "–";
  return `${fixed(field, m.low)}–${fixed(field, m.high)}`;
}

/** "mean (low–high)", the Markdown view's cell. */
export function withInterval(field: ReportMetric | null, m: MeanWithInterval | null | undefined): string {
  if (!m || m.mean === null) return "–";
  return `${fixed(field, m.mean)} (${interval(field, m)})`;
}

/** A value's place on its scale, clamped to [0, 1]. */
export function onScale(value: number, max: number): number {
  return max > 0 ? Math.min(1, Math.max(0, value / max)) : 0;
}
