/**
 * The `plan_lineage` cell: a JSON list of revisions, first to last (the last is the best plan), each
 * `{"plan": "<paper text form>", "fixes": ["<mistake kind>", …]}`. On import a bare string stands for a revision
 * with no fixes named, so a plain JSON list of plan texts reads too. An empty cell means no lineage.
 */
import { z } from "zod";
import { formatPath } from "../../errors.js";
import { renderPlan } from "../render.js";
import { canonicalPlan } from "./plan-forms.js";
import type { Revision } from "./schema.js";

const CellRevisionSchema = z.union([
  z.string().min(1),
  z.strictObject({ plan: z.string().min(1), fixes: z.array(z.string().min(1)).default([]) }),
]);
const CellSchema = z.array(CellRevisionSchema).min(1);

export type DecodedLineage = { ok: true; lineage: Revision[] | null } | { ok: false; expected: string };

const EXPECTED = 'a JSON list of revisions ("plan text" or {"plan": "…", "fixes": […]}), or an empty cell';

export function decodeLineage(cell: string): DecodedLineage {
  if (cell.trim() === "") return { ok: true, lineage: null };
  let value: unknown;
  try {
    value = JSON.parse(cell);
  } catch {
    return { ok: false, expected: `${EXPECTED}; found text that is not JSON` };
  }
  const parsed = CellSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      expected: `${EXPECTED}; ${formatPath(issue?.path ?? [])}: ${issue?.message ?? "invalid"}`,
    };
  }
  const lineage: Revision[] = [];
  for (const [index, item] of parsed.data.entries()) {
    const { plan, fixes } = typeof item === "string" ? { plan: item, fixes: [] } : item;
    const converted = canonicalPlan(plan);
    if (!converted.ok)
      return { ok: false, expected: `a readable plan in revision ${index + 1} (${converted.message})` };
    lineage.push({ plan: converted.plan, fixes });
  }
  return { ok: true, lineage };
}

export function encodeLineage(lineage: readonly Revision[] | null): string {
  if (lineage === null) return "";
  return JSON.stringify(
    lineage.map((revision) => ({ plan: renderPlan(revision.plan), fixes: revision.fixes })),
  );
}
