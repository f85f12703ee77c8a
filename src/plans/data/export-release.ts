/** Our query lines and plan lines → the paper's queries.csv and plans.csv, plans in the paper's text form. */
import type { PlanRecord } from "../records.js";
import { renderPlan } from "../render.js";
import { encodeLineage } from "./lineage-cell.js";
import { canonicalPlan } from "./plan-forms.js";
import { formatFlag, PLAN_COLUMNS, QUERY_COLUMNS, writeCsv } from "./release-csv.js";
import type { QueryRecord } from "./schema.js";

export function exportQueries(records: readonly QueryRecord[]): string {
  return writeCsv(
    QUERY_COLUMNS,
    records.map((record) => ({
      query_id: record.query_id,
      Sample: record.split,
      query: record.query,
      is_query_subjective: formatFlag(record.is_subjective),
      is_query_compound: formatFlag(record.is_compound),
      "# steps in the BPP": String(record.steps),
      grouped: record.grouped ?? "",
      best_plan: renderPlan(record.best_plan),
      plan_lineage: encodeLineage(record.lineage),
    })),
  );
}

/** A raw planner output stays as written; a plan given as a JSON object is rendered when it reads as one. */
function planCell(plan: PlanRecord["plan"]): string {
  if (typeof plan === "string") return plan;
  const converted = canonicalPlan(plan);
  return converted.ok ? renderPlan(converted.plan) : JSON.stringify(plan);
}

export function exportPlans(records: readonly PlanRecord[]): string {
  return writeCsv(
    PLAN_COLUMNS,
    records.map((record) => ({
      query_id: String(record.query_id),
      llm: record.planner,
      prompt_type: record.prompt_type,
      plan: planCell(record.plan),
    })),
  );
}
