/**
 * lineage: verify the final plan of a train lineage, or edit it. Tasks come from query lines with lineages
 * (`data/plans/queries.jsonl`); export writes the verified entries in plan build's source format (the YAML of
 * corpus/plans/tr-NN.yaml), the final revision and the best plan both replaced by the verified plan.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { UserError } from "../../errors.js";
import { CORPUS_DIR } from "../../paths.js";
import { canonicalPlan, samePlan, strictBestPlan } from "../../plans/data/plan-forms.js";
import { type SourceEntry, SourceEntrySchema } from "../../plans/data/schema.js";
import { readSources } from "../../plans/data/source.js";
import type { Plan } from "../../plans/model.js";
import { readQueries } from "../../plans/query-records.js";
import { queryKey } from "../../plans/records.js";
import { renderPlan } from "../../plans/render.js";
import { scorePlan } from "../../plans/score.js";
import type { ScoreLine } from "../../plans/score-line.js";
import { DEFAULT_TOOL_DESCRIPTIONS } from "../../plans/tool-descriptions.js";
import { html } from "../../render/escape.js";
import {
  type LineageLabel,
  LineageLabelSchema,
  type LineagePayload,
  LineagePayloadSchema,
  type NewTask,
} from "../contract.js";
import { block, textField } from "./fields.js";
import type { ExportItem, KindModule, KindView } from "./kind.js";
import { shownPlan, titleOf } from "./shown-plan.js";

/**
 * The authored entries of the package's own sources by query id: a lineage built from them carries its judge_only
 * marks and note there (the built file drops them), and plan lint needs them back in the export.
 */
function authoredEntries(): Map<string, SourceEntry> {
  const dir = join(CORPUS_DIR, "plans");
  if (!existsSync(dir)) return new Map();
  return new Map(readSources(dir).map(({ entry }) => [entry.query_id, entry]));
}

/** The authored entry when it holds the same lineage (same plans, revision by revision), else null. */
function sameLineage(entry: SourceEntry | undefined, plans: readonly unknown[]): SourceEntry | null {
  if (!entry?.lineage || entry.lineage.length !== plans.length) return null;
  const same = entry.lineage.every((revision, index) => {
    const a = canonicalPlan(revision.plan);
    const b = canonicalPlan(plans[index]);
    return a.ok && b.ok && samePlan(a.plan, b.plan);
  });
  return same ? entry : null;
}

function importTasks(sources: { queries?: string }): NewTask[] {
  const file = sources.queries as string;
  const authored = authoredEntries();
  return readQueries(file)
    .filter((record) => (record.lineage?.length ?? 0) > 0)
    .map((record) => {
      const lineage = record.lineage ?? [];
      const entry = sameLineage(
        authored.get(queryKey(record.query_id)),
        lineage.map((revision) => revision.plan),
      );
      const revisions = lineage.map((revision, index) => ({
        plan: shownPlan(revision.plan as string | Record<string, unknown>),
        fixes: revision.fixes,
        judge_only: entry?.lineage?.[index]?.judge_only ?? null,
      }));
      const loose = record as Record<string, unknown>;
      const flag = (name: string) => (typeof loose[name] === "boolean" ? (loose[name] as boolean) : null);
      const payload: LineagePayload = {
        query_id: record.query_id,
        query: record.query,
        split: record.split ?? null,
        is_subjective: flag("is_subjective"),
        is_compound: flag("is_compound"),
        revisions,
        note: entry?.note ?? null,
        final: revisions.at(-1)?.plan as LineagePayload["final"],
        previous: revisions.at(-2)?.plan ?? null,
      };
      return {
        key: queryKey(record.query_id),
        title: titleOf(queryKey(record.query_id), record.query),
        payload,
        source: file,
      };
    });
}

/** The verified plan: the final revision when accepted, the edited plan when edited. */
function verifiedPlan(payload: LineagePayload, label: LineageLabel): unknown {
  return label.action === "edit" ? label.plan : payload.final.source;
}

/** An edited plan must be a best plan plan build accepts, and differ from the revision before it. */
function check(payload: LineagePayload, label: LineageLabel): { field: string; message: string } | null {
  if (label.action !== "edit") return null;
  const strict = strictBestPlan(label.plan, DEFAULT_TOOL_DESCRIPTIONS);
  if (!strict.ok) return { field: "plan", message: strict.message };
  const previous = payload.previous ? canonicalPlan(payload.previous.source) : null;
  if (previous?.ok && samePlan(previous.plan, strict.plan))
    return {
      field: "plan",
      message: "expected a change from the previous revision (accept that one instead?)",
    };
  return null;
}

export interface PreviewScore {
  /** Whether the text reads as a plan at all. */
  parse_ok: boolean;
  /** The seven metrics: the five the code scores, null for the two only judges score. */
  metrics: Pick<
    ScoreLine,
    | "format"
    | "tool_prompt_alignment"
    | "step_executability"
    | "query_adherence"
    | "dependencies"
    | "redundancy"
    | "tool_usage_completeness"
  >;
  subtotal: number | null;
  subtotal_max: number;
  /** Step F1 against the lineage's final plan as imported, and the rating it gives. */
  f1: number | null;
  rating: ScoreLine["rating"];
  valid: boolean;
  /** Violations of the edited plan, step by step. */
  problems: ScoreLine["violations"];
  /** Why plan build would refuse the edit as a best plan, or null when it would accept it. */
  best_plan_problem: string | null;
}

/**
 * The deterministic score of an edited plan, for the page's live score while editing: scored against the lineage's
 * final plan as imported (F1 and the rating measure how far the edit moved), with the plan's own violations and
 * whether plan build would accept it as a best plan.
 */
