/** Small plan data for the model-driven tests, in the shape of data/plans/queries.jsonl (not read from it). */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Plan } from "../../../plans/model.js";
import {
  PAYMENT_SENTIMENT_PLAN,
  REFUND_BEST_PLAN,
  REFUND_INITIAL_PLAN,
  REFUND_QUERY,
} from "../../../plans/paper-examples.js";
import { parseReference } from "../../../plans/parse.js";

export function canonical(text: string): Plan {
  const parsed = parseReference(text);
  if (!parsed.ok) throw new Error(`fixture plan does not parse: ${parsed.message}`);
  return parsed.plan;
}

/** The worked example's middle revision: the population fixed, the tool pair still missing. */
export const REFUND_MIDDLE_PLAN = REFUND_INITIAL_PLAN.replace(
  "interaction_ids of interactions",
  "call_ids of calls",
);

export const ESCALATION_QUERY = "Why do escalated calls about delivery delays take so long to resolve?";
export const ESCALATION_BEST = `{1: {"step": T2S([], "Fetch call_ids of escalated calls about delivery delays."), "depends_on": []}, 2: {"step": RAG((1), "Why do these calls take long to resolve?"), "depends_on": [1]}}`;

export const SENTIMENT_QUERY = "How did customer sentiment shift during unresolved calls?";
export const SENTIMENT_BEST = `{1: {"step": T2S([], "Fetch call_ids of unresolved calls."), "depends_on": []}, 2: {"step": RAG((1), "How did customer sentiment shift during these calls?"), "depends_on": [1]}, 3: {"step": LLM("Summarise the sentiment shifts in (2) to answer (query)"), "depends_on": [2]}}`;

export const QA_QUERY = "What is the average QA score of calls transferred to the billing team?";
export const QA_BEST = `{1: {"step": T2S([], "What is the average QA score of calls transferred to the billing team?"), "depends_on": []}}`;

/** Two train queries with lineages and three test queries. */
export function queryLines(): Record<string, unknown>[] {
  return [
    {
      query_id: "te-001",
      split: "test",
      query: ESCALATION_QUERY,
      is_subjective: true,
      is_compound: false,
      best_plan: canonical(ESCALATION_BEST),
      lineage: null,
    },
    {
      query_id: "te-002",
      split: "test",
      query: SENTIMENT_QUERY,
      is_subjective: true,
      is_compound: false,
      best_plan: canonical(SENTIMENT_BEST),
      lineage: null,
    },
    {
      query_id: "te-003",
      split: "test",
      query: QA_QUERY,
      is_subjective: false,
      is_compound: false,
      best_plan: canonical(QA_BEST),
      lineage: null,
    },
    {
      query_id: "tr-002",
      split: "train",
      query: "What patterns of customer sentiment emerge in calls about payment adjustments?",
      is_subjective: true,
      is_compound: false,
      best_plan: canonical(PAYMENT_SENTIMENT_PLAN),
      lineage: [
        { plan: canonical(PAYMENT_SENTIMENT_PLAN.replace(/, 3: .*$/, "}")), fixes: [] },
        { plan: canonical(PAYMENT_SENTIMENT_PLAN), fixes: ["missing dual-tool step"] },
      ],
    },
    {
      query_id: "tr-001",
      split: "train",
      query: REFUND_QUERY,
      is_subjective: true,
      is_compound: false,
      best_plan: canonical(REFUND_BEST_PLAN),
      lineage: [
        { plan: canonical(REFUND_INITIAL_PLAN), fixes: [] },
        { plan: canonical(REFUND_MIDDLE_PLAN), fixes: ["INCORRECT PROMPT"] },
        { plan: canonical(REFUND_BEST_PLAN), fixes: ["MULTI-TOOL PROMPT"] },
      ],
    },
  ];
}

export function writeJsonl(directory: string, name: string, lines: readonly unknown[]): string {
  const path = join(directory, name);
  writeFileSync(path, lines.map((line) => `${JSON.stringify(line)}\n`).join(""));
  return path;
}
