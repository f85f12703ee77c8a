/**
 * The planner report's charts, drawn as inline SVG from the PlannerReport (the page allows no script and no style
 * attribute, so colours are SVG fill attributes and text takes the stylesheet's classes): the rating distribution
 * of every planner × prompt-type group as stacked bars, and the seven metrics' means per group as grouped bars.
 */
import { html, type SafeHtml } from "../../../render/escape.js";
import { truncate } from "../../../sanitize.js";
import { JUDGE_METRICS } from "../../judge-metrics.js";
import { RATINGS } from "../../rating.js";
import type { PlannerReport } from "../build.js";
import type { LineageCurve } from "../lineage-curve.js";
import { groupColor, RATING_COLORS, ratingLegend, swatch } from "./charts.js";
import { fixed, METRIC_MAX, metricLabel, onScale, percent, withInterval } from "./format.js";
import type { RankedGroup } from "./sections.js";

const px = (n: number) => n.toFixed(1);
const LABEL_WIDTH = 220;
const PLOT_WIDTH = 380;
const VALUE_WIDTH = 60;
const WIDTH = LABEL_WIDTH + PLOT_WIDTH + VALUE_WIDTH;
/** Names longer than this are cut on the chart (the full name is in the mark's tooltip and in every table). */
const LABEL_CHARS = 30;

const nameOf = (r: RankedGroup) => `${r.group.planner ?? "–"} · ${r.group.prompt_type ?? "–"}`;

function key(text: string, x: number, y: number): SafeHtml {
  return html`<text x="${x}" y="${px(y)}" text-anchor="end" class="key"><title>${text}</title>${truncate(text, LABEL_CHARS)}</text>`;
}

/** One stacked bar per rated group, worst rating on the left, in leaderboard order. */
export function ratingChart(ranked: readonly RankedGroup[]): SafeHtml | "" {
  const rated = ranked.filter((r) => r.group.rated > 0 && r.group.ratings !== null);
  if (rated.length === 0) return "";
  const row = 22;
  const height = rated.length * row + 4;
  const rows = rated.map((r, k) => {
    const y = 2 + k * row;
    let left = LABEL_WIDTH;
    const segments = RATINGS.map((rating) => {
      const share = r.group.ratings?.[rating] ?? 0;
      const x = left;
      left += share * PLOT_WIDTH;
      if (share <= 0) return "";
      return html`<rect class="segment" data-rating="${rating}" x="${px(x)}" y="${y}" width="${px(share * PLOT_WIDTH)}" height="${row - 6}" fill="${RATING_COLORS[rating]}"><title>${nameOf(r)} · ${rating}: ${percent(share)} of ${r.group.rated} rated</title></rect>`;
    });
    return html`<g class="rating-row" data-group="${r.index}">${key(nameOf(r), LABEL_WIDTH - 8, y + 12)}${segments}<text x="${WIDTH - 4}" y="${px(y + 12)}" text-anchor="end" class="value">n ${r.group.rated}</text></g>`;
  });
  return html`<figure class="chart" id="chart-ratings"><figcaption>Rating distribution per planner and prompt type</figcaption>${ratingLegend()}<svg viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" role="img" aria-label="rating distribution per planner and prompt type">${rows}</svg></figure>`;
}

/** For each of the seven metrics present, one bar per group: its mean on the metric's scale (the paper's points). */
export function metricChart(report: PlannerReport, ranked: readonly RankedGroup[]): SafeHtml | "" {
  const metrics = JUDGE_METRICS.filter((m) => report.metrics.includes(m));
  if (metrics.length === 0) return "";
  const bar = ranked.length <= 2 ? 12 : ranked.length <= 5 ? 9 : 6;
  const block = ranked.length * (bar + 2) + 12;
  const height = metrics.length * block + 4;
  const blocks = metrics.map((metric, k) => {
    const top = 4 + k * block;
    const bars = ranked.map((r, i) => {
      const m = r.group.metrics[metric];
      const y = top + i * (bar + 2);
      if (!m || m.mean === null)
        return html`<text x="${LABEL_WIDTH + 4}" y="${y + bar}" class="tick">–</text>`;
      const width = onScale(m.mean, METRIC_MAX[metric]) * PLOT_WIDTH;
      return html`<g class="metric-bar" data-metric="${metric}" data-group="${r.index}"><title>${nameOf(r)} · ${metricLabel(metric)}: ${withInterval(metric, m)} of ${METRIC_MAX[metric]}, ${m.n} plans</title><rect x="${LABEL_WIDTH}" y="${y}" width="${px(width)}" height="${bar}" fill="${groupColor(r.index)}"/><text x="${px(LABEL_WIDTH + PLOT_WIDTH + 6)}" y="${px(y + bar - 1)}" class="value">${fixed(metric, m.mean)}</text></g>`;
    });
    const label = `${metricLabel(metric)} (0–${METRIC_MAX[metric]})`;
    return html`${key(label, LABEL_WIDTH - 8, top + (ranked.length * (bar + 2)) / 2 + 4)}<rect x="${LABEL_WIDTH}" y="${top - 1}" width="${PLOT_WIDTH}" height="${block - 10}" fill="#f3f5f8"/>${bars}`;
  });
  const legend = html`<div class="legend">${ranked.map((r) => html`<span>${swatch(r.index)}${nameOf(r)}</span>`)}</div>`;
  return html`<figure class="chart" id="chart-metrics"><figcaption>Metric means per planner (each bar on its metric's scale)</figcaption>${legend}<svg viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" role="img" aria-label="metric means per planner">${blocks}</svg></figure>`;
}

