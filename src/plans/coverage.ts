/**
 * Coverage, beyond the paper and kept out of its seven metrics (docs/plan-matching.md, section 6): does every
 * slot of the query reach some step, and does the final step produce what the query asks for?
 */

import { type SlotName, slotsExcept } from "./intent/lexicon.js";
import { readIntent, type Slots } from "./intent/slots.js";
import type { PlaceholderRef, StepLike } from "./model.js";
import { readPromptPlaceholders } from "./placeholders.js";
import type { ToolDescriptions } from "./tool-descriptions.js";

export const ANSWER_KINDS = [
  "compare",
  "share",
  "average",
  "count",
  "sum",
  "rank",
  "list",
  "explanation",
  "value",
] as const;
export type AnswerKind = (typeof ANSWER_KINDS)[number];

export interface Coverage {
  asks: AnswerKind;
  /** What the final step yields: an aggregation, "ids", "answer" (an LLM step answering (query)) or "text". */
  final_produces: string;
  /** Query slots no step addresses, as "slot=value". */
  missing_slots: string[];
  answers_query: boolean;
}

/** Slots a step must carry for the query's population and measure to be addressed at all. */
// Left out: how the answer is aggregated or grouped, what is requested, and the context slots (segment, business,
// direction, language) that refine a population rather than name it.
const SHAPING = ["aggregation", "group", "requests"] as const;
const CONTEXT = ["segment", "business", "direction", "language"] as const;
const COVERED = slotsExcept(...SHAPING, ...CONTEXT);
/** Most specific first: "the average score of the top five agents" asks for averages. */
const AGGREGATES: readonly AnswerKind[] = ["compare", "share", "average", "count", "sum"];

function asked(query: string, slots: Slots): AnswerKind {
  const aggregation = slots.aggregation ?? [];
  const found = AGGREGATES.find((kind) => aggregation.includes(kind));
  if (found) return found;
  if (aggregation.includes("rank")) return "rank";
  if (/^\s*(which|list|who)\b/i.test(query) || aggregation.includes("ids")) return "list";
  if (/^\s*(why|how|what)\b/i.test(query)) return "explanation";
  return "value";
}

function carriesQuery(step: StepLike & { placeholders?: readonly PlaceholderRef[] }): boolean {
  const refs = step.placeholders ?? readPromptPlaceholders(step.prompt).refs;
  return refs.some((r) => r.kind === "query");
}

function produced(step: StepLike, tools: ToolDescriptions): string {
  if (step.tool === "LLM" && carriesQuery(step)) return "answer";
  const aggregation = readIntent(step.prompt, tools).slots.aggregation ?? [];
  const found = AGGREGATES.find((kind) => aggregation.includes(kind));
  if (found) return found;
  if (aggregation.includes("ids")) return "ids";
  return "text";
}

function delivers(asks: AnswerKind, produces: string): boolean {
  if (produces === "answer") return true;
  switch (asks) {
    case "list":
      // Ids, a ranking or a table of rows all list something; nothing in the text says which is meant.
      return true;
    case "rank":
    case "explanation":
    case "value":
      return produces !== "ids";
    default:
      return produces === asks;
  }
}

/** @example coverageOf("What share of refund calls were escalated?", plan.steps, tools).answers_query */
export function coverageOf(query: string, steps: readonly StepLike[], tools: ToolDescriptions): Coverage {
  const wanted = readIntent(query, tools).slots;
  const addressed = new Map<SlotName, Set<string>>();
  for (const step of steps) {
    const slots = readIntent(step.prompt, tools).slots;
    for (const name of COVERED)
      for (const value of slots[name] ?? [])
        addressed.set(name, (addressed.get(name) ?? new Set()).add(value));
  }
  // "any" (the query names the field without a value: "resolution rate") is addressed by any value of it.
  const missing = COVERED.flatMap((name) =>
    (wanted[name] ?? [])
      .filter((value) => !(addressed.get(name)?.has(value) || (value === "any" && addressed.has(name))))
      .map((value) => `${name}=${value}`),
  );
  const asks = asked(query, wanted);
  const last = steps.at(-1);
  const final_produces = last ? produced(last, tools) : "nothing";
  return {
    asks,
    final_produces,
    missing_slots: missing,
    answers_query: missing.length === 0 && last !== undefined && delivers(asks, final_produces),
  };
}

/** Whether the final step fails to produce what is asked; the one coverage finding that caps the rating. */
export function finalStepMissesAnswer(coverage: Coverage): boolean {
  return !delivers(coverage.asks, coverage.final_produces);
}
