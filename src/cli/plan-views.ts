/** The plan viewer's data for `plan report --plans`: each plan scored as `plan score` scores it, with its judge's rationale. */

import { queryKey } from "../plans/records.js";
import { renderPlan } from "../plans/render.js";
import type { PlanView } from "../plans/report/html/plan-viewer.js";
import type { ReportLine } from "../plans/report/inputs.js";
import { scorePlanFiles } from "./plan-score.js";

const keyOf = (line: {
  query_id: string | number | null;
  planner: string | null;
  prompt_type: string | null;
}) => JSON.stringify([queryKey(line.query_id ?? ""), line.planner, line.prompt_type]);

/** A judged line keeps every judge answer: each parsed answer's rationale (a text, or a text per dimension). */
function rationaleOf(line: ReportLine | undefined): { metric: string; text: string }[] {
  const answers =
    (line?.judge as { answers?: Record<string, { value?: unknown }> } | undefined)?.answers ?? {};
  return Object.entries(answers).flatMap(([metric, answer]) => {
    const rationale = (answer.value as { rationale?: unknown } | null | undefined)?.rationale;
    if (typeof rationale === "string") return [{ metric, text: rationale }];
    if (rationale && typeof rationale === "object")
      return Object.entries(rationale).flatMap(([part, text]) =>
        typeof text === "string" ? [{ metric: `${metric}: ${part}`, text }] : [],
      );
    return [];
  });
}

export function planViews(plans: string, reference: string, lines: readonly ReportLine[]): PlanView[] {
  const judged = new Map(lines.map((line) => [keyOf(line), line]));
  return scorePlanFiles({ plans, queries: reference }).map((scored) => {
    const line = scored.line;
    return {
      query_id: queryKey(line.query_id ?? ""),
      query: scored.query,
      planner: line.planner,
      prompt_type: line.prompt_type,
      rating: line.rating,
      f1: line.f1,
      candidate:
        typeof scored.candidate === "string" ? scored.candidate : JSON.stringify(scored.candidate, null, 2),
      reference: renderPlan(scored.reference),
      mapping: scored.match?.explain() ?? [],
      violations: line.violations,
      rationale: rationaleOf(judged.get(keyOf(line))),
    };
  });
}
