/** The code's values in the one-shot judge's units (percentages), to show beside what the judge answered. */

import type { ScoreLine } from "../../plans/score-line.js";
import { METRIC_POINTS, type ViolationCode } from "../../plans/violations.js";

const PLACEHOLDER_CODES: readonly ViolationCode[] = [
  "malformed-placeholder",
  "placeholder-unknown-step",
  "dependency-without-placeholder",
  "missing-query-placeholder",
  "placeholder-without-dependency",
];

function percent(value: number | null): number | null {
  return value === null ? null : Math.round(value * 10000) / 100;
}

/** Share of steps (in percent) with no placeholder violation; null for a plan without steps. */
export function placeholderShare(line: ScoreLine): number | null {
  if (line.steps === 0) return line.parse_ok ? null : 0;
  const flawed = new Set(
    line.violations.filter((v) => v.step !== null && PLACEHOLDER_CODES.includes(v.code)).map((v) => v.step),
  );
  return percent((line.steps - flawed.size) / line.steps);
}

export function deterministicOneShot(line: ScoreLine): Record<string, number | string | null> {
  const share = (value: number | null, points: number) => (value === null ? null : percent(value / points));
  return {
    precision: percent(line.precision),
    recall: percent(line.recall),
    f1: percent(line.f1),
    rating: line.rating,
    format: share(line.format, METRIC_POINTS.format),
    dependencies: share(line.dependencies, METRIC_POINTS.dependencies),
    placeholders: placeholderShare(line),
  };
}
