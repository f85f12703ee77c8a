/** An authored entry → its built query line: canonical plans, computed steps and hops, the lineage's rules. */
import type { Plan } from "../model.js";
import type { ToolDescriptions } from "../tool-descriptions.js";
import { canonicalPlan, samePlan, strictBestPlan, structureOf } from "./plan-forms.js";
import { MAX_BEST_PLAN_STEPS, type QueryRecord, type Revision, type Split } from "./schema.js";
import { entryError, type LocatedEntry } from "./source.js";

/** Builds a query line with its keys always in the same order, so the JSONL is byte-for-byte reproducible. */
export function queryRecord(fields: {
  query_id: string;
  split: Split;
  query: string;
  is_subjective: boolean;
  is_compound: boolean;
  best_plan: Plan;
  lineage: Revision[] | null;
  grouped?: string | undefined;
}): QueryRecord {
  const { steps, hops } = structureOf(fields.best_plan);
  return {
    query_id: fields.query_id,
    split: fields.split,
    query: fields.query,
    is_subjective: fields.is_subjective,
    is_compound: fields.is_compound,
    best_plan: fields.best_plan,
    steps,
    hops,
    lineage: fields.lineage,
    ...(fields.grouped ? { grouped: fields.grouped } : {}),
  };
}

function lineageOf(located: LocatedEntry, best: Plan): Revision[] | null {
  const { entry, where } = located;
  if (!entry.lineage) return null;
  return entry.lineage.map((revision, index, all) => {
    const field = `lineage[${index}]`;
    if (index === 0 && revision.fixes)
      throw entryError(
        where,
        `${field}.fixes`,
        "expected none: the first revision is the weak starting plan",
      );
    if (index > 0 && !revision.fixes)
      throw entryError(where, `${field}.fixes`, "expected the mistakes this revision fixes");
    const converted = canonicalPlan(revision.plan);
    if (!converted.ok)
      throw entryError(where, `${field}.plan`, `expected a readable plan (${converted.message})`);
    if (index === all.length - 1 && !samePlan(converted.plan, best))
      throw entryError(where, `${field}.plan`, "expected the last revision to be the best plan");
    return { plan: converted.plan, fixes: revision.fixes ?? [] };
  });
}

function checkDistinct(where: string, lineage: readonly Revision[]): void {
  lineage.forEach((revision, index) => {
    const previous = lineage[index - 1];
    if (previous && samePlan(previous.plan, revision.plan))
      throw entryError(where, `lineage[${index}].plan`, `expected a change from revision ${index}`);
  });
}

/** Throws a UserError naming file, entry and field at the first rule the entry breaks. */
export function recordOf(located: LocatedEntry, tools: ToolDescriptions): QueryRecord {
  const { entry, where, split } = located;
  const best = strictBestPlan(entry.best_plan, tools);
  if (!best.ok) throw entryError(where, "best_plan", best.message);
  if (best.plan.steps.length > MAX_BEST_PLAN_STEPS)
    throw entryError(where, "best_plan", `expected at most ${MAX_BEST_PLAN_STEPS} steps`);
  const lineage = lineageOf(located, best.plan);
  if (lineage) checkDistinct(where, lineage);
  return queryRecord({ ...entry, split, best_plan: best.plan, lineage });
}