/**
 * The lineage improvement curve: the mean deterministic subtotal at each revision position of the queries' lineages
 * (src/plans/report/lineage-curve.ts), on the subtotal's scale, each point with the number of lineages it averages.
 */
export function lineageChart(curve: LineageCurve | null): SafeHtml | "" {
  if (curve === null || curve.points.length === 0 || curve.max <= 0) return "";
  const height = 180;
  const top = 12;
  const plot = height - top - 28;
  const step = curve.points.length > 1 ? PLOT_WIDTH / (curve.points.length - 1) : 0;
  const at = (p: { revision: number; mean: number }) => ({
    x: LABEL_WIDTH + (p.revision - 1) * step,
    y: top + plot * (1 - onScale(p.mean, curve.max)),
  });
  const path = curve.points.map((p) => `${px(at(p).x)},${px(at(p).y)}`).join(" ");
  const marks = curve.points.map((p) => {
    const { x, y } = at(p);
    return html`<g class="lineage-point" data-revision="${p.revision}" data-mean="${p.mean.toFixed(2)}" data-n="${p.n}"><title>revision ${p.revision}: mean ${p.mean.toFixed(1)} of ${curve.max} points over ${p.n} lineage(s)</title><circle cx="${px(x)}" cy="${px(y)}" r="4" fill="${groupColor(0)}"/><text x="${px(x)}" y="${height - 14}" text-anchor="middle" class="tick">${p.revision}</text><text x="${px(x)}" y="${px(y - 8)}" text-anchor="middle" class="value">${p.mean.toFixed(1)}</text></g>`;
  });
  const axis = html`${key(`subtotal (0–${curve.max})`, LABEL_WIDTH - 8, top + plot / 2)}<text x="${LABEL_WIDTH + PLOT_WIDTH / 2}" y="${height - 2}" text-anchor="middle" class="tick">revision</text><rect x="${LABEL_WIDTH}" y="${top}" width="${PLOT_WIDTH}" height="${plot}" fill="#f3f5f8"/>`;
  return html`<figure class="chart" id="chart-lineage"><figcaption>Lineage improvement: mean deterministic subtotal per revision (${curve.lineages} lineages)</figcaption><svg viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" role="img" aria-label="lineage improvement curve">${axis}<polyline points="${path}" fill="none" stroke="${groupColor(0)}" stroke-width="2"/>${marks}</svg></figure>`;
}

/** The charts section, or nothing when the lines carry neither ratings nor any of the seven metrics (nor lineages). */
export function chartsSection(
  report: PlannerReport,
  ranked: readonly RankedGroup[],
  lineage: LineageCurve | null = null,
): SafeHtml | "" {
  return chartsFor({ ratings: ranked, metrics: { report, ranked }, lineage });
}

/** The section from two views: the experiment draws ratings and metrics from different judges' lines. */
export function chartsFor(views: {
  ratings: readonly RankedGroup[];
  metrics: { report: PlannerReport; ranked: readonly RankedGroup[] };
  lineage?: LineageCurve | null;
}): SafeHtml | "" {
  const ratings = ratingChart(views.ratings);
  const metrics = metricChart(views.metrics.report, views.metrics.ranked);
  const lineage = lineageChart(views.lineage ?? null);
  if (ratings === "" && metrics === "" && lineage === "") return "";
  return html`<section id="charts"><h2>Charts</h2><p class="hint">Hover a mark for its numbers; the tables hold the same numbers.</p><div class="charts">${ratings}${metrics}${lineage}</div></section>`;
}
