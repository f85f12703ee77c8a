/**
 * The lineage editor's live score: the edited text scored by `plan score`'s deterministic checks against the final
 * plan as recorded (for the shipped train lineages, the query's best plan). Unchanged text scores as the recorded
 * plan does; each edit shows what it costs or fixes before the annotator accepts it.
 */
import { parseReference } from "../../plans/parse.js";
import { scorePlan } from "../../plans/score.js";
import { DEFAULT_TOOL_DESCRIPTIONS } from "../../plans/tool-descriptions.js";
import { LineagePayloadSchema } from "../contract.js";

export interface PreviewScore {
  parse_ok: boolean;
  rating: string;
  f1: number | null;
  subtotal: number | null;
  subtotal_max: number;
  scores: Record<string, number | null>;
  violations: { step: number | null; code: string; message: string }[];
}

export type PreviewResult = PreviewScore | { error: string; field: string };

export function previewLineageScore(payload: unknown, text: string): PreviewResult {
  const lineage = LineagePayloadSchema.safeParse(payload);
  if (!lineage.success) return { error: "the task's payload is not a lineage", field: "payload" };
  const reference = parseReference(lineage.data.final.source);
  if (!reference.ok)
    return { error: `the recorded final plan does not parse: ${reference.message}`, field: "plan" };
  const line = scorePlan({
    candidate: text,
    reference: reference.plan,
    tools: DEFAULT_TOOL_DESCRIPTIONS,
    query: lineage.data.query,
    query_id: lineage.data.query_id,
  });
  return {
    parse_ok: line.parse_ok,
    rating: line.rating,
    f1: line.f1,
    subtotal: line.subtotal,
    subtotal_max: line.subtotal_max,
    scores: {
      format: line.format,
      step_executability: line.step_executability,
      dependencies: line.dependencies,
      redundancy: line.redundancy,
      tool_usage_completeness: line.tool_usage_completeness,
    },
    violations: line.violations.map((v) => ({ step: v.step, code: v.code, message: v.message })),
  };
}
