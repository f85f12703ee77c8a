/**
 * plan-rating: a candidate plan beside the reference plan; the annotator gives the 7-point rating and any of the seven
 * metric scores. Tasks come from a plans file (`plan generate --out`, or any `{query_id, planner, prompt_type, plan}`
 * lines) or the final plans of refined lineages (`plan refine --out`), with the reference lines (`--queries`); the deterministic evaluator's score and step mapping ride along for
 * the page to show on request. Export: the score lines `plan agree --kind scores` reads.
 */
import { z } from "zod";
import { UserError } from "../../errors.js";
import { parseReference } from "../../plans/parse.js";
import { PLAN_POINTS, type PlanMetric } from "../../plans/points.js";
import { RATINGS } from "../../plans/rating.js";
import { type PlanRecord, PlanRecordSchema, queryKey, ReferenceRecordSchema } from "../../plans/records.js";
import { explainScore } from "../../plans/score.js";
import { DEFAULT_TOOL_DESCRIPTIONS } from "../../plans/tool-descriptions.js";
import { html, type SafeHtml } from "../../render/escape.js";
import {
  type NewTask,
  type PlanRatingLabel,
  PlanRatingLabelSchema,
  type PlanRatingPayload,
  PlanRatingPayloadSchema,
} from "../contract.js";
import { block, choiceField, hiddenPanel, numberField } from "./fields.js";
import type { KindModule, KindView, Measure } from "./kind.js";
import { byQueryId, type NumberedLine, readNumbered } from "./read-lines.js";
import { planName, shownPlan, titleOf } from "./shown-plan.js";

const PLAN_METRICS = Object.keys(PLAN_POINTS) as PlanMetric[];

/** The key of a plan line, as `plan agree` pairs lines: query, planner, prompt type. */
function planKey(query_id: string | number, planner: string | null, prompt_type: string | null): string {
  return JSON.stringify([queryKey(query_id), planner, prompt_type]);
}

/** A `plan refine --out` line: its final plan is the optimizer's plan to rate. */
const RefinedSchema = z.looseObject({
  query_id: z.union([z.string().min(1), z.number().int()]),
  planner: z.string().min(1),
  prompt_type: z.string(),
  lineage: z.array(z.looseObject({ plan: z.record(z.string(), z.unknown()) })).min(1),
});

/** Plan lines, or the final plan of each refined lineage, as plan lines. */
function candidates(sources: { plans?: string; lineages?: string }): NumberedLine<PlanRecord>[] {
  if ((sources.plans === undefined) === (sources.lineages === undefined))
    throw new UserError(
      "plan-rating needs --plans FILE (plan lines) or --lineages FILE (plan refine --out), one of them",
    );
  if (sources.plans) return readNumbered(sources.plans, PlanRecordSchema);
  return readNumbered(sources.lineages as string, RefinedSchema).map(({ where, record }) => ({
    where,
    record: {
      query_id: record.query_id,
      planner: record.planner,
      prompt_type: record.prompt_type,
      plan: record.lineage.at(-1)?.plan as Record<string, unknown>,
    },
  }));
}

function importTasks(sources: { queries?: string; plans?: string; lineages?: string }): NewTask[] {
  const references = byQueryId(readNumbered(sources.queries as string, ReferenceRecordSchema));
  return candidates(sources).map(({ where, record }) => {
    const reference = references.get(queryKey(record.query_id));
    if (!reference)
      throw new UserError(
        `${where}: field query_id: no reference line for ${record.query_id} in ${sources.queries}`,
      );
    const best = parseReference(reference.best_plan);
    if (!best.ok)
      throw new UserError(`${sources.queries}: query ${record.query_id}: field best_plan: ${best.message}`);
    const explained = explainScore({
      candidate: record.plan,
      reference: best.plan,
      tools: DEFAULT_TOOL_DESCRIPTIONS,
      query: reference.query,
      query_id: record.query_id,
      planner: record.planner,
      prompt_type: record.prompt_type,
    });
    const line = explained.line;
    const payload: PlanRatingPayload = {
      query_id: record.query_id,
      planner: record.planner,
      prompt_type: record.prompt_type,
      query: reference.query,
      candidate: shownPlan(record.plan),
      reference: shownPlan(best.plan),
      evaluator: {
        rating: line.rating,
        scores: Object.fromEntries(PLAN_METRICS.map((metric) => [metric, line[metric]])),
        total: line.subtotal,
        mapping: (explained.match?.pairs ?? []).map((pair) => ({ ...pair })),
      },
    };
    return {
      key: planKey(record.query_id, record.planner, record.prompt_type),
      title: `${titleOf(queryKey(record.query_id), reference.query)} — ${record.planner}, ${record.prompt_type}`,
      payload,
      source: sources.plans ?? sources.lineages,
    };
  });
}

/** The rating (ordered) and each metric as pass (full points) or fail, the categories `plan agree` uses. */
function measures(_payload: PlanRatingPayload, label: PlanRatingLabel): Measure[] {
  const out: Measure[] = [];
  if (label.rating) out.push({ name: "rating", value: label.rating, categories: RATINGS, ordinal: true });
  for (const metric of PLAN_METRICS) {
    const value = label[metric];
    if (value === undefined) continue;
    const pass = Math.abs(value - PLAN_POINTS[metric]) <= 1e-6;
    out.push({ name: metric, value: pass ? "pass" : "fail", categories: ["fail", "pass"], ordinal: false });
  }
  return out;
}

// ---- the page: how a task of this kind is shown and labelled ----

/** plan-rating: candidate and reference side by side, the 7-point rating and the seven metric scores. */

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

const planRatingView: KindView<PlanRatingPayload> = {
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

export const planRatingKind: KindModule<PlanRatingPayload, PlanRatingLabel> = {
  kind: "plan-rating",
  title: "Plan ratings: candidate against reference",
  // [query, planner, prompt type]
  keyParts: [{ at: 0 }, { at: 1 }, { at: 2 }],
  view: planRatingView,
  payloadSchema: PlanRatingPayloadSchema,
  labelSchema: PlanRatingLabelSchema,
  sources: { required: ["queries"], optional: ["plans", "lineages"] },
  importTasks: (sources) => ({ tasks: importTasks(sources) }),
  measures,
  exportRecords: (items) =>
    items.map(({ payload, label }) => ({
      ...planName(payload),
      ...label,
    })),
  nativeFormat: "jsonl",
  csvColumns: ["query_id", "planner", "prompt_type", "rating", ...PLAN_METRICS],
  exportFormat: "score lines (plan agree --kind scores)",
};
