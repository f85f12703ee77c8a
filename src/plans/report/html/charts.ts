/** Inline SVG marks of the planner report: a mean with its interval, the rating distribution, group swatches. */

import { html, type SafeHtml } from "../../../render/escape.js";
import { runColor } from "../../../report/html/charts.js";
import type { MeanWithInterval } from "../../aggregate.js";
import { RATINGS, type Rating } from "../../rating.js";
import { onScale, percent } from "./format.js";

const px = (n: number) => n.toFixed(1);

/** One colour per group, in the report's order, so a planner keeps its colour in every section. */
export const groupColor = runColor;

/** A colour square drawn as SVG: the page's policy allows no style attributes. */
export function swatch(index: number): SafeHtml {
  return html`<svg class="swatch" viewBox="0 0 10 10" width="10" height="10" aria-hidden="true"><rect width="10" height="10" rx="2" fill="${groupColor(index)}"/></svg>`;
}

/** A mean on a 0–max track, its bootstrap interval as a whisker; `label` is the tooltip (numbers as shown). */
export function intervalWhisker(
  m: MeanWithInterval | null | undefined,
  max: number,
  color: string,
  label: string,
  width = 96,
): SafeHtml {
  const x = (v: number) => px(4 + onScale(v, max) * (width - 8));
  const mark =
    !m || m.mean === null || m.low === null || m.high === null
      ? ""
      : html`<line x1="${x(m.low)}" x2="${x(m.high)}" y1="8" y2="8" stroke="#333" stroke-width="2"/><line x1="${x(m.low)}" x2="${x(m.low)}" y1="4" y2="12" stroke="#333"/><line x1="${x(m.high)}" x2="${x(m.high)}" y1="4" y2="12" stroke="#333"/><circle cx="${x(m.mean)}" cy="8" r="4" fill="${color}" stroke="#222" stroke-width="0.5"/>`;
  return html`<svg class="whisker" viewBox="0 0 ${width} 16" width="${width}" height="16" role="img"><title>${label}</title><rect x="4" y="7" width="${width - 8}" height="2" fill="#e4e7ec"/>${mark}</svg>`;
}

/** Worst to best: red through grey to blue (ColorBrewer RdBu, its white middle greyed to show on white). */
export const RATING_COLORS: Record<Rating, string> = {
  "Extremely Bad": "#b2182b",
  "Very Bad": "#ef8a62",
  Bad: "#fddbc7",
  Acceptable: "#d9d9d9",
  Good: "#d1e5f0",
  "Very Good": "#67a9cf",
  "Extremely Good": "#2166ac",
};

/** The 7-point distribution as one stacked bar, worst on the left; each segment's tooltip names its share. */
export function ratingBar(ratings: Record<Rating, number> | null, rated: number, width = 260): SafeHtml {
  if (ratings === null) return html`<span class="empty">no ratings</span>`;
  let left = 0;
  const segments = RATINGS.map((rating) => {
    const share = ratings[rating];
    const x = left;
    left += share * width;
    if (share <= 0) return "";
    return html`<rect class="segment" x="${px(x)}" y="0" width="${px(share * width)}" height="16" fill="${RATING_COLORS[rating]}"><title>${rating}: ${percent(share)} of ${rated} rated</title></rect>`;
  });
  return html`<svg class="ratings" viewBox="0 0 ${width} 16" width="${width}" height="16" role="img" aria-label="rating distribution">${segments}<rect x="0.5" y="0.5" width="${width - 1}" height="15" fill="none" stroke="#8a94a6"/></svg>`;
}

/** The legend of the rating bars. */
export function ratingLegend(): SafeHtml {
  return html`<div class="legend">${RATINGS.map(
    (rating) =>
      html`<span><svg class="swatch" viewBox="0 0 10 10" width="10" height="10" aria-hidden="true"><rect width="10" height="10" rx="2" fill="${RATING_COLORS[rating]}" stroke="#8a94a6"/></svg>${rating}</span>`,
  )}</div>`;
}
