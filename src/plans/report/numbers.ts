/** How the planner report writes numbers, in every view: one decimal, two for F1, whole percentages, a dash for none. */
import type { ReportMetric } from "./inputs.js";

export function fixed(field: ReportMetric | null, value: number | null | undefined): string {
  if (value === null || value === undefined) return "–";
  return value.toFixed(field === "f1" ? 2 : 1);
}

export function percent(value: number | null | undefined): string {
  return value === null || value === undefined ? "–" : `${Math.round(value * 100)}%`;
}