export function previewScore(payload: LineagePayload, editedPlanText: string): PreviewScore {
  const reference = canonicalPlan(payload.final.source);
  const fallback: Plan = reference.ok ? reference.plan : { steps: [] };
  const line = scorePlan({
    candidate: editedPlanText,
    reference: fallback,
    tools: DEFAULT_TOOL_DESCRIPTIONS,
    query: payload.query,
    query_id: payload.query_id,
  });
  const strict = strictBestPlan(editedPlanText, DEFAULT_TOOL_DESCRIPTIONS);
  return {
    parse_ok: line.parse_ok,
    metrics: {
      format: line.format,
      tool_prompt_alignment: line.tool_prompt_alignment,
      step_executability: line.step_executability,
      query_adherence: line.query_adherence,
      dependencies: line.dependencies,
      redundancy: line.redundancy,
      tool_usage_completeness: line.tool_usage_completeness,
    },
    subtotal: line.subtotal,
    subtotal_max: line.subtotal_max,
    f1: line.f1,
    rating: line.rating,
    valid: line.validity?.valid ?? line.parse_ok,
    problems: line.violations,
    best_plan_problem: strict.ok ? null : strict.message,
  };
}

/** The plan in paper text, as the source files write it. */
function planText(value: unknown, where: string): string {
  const canonical = canonicalPlan(value);
  if (!canonical.ok) throw new UserError(`${where}: not a readable plan (${canonical.message})`);
  return renderPlan(canonical.plan);
}

function sourceEntry({ key, payload, label }: ExportItem<LineagePayload, LineageLabel>): SourceEntry {
  const where = `lineage ${key}`;
  if (payload.is_subjective === null || payload.is_compound === null)
    throw new UserError(`${where}: is_subjective and is_compound are needed by plan build's format`);
  const verified = planText(verifiedPlan(payload, label), where);
  const revisions = payload.revisions.map((revision, index) => ({
    ...(index === 0 ? {} : { fixes: revision.fixes }),
    ...(revision.judge_only === null ? {} : { judge_only: revision.judge_only }),
    plan: index === payload.revisions.length - 1 ? verified : planText(revision.plan.source, where),
  }));
  const entry = {
    query_id: queryKey(payload.query_id),
    query: payload.query,
    is_subjective: payload.is_subjective,
    is_compound: payload.is_compound,
    best_plan: verified,
    lineage: revisions,
    ...(label.note || payload.note ? { note: label.note || payload.note } : {}),
  };
  const parsed = SourceEntrySchema.safeParse(entry);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UserError(
      `${where}: field ${issue?.path.join(".") || "entry"}: ${issue?.message} (plan build's source format)`,
    );
  }
  return parsed.data;
}

// ---- the page: how a task of this kind is shown and labelled ----

/** lineage: the final plan of a lineage, editable, beside the revision before it; the diff and score follow edits. */

const lineageView: KindView<LineagePayload> = {
  keys: [
    ["a", "accept the final plan as recorded"],
    ["e", "edit the final plan (Esc to leave the editor)"],
    ["u", "undo every edit: back to the final plan as recorded"],
    ["r", "show or hide every revision with its fixes"],
    ["Enter", "accept the plan as shown (as edited, when you edited it)"],
  ],
  render: (p) => html`<p class="query">${p.query}</p>${p.note ? html`<p class="sub">note: ${p.note}</p>` : ""}
<section class="reveal"><button type="button" class="toggle" data-toggle="revisions" data-key="r" aria-expanded="false"><kbd>r</kbd> show all ${p.revisions.length} revisions</button><ol id="revisions" class="revealed" hidden>${p.revisions.map(
    (r, i) =>
      html`<li><h4>Revision ${i + 1}${r.fixes.length > 0 ? html` <span class="sub">fixes: ${r.fixes.join("; ")}</span>` : ""}${
        r.judge_only ? html` <span class="sub">(only a judge sees: ${r.judge_only})</span>` : ""
      }</h4><pre>${r.plan.text}</pre></li>`,
  )}</ol></section>
<div class="columns">
${block("Previous revision", p.previous?.text ?? null, "none: this lineage has one plan", "previous")}
<section class="block"><h3>Final plan <span class="sub">(edit to correct it; the diff and score follow)</span></h3>${textField("plan", "", { rows: 14, initial: p.final.text, className: "editor" })}</section>
</div>
<div class="columns">
<section class="block"><h3>Diff: previous → final</h3><div id="diff" class="diff" data-before="${p.previous?.text ?? ""}" data-original="${p.final.text}"></div></section>
<section class="block"><h3>Deterministic score</h3><div id="score" class="score" aria-live="polite"><p class="empty">scoring…</p></div></section>
</div>
${textField("note", "Note (optional)", { rows: 2 })}`,
};

export const lineageKind: KindModule<LineagePayload, LineageLabel> = {
  kind: "lineage",
  title: "Lineage plans: verify or edit the final plan",
  keyParts: [{ at: 0 }],
  view: lineageView,
  payloadSchema: LineagePayloadSchema,
  labelSchema: LineageLabelSchema,
  check,
  sources: { required: ["queries"], optional: [] },
  importTasks: (sources) => ({ tasks: importTasks(sources) }),
  measures: (_payload, label) => [
    { name: "action", value: label.action, categories: ["accept", "edit"], ordinal: false },
  ],
  exportRecords: (items) => items.map(sourceEntry),
  nativeFormat: "yaml",
  exportFormat: "plan build's source YAML (corpus/plans/tr-NN.yaml)",
};
