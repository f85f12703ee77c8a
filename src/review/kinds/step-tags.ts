/**
 * step-tags: the step evaluator's error tags for one step of one plan, several allowed (the paper's Table 25). Tasks
 * come from the lineages `plan refine --out` writes — one task per step at its first visit in each pass, the plan as
 * the evaluator saw it then, the evaluator's tags kept for the page to show on request — or from a plans file with
 * its reference lines (pass 1, every step). Export: tag-label lines, one per step (`plan agree --kind tags`).
 */
import { z } from "zod";
import { UserError } from "../../errors.js";
import { canonicalPlan } from "../../plans/data/plan-forms.js";
import type { Plan } from "../../plans/model.js";
import { parseReference } from "../../plans/parse.js";
import { STEP_TAGS } from "../../plans/query-records.js";
import { PlanRecordSchema, queryKey, ReferenceRecordSchema } from "../../plans/records.js";
import { html } from "../../render/escape.js";
import {
  type NewTask,
  STEP_TAG_KEYS,
  type StepTagsLabel,
  StepTagsLabelSchema,
  type StepTagsPayload,
  StepTagsPayloadSchema,
} from "../contract.js";
import { block, choiceField, hiddenPanel } from "./fields.js";
import type { KindModule, KindView, Measure } from "./kind.js";
import { byQueryId, type NumberedLine, readNumbered } from "./read-lines.js";
import { planName, shownPlan, titleOf } from "./shown-plan.js";

/** The fields of a `plan refine --out` line this kind reads. */
const LineageLineSchema = z.looseObject({
  query_id: z.union([z.string().min(1), z.number().int()]),
  planner: z.string().min(1),
  prompt_type: z.string(),
  query: z.string(),
  lineage: z.array(z.looseObject({ plan: z.record(z.string(), z.unknown()) })),
  events: z.array(
    z.looseObject({
      pass: z.number().int().positive(),
      step: z.number().int().positive(),
      tags: z.array(z.string()),
      outcome: z.string(),
    }),
  ),
});
type LineageLine = z.infer<typeof LineageLineSchema>;

function stepKey(p: Pick<StepTagsPayload, "query_id" | "planner" | "prompt_type" | "pass" | "step">): string {
  return JSON.stringify([queryKey(p.query_id), p.planner, p.prompt_type, p.pass, p.step]);
}

function task(payload: StepTagsPayload, source: string): NewTask {
  return {
    key: stepKey(payload),
    title: `${titleOf(queryKey(payload.query_id), payload.query)} — ${payload.planner ?? "?"}, ${payload.prompt_type ?? "?"}, pass ${payload.pass}, step ${payload.step}`,
    payload,
    source,
  };
}

/**
 * One task per step at its first visit in each pass. The plan at a visit is the lineage entry after the changes
 * applied before it: each "applied" event appended the next entry.
 */
function fromLineages(
  lines: readonly NumberedLine<LineageLine>[],
  references: Map<string, { best_plan: unknown }> | null,
  file: string,
): NewTask[] {
  return lines.flatMap(({ where, record }) => {
    const reference = references?.get(queryKey(record.query_id));
    const best = reference ? parseReference(reference.best_plan) : null;
    let revision = 0;
    const seen = new Set<string>();
    const tasks: NewTask[] = [];
    for (const event of record.events) {
      const at = `${event.pass}:${event.step}`;
      const plan = record.lineage[revision]?.plan;
      if (plan === undefined)
        throw new UserError(`${where}: field lineage: fewer revisions than the applied events need`);
      if (!seen.has(at)) {
        seen.add(at);
        tasks.push(
          task(
            {
              query_id: record.query_id,
              planner: record.planner,
              prompt_type: record.prompt_type,
              pass: event.pass,
              step: event.step,
              query: record.query,
              plan: shownPlan(plan),
              reference: best?.ok ? shownPlan(best.plan) : null,
              evaluator_tags: event.outcome === "evaluator-failed" ? null : event.tags,
            },
            file,
          ),
        );
      }
      if (event.outcome === "applied") revision++;
    }
    return tasks;
  });
}

/** Every step of every plan line, pass 1: for plans no evaluator has seen. */
function fromPlans(plansFile: string, queriesFile: string): NewTask[] {
  const references = byQueryId(readNumbered(queriesFile, ReferenceRecordSchema));
  return readNumbered(plansFile, PlanRecordSchema).flatMap(({ where, record }) => {
    const reference = references.get(queryKey(record.query_id));
    if (!reference)
      throw new UserError(
        `${where}: field query_id: no reference line for ${record.query_id} in ${queriesFile}`,
      );
    const canonical = canonicalPlan(record.plan);
    // A plan no reader can recover has no steps to tag: it is the plan-rating kind's business.
    if (!canonical.ok) return [];
    const best = parseReference(reference.best_plan);
    return (canonical.plan as Plan).steps.map((step) =>
      task(
        {
          query_id: record.query_id,
          planner: record.planner,
          prompt_type: record.prompt_type,
          pass: 1,
          step: step.id,
          query: reference.query,
          plan: shownPlan(record.plan),
          reference: best.ok ? shownPlan(best.plan) : null,
          evaluator_tags: null,
        },
        plansFile,
      ),
    );
  });
}

