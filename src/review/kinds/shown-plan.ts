/**
 * Plans as the page shows them: the paper's text form, with the value the file held kept beside it; and the fields
 * that name a plan, as the plan kinds export them.
 */
import { canonicalPlan } from "../../plans/data/plan-forms.js";
import type { Plan } from "../../plans/model.js";
import { renderPlan } from "../../plans/render.js";
import { truncate } from "../../sanitize.js";

export interface ShownPlan {
  text: string;
  source: string | Record<string, unknown>;
}

/**
 * Text stays as written (a planner's raw output is what the annotator judges); an object is rendered in the paper's
 * text form when it reads as a plan, else shown as indented JSON.
 */
export function shownPlan(value: string | Record<string, unknown> | Plan): ShownPlan {
  const source = value as string | Record<string, unknown>;
  if (typeof value === "string") return { text: value, source };
  const canonical = canonicalPlan(value);
  return { text: canonical.ok ? renderPlan(canonical.plan) : JSON.stringify(value, null, 2), source };
}

/** A task title: the id and the start of the query (at most 90 characters), on one line. */
export function titleOf(id: string, query: string): string {
  return `${id}: ${truncate(query.replace(/\s+/g, " ").trim(), 90)}`;
}

/** How the plan kinds name a plan: a line without a planner or prompt type keeps null. */
interface NamedPlan<Q> {
  query_id: Q;
  planner: string | null;
  prompt_type: string | null;
}

/** The fields that name a plan (query, planner, prompt type), first in every export line of a plan kind, in this order. */
export function planName<Q>(payload: NamedPlan<Q>): NamedPlan<Q> {
  return { query_id: payload.query_id, planner: payload.planner, prompt_type: payload.prompt_type };
}
