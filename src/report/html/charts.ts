/** Inline SVG charts written by hand (no library, nothing loaded): bars with Wilson whiskers, a heat map, whiskers. */
import type { Score } from "../../metrics/summary.js";
import { html, type SafeHtml } from "../../render/escape.js";
import { truncate } from "../../sanitize.js";
import { formatInterval, formatRatio } from "../format.js";

/** Tableau 10: distinguishable, and still readable in print. */
export const RUN_COLORS = [
  "#4e79a7",
  "#f28e2b",
  "#e15759",
  "#76b7b2",
  "#59a14f",
  "#edc948",
  "#b07aa1",
  "#ff9da7",
  "#9c755f",
  "#bab0ac",
];

export const runColor = (index: number) => RUN_COLORS[index % RUN_COLORS.length] as string;

const px = (n: number) => n.toFixed(1);

/** The tooltip every mark carries: the numbers behind it, from the summary. */
function tooltip(label: string, s: Score): string {
  return `${label}: ${formatRatio(s.score)} ${formatInterval(s.score_ci)}, ${s.passed}/${s.n} passed`;
}

/** A score on a 0–1 track with its interval: one per leaderboard row. */
export function whisker(s: Score, color: string, width = 160): SafeHtml {
  const x = (v: number) => px(4 + v * (width - 8));
  const [lo, hi] = s.score_ci;
  return html`<svg class="whisker" viewBox="0 0 ${width} 16" width="${width}" height="16" aria-hidden="true"><rect x="4" y="7" width="${width - 8}" height="2" fill="#e4e7ec"/>${
    s.score === null
      ? ""
      : html`<line x1="${x(lo)}" x2="${x(hi)}" y1="8" y2="8" stroke="#333" stroke-width="2"/><line x1="${x(lo)}" x2="${x(lo)}" y1="4" y2="12" stroke="#333"/><line x1="${x(hi)}" x2="${x(hi)}" y1="4" y2="12" stroke="#333"/><circle cx="${x(s.score)}" cy="8" r="4" fill="${color}" stroke="#222" stroke-width="0.5"/>`
  }</svg>`;
}

export interface ChartSeries {
  label: string;
  color: string;
  groups: Record<string, Score>;
}

const LABEL_WIDTH = 130;
const PLOT_WIDTH = 400;
const VALUE_WIDTH = 50;
const AXIS_HEIGHT = 22;

function barHeight(series: number): number {
  return series <= 2 ? 16 : series <= 4 ? 12 : series <= 7 ? 9 : 7;
}

/** Horizontal grouped bars: one group per key, one bar per run, each with its 95% interval as a whisker. */
export function barChart(title: string, keys: readonly string[], series: readonly ChartSeries[]): SafeHtml {
  const h = barHeight(series.length);
  const groupHeight = series.length * (h + 2) + 10;
  const height = AXIS_HEIGHT + keys.length * groupHeight + 4;
  const width = LABEL_WIDTH + PLOT_WIDTH + VALUE_WIDTH;
  const x = (v: number) => LABEL_WIDTH + v * PLOT_WIDTH;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map(
    (t) =>
      html`<line x1="${px(x(t))}" x2="${px(x(t))}" y1="${AXIS_HEIGHT - 4}" y2="${height}" stroke="#e4e7ec"/><text x="${px(x(t))}" y="12" text-anchor="middle" class="tick">${t.toFixed(2)}</text>`,
  );
  const groups = keys.map((key, k) => {
    const top = AXIS_HEIGHT + k * groupHeight + 5;
    const bars = series.map((s, i) => {
      const score = s.groups[key];
      const y = top + i * (h + 2);
      if (!score || score.score === null)
        return html`<text x="${LABEL_WIDTH + 4}" y="${y + h - 1}" class="tick">–</text>`;
      const [lo, hi] = score.score_ci;
      const mid = px(y + h / 2);
      return html`<g><title>${tooltip(`${s.label} · ${key}`, score)}</title><rect x="${LABEL_WIDTH}" y="${y}" width="${px(score.score * PLOT_WIDTH)}" height="${h}" fill="${s.color}"/><line x1="${px(x(lo))}" x2="${px(x(hi))}" y1="${mid}" y2="${mid}" stroke="#222" stroke-width="1.5"/><line x1="${px(x(lo))}" x2="${px(x(lo))}" y1="${y + 1}" y2="${y + h - 1}" stroke="#222"/><line x1="${px(x(hi))}" x2="${px(x(hi))}" y1="${y + 1}" y2="${y + h - 1}" stroke="#222"/><text x="${px(x(1) + 6)}" y="${px(y + h / 2 + 4)}" class="value">${formatRatio(score.score)}</text></g>`;
    });
    const labelY = px(top + (series.length * (h + 2)) / 2 + 4);
    return html`<text x="${LABEL_WIDTH - 8}" y="${labelY}" text-anchor="end" class="key">${truncate(key, 18)}</text>${bars}`;
  });
  return html`<figure class="chart"><figcaption>${title}</figcaption><svg viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${title}">${ticks}${groups}</svg></figure>`;
}

