/** plan-rating: candidate and reference side by side, the 7-point rating and the seven metric scores. */

import { PLAN_POINTS } from "../../../../plans/points.js";
import { RATINGS } from "../../../../plans/rating.js";
import { html, type SafeHtml } from "../../../../render/escape.js";
import type { PlanRatingPayload } from "../../../contract.js";
import { block, choiceField, hiddenPanel, numberField } from "../fields.js";
import type { KindView } from "./view.js";

const number = (value: number | null | undefined) =>
  value === null || value === undefined ? "–" : String(value);

function evaluator(p: PlanRatingPayload): SafeHtml {
  if (p.evaluator === null) return html`<p class="empty">This task carries no evaluator output.</p>`;
  const e = p.evaluator;
  return html`<table class="grid"><tbody><tr><th>rating</th><td>${e.rating ?? "–"}</td></tr>${Object.entries(
    e.scores,
  ).map(
    ([metric, value]) => html`<tr><th>${metric}</th><td class="num">${number(value)}</td></tr>`,
  )}<tr><th>total</th><td class="num">${number(e.total)}</td></tr></tbody></table>${
    e.mapping.length === 0
      ? html`<p class="empty">No step of the candidate was aligned with the reference.</p>`
      : html`<table class="grid"><thead><tr><th>candidate step</th><th>reference step</th><th class="num">similarity</th><th>matched</th><th>why not</th></tr></thead><tbody>${e.mapping.map(
          (m) =>
            html`<tr><td class="num">${m.candidate}</td><td class="num">${m.reference}</td><td class="num">${m.similarity.toFixed(2)}</td><td>${m.matched ? "yes" : "no"}</td><td>${m.reason ?? ""}</td></tr>`,
        )}</tbody></table>`
  }`;
}

const ratingOptions = RATINGS.map((rating, i) => ({
  value: rating,
  key: String(i + 1),
  text: rating,
}));

export const planRatingView: KindView<PlanRatingPayload> = {
  keys: [
    ["1 … 7", "the rating, Extremely Bad … Extremely Good"],
    ["j", "on to the metric scores (type the points, Enter for the next)"],
    ["v", "show or hide the evaluator's scores and mapping"],
  ],
  render: (p) => html`<p class="query">${p.query}</p>
<div class="columns">
${block(`Candidate${p.planner ? ` (${p.planner}${p.prompt_type ? `, ${p.prompt_type}` : ""})` : ""}`, p.candidate.text, "empty plan", "candidate")}
${block("Reference (best plan)", p.reference.text, "empty plan", "reference")}
</div>
${choiceField("rating", "Rating of the candidate against the reference", ratingOptions)}
<fieldset class="metrics"><legend>Metric scores (points; leave a box empty to skip it)</legend>${Object.entries(
    PLAN_POINTS,
  ).map(([metric, max]) =>
    numberField(metric, metric, 0, max, metric === "query_adherence" ? 7.5 : 0.5),
  )}</fieldset>
${hiddenPanel("evaluator", "v", "the evaluator's scores and step mapping", evaluator(p))}`,
};