function importTasks(sources: { lineages?: string; plans?: string; queries?: string }): NewTask[] {
  if (sources.lineages && sources.plans)
    throw new UserError("--lineages and --plans: give one source of steps, not both");
  if (sources.lineages) {
    const references = sources.queries
      ? byQueryId(readNumbered(sources.queries, ReferenceRecordSchema))
      : null;
    return fromLineages(readNumbered(sources.lineages, LineageLineSchema), references, sources.lineages);
  }
  if (sources.plans && sources.queries) return fromPlans(sources.plans, sources.queries);
  throw new UserError(
    "step-tags needs --lineages FILE (plan refine --out), or --plans FILE with --queries FILE",
  );
}

/** Each tag is its own yes/no question per step, as in `plan agree --kind tags`. */
function measures(_payload: StepTagsPayload, label: StepTagsLabel): Measure[] {
  return STEP_TAGS.map((tag) => ({
    name: `tag:${tag}`,
    value: label.tags.includes(tag) ? "yes" : "no",
    categories: ["no", "yes"],
    ordinal: false,
  }));
}

// ---- the page: how a task of this kind is shown and labelled ----

/** step-tags: one step of a plan, and the step evaluator's error tags for it (several may apply). */

const tagOptions = STEP_TAGS.map((tag) => ({ value: tag, key: STEP_TAG_KEYS[tag], text: tag }));

/** The step under review, when the plan is held as the JSON object (text plans are shown whole). */
function stepOf(p: StepTagsPayload): { tool: unknown; prompt: unknown } | null {
  const source = p.plan.source;
  if (typeof source !== "object" || !Array.isArray(source.steps)) return null;
  const step = (source.steps as unknown[]).find(
    (s): s is { id: unknown; tool: unknown; prompt: unknown } =>
      typeof s === "object" && s !== null && (s as { id?: unknown }).id === p.step,
  );
  return step ? { tool: step.tool, prompt: step.prompt } : null;
}

const stepTagsView: KindView<StepTagsPayload> = {
  keys: [
    [
      tagOptions.map((o) => o.key).join(" "),
      "toggle a tag (several may apply; NO CHANGE when the step is fine)",
    ],
    ["v", "show or hide the evaluator's tags"],
  ],
  render: (p) => {
    const step = stepOf(p);
    return html`<p class="query">${p.query}</p>
<p class="step-title">Step ${p.step}${p.pass > 1 ? html` <span class="sub">(pass ${p.pass})</span>` : ""}${
      step ? html`: <span class="tool">${String(step.tool)}</span> <q>${String(step.prompt)}</q>` : ""
    }</p>
<div class="columns">
${block("Plan", p.plan.text, "empty plan", "candidate")}
${block("Reference (best plan)", p.reference?.text ?? null, "no reference for this task", "reference")}
</div>
${choiceField("tags", `Tags for step ${p.step}`, tagOptions, { multi: true })}
${hiddenPanel(
  "evaluator",
  "v",
  "the evaluator's tags",
  p.evaluator_tags === null
    ? html`<p class="empty">This task carries no evaluator tags.</p>`
    : html`<p>${p.evaluator_tags.join(", ") || "none"}</p>`,
)}`;
  },
};

export const stepTagsKind: KindModule<StepTagsPayload, StepTagsLabel> = {
  kind: "step-tags",
  title: "Step tags: the step evaluator's error tags",
  // [query, planner, prompt type, pass, step]
  keyParts: [{ at: 0 }, { at: 1 }, { at: 2 }, { at: 3, label: "pass" }, { at: 4, label: "step" }],
  view: stepTagsView,
  payloadSchema: StepTagsPayloadSchema,
  labelSchema: StepTagsLabelSchema,
  sources: { required: [], optional: ["lineages", "plans", "queries"] },
  importTasks: (sources) => ({ tasks: importTasks(sources) }),
  measures,
  exportRecords: (items) =>
    items.map(({ payload, label }) => ({
      ...planName(payload),
      pass: payload.pass,
      step: payload.step,
      tags: STEP_TAGS.filter((tag) => label.tags.includes(tag)),
    })),
  nativeFormat: "jsonl",
  csvColumns: ["query_id", "planner", "prompt_type", "pass", "step", "tags"],
  exportFormat: "tag-label lines, one per step (plan agree --kind tags)",
};
