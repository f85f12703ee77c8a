/**
 * Before and after the evaluator → optimizer loop (the paper's Table 4): the rating distribution of the plans the
 * loop started from and of the plans it ended with, as counts and shares of rated plans, plus the overall score.
 * Both sides are score or judged lines; failed judgements (no rating) are counted apart, never as a rating.
 */
import { renderTable } from "../../report/table.js";
import { RATINGS, type Rating } from "../rating.js";
import type { ReportLine } from "./inputs.js";
import { percent } from "./numbers.js";

export interface LoopSide {
  plans: number;
  rated: number;
  /** Plans without a rating (a failed judgement or an unrated score line). */
  unrated: number;
  counts: Record<Rating, number>;
  mean_total: number | null;
}

export interface LoopComparison {
  before: LoopSide;
  after: LoopSide;
}

function side(lines: readonly ReportLine[]): LoopSide {
  const rated = lines.flatMap((l) => (l.rating ? [l.rating] : []));
  const totals = lines.flatMap((l) => (typeof l.total === "number" ? [l.total] : []));
  return {
    plans: lines.length,
    rated: rated.length,
    unrated: lines.length - rated.length,
    counts: Object.fromEntries(RATINGS.map((r) => [r, rated.filter((x) => x === r).length])) as Record<
      Rating,
      number
    >,
    mean_total: totals.length === 0 ? null : totals.reduce((a, b) => a + b, 0) / totals.length,
  };
}

export function compareLoop(before: readonly ReportLine[], after: readonly ReportLine[]): LoopComparison {
  return { before: side(before), after: side(after) };
}

export function renderLoop(loop: LoopComparison, markdown: boolean): string {
  const share = (s: LoopSide, r: Rating) => (s.rated === 0 ? null : s.counts[r] / s.rated);
  const rows = RATINGS.map((r) => [
    r,
    String(loop.before.counts[r]),
    percent(share(loop.before, r)),
    String(loop.after.counts[r]),
    percent(share(loop.after, r)),
  ]);
  rows.push(["not rated", String(loop.before.unrated), "", String(loop.after.unrated), ""]);
  const mean = (s: LoopSide) => (s.mean_total === null ? "–" : s.mean_total.toFixed(2));
  rows.push(["mean total", mean(loop.before), "", mean(loop.after), ""]);
  return renderTable(
    ["rating", "before #", "before %", "after #", "after %"].map((header, i) => ({
      header,
      align: i === 0 ? ("left" as const) : ("right" as const),
    })),
    rows,
    { color: false, markdown },
  ).trimEnd();
}