/** Blue for high scores, red for low, near-white in the middle: readable for most colour-blind readers too. */
export function heatColor(score: number): string {
  const stops: [number, [number, number, number]][] = [
    [0, [178, 24, 43]],
    [0.5, [247, 247, 247]],
    [1, [33, 102, 172]],
  ];
  const upper = score <= 0.5 ? 1 : 2;
  const [a, from] = stops[upper - 1] as [number, [number, number, number]];
  const [b, to] = stops[upper] as [number, [number, number, number]];
  const t = (score - a) / (b - a);
  const channel = (i: number) =>
    Math.round((from[i] as number) + ((to[i] as number) - (from[i] as number)) * t);
  return `rgb(${channel(0)},${channel(1)},${channel(2)})`;
}

const CELL_WIDTH = 62;
const CELL_HEIGHT = 24;
const LABEL_CHARS = 20;

/** Rows are categories, columns are runs; each cell shows the score, its tooltip the interval and counts. */
export function heatMap(title: string, keys: readonly string[], series: readonly ChartSeries[]): SafeHtml {
  // Room on the right for the last column's slanted label.
  const width = LABEL_WIDTH + series.length * CELL_WIDTH + 110;
  // Slanted labels rise by about sin(40°) × 6.5 px per character: the header is as tall as the longest needs.
  const longest = Math.max(1, ...series.map((s) => Math.min(LABEL_CHARS, s.label.length)));
  const headerHeight = Math.round(24 + longest * 6.5 * 0.643);
  const height = headerHeight + keys.length * CELL_HEIGHT + 4;
  const headers = series.map((s, i) => {
    const cx = LABEL_WIDTH + i * CELL_WIDTH + CELL_WIDTH / 2;
    return html`<text transform="translate(${px(cx)},${headerHeight - 6}) rotate(-40)" class="key"><title>${s.label}</title>${truncate(s.label, LABEL_CHARS)}</text>`;
  });
  const rows = keys.map((key, k) => {
    const y = headerHeight + k * CELL_HEIGHT;
    const cells = series.map((s, i) => {
      const score = s.groups[key];
      const x = LABEL_WIDTH + i * CELL_WIDTH;
      if (!score || score.score === null)
        return html`<rect x="${x}" y="${y}" width="${CELL_WIDTH - 2}" height="${CELL_HEIGHT - 2}" fill="#eee"/><text x="${x + CELL_WIDTH / 2 - 1}" y="${y + 16}" text-anchor="middle" class="cell">–</text>`;
      const dark = Math.abs(score.score - 0.5) > 0.3;
      return html`<g><title>${tooltip(`${s.label} · ${key}`, score)}</title><rect x="${x}" y="${y}" width="${CELL_WIDTH - 2}" height="${CELL_HEIGHT - 2}" fill="${heatColor(score.score)}"/><text x="${x + CELL_WIDTH / 2 - 1}" y="${y + 16}" text-anchor="middle" class="cell" fill="${dark ? "#fff" : "#111"}">${score.score.toFixed(2)}</text></g>`;
    });
    return html`<text x="${LABEL_WIDTH - 8}" y="${y + 16}" text-anchor="end" class="key">${truncate(key, 18)}</text>${cells}`;
  });
  return html`<figure class="chart heat"><figcaption>${title}</figcaption><svg viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${title}">${headers}${rows}</svg></figure>`;
}
