/**
 * The oracle's answers to the planning prompts (plan generate, judge, refine, answers): the best plan of the query,
 * judgements that find nothing wrong, and one-shot ratings computed from the plans the prompt shows. Valid replies,
 * so every plan command runs against the mock server; what they score is the reference itself.
 */
import { readFileSync } from "node:fs";
import { parseReference } from "../plans/parse.js";
import { ratingFromF1 } from "../plans/rating.js";
import { renderPlan } from "../plans/render.js";
import { PROMPT_TITLES } from "../workflows/plan-models/prompt-parts.js";
import type { ChatBody, ScriptedReply } from "./openai-server.js";
import {
  type Asked,
  between,
  candidateIds,
  evaluation,
  oneShotAnswer,
  queryOf,
  reviewedStep,
  scriptedModel,
  stepAnswer,
} from "./plan-prompts.js";

/** A prompt the mock server has no answer for: a 400 naming it, not a made-up reply. */
export class UnknownPromptError extends Error {
  readonly status = 400;
}

/** Query text → its best plan in the paper's text form, from a queries JSONL file (data/plans/queries.jsonl). */
export function bestPlans(queriesFile: string): Map<string, string> {
  const plans = new Map<string, string>();
  for (const line of readFileSync(queriesFile, "utf8").split("\n")) {
    if (line.trim() === "") continue;
    const record = JSON.parse(line) as { query?: unknown; best_plan?: unknown };
    const parsed = parseReference(record.best_plan);
    if (typeof record.query === "string" && parsed.ok) plans.set(record.query, renderPlan(parsed.plan));
  }
  return plans;
}

interface Step {
  id: number;
  key: string;
}

/** The steps of a plan shown in a prompt, keyed by tool and prompt (what the one-shot oracle matches on). */
function shownSteps(text: string): Step[] {
  const parsed = parseReference(text);
  return parsed.ok ? parsed.plan.steps.map((s) => ({ id: s.id, key: `${s.tool} ${s.prompt}` })) : [];
}

/** A one-shot rating whose precision, recall and F1 agree with its own match list. */
function oneShot(asked: Asked): string {
  const candidate = shownSteps(between(asked.user, "):\n", "\n\nBest plan P*"));
  const best = shownSteps(asked.user.split(/Best plan P\* \(\d+ steps?\):\n/)[1] ?? "");
  const matches = candidate
    .map((s) => ({ candidate: s.id, best: best.find((b) => b.key === s.key)?.id }))
    .filter((m): m is { candidate: number; best: number } => m.best !== undefined);
  const precision = candidate.length === 0 ? 0 : (matches.length / candidate.length) * 100;
  const recall = (matches.length / Math.max(1, best.length)) * 100;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return oneShotAnswer({ matches, precision, recall, f1_score: f1, rating: ratingFromF1(f1 / 100) });
}

/** The answer judge's reply: every answer valid, on topic, complete and to the point, so "All" tie. */
function answerJudgement(user: string): string {
  const labels = (/^## Answers \(([^)]*)\)$/m.exec(user)?.[1] ?? "").split(", ").filter(Boolean);
  const score = { validity: 1, consistency: 1, completeness: 7, redundancy: 7 };
  return JSON.stringify({
    rationale: "The mock oracle rates every answer alike.",
    scores: Object.fromEntries(labels.map((label) => [label, score])),
    decision: "All",
  });
}

/** True for the answer judge's prompt, which has no title line of the planning prompts. */
export const isAnswerJudgePrompt = (body: ChatBody): boolean =>
  (body.messages[0]?.content ?? "").startsWith("You compare several answers");

/** True for a prompt of plan generate, judge, refine or answers (each opens with its title). */
export const isPlanningPrompt = (body: ChatBody): boolean =>
  isAnswerJudgePrompt(body) ||
  Object.values(PROMPT_TITLES).some((title) => (body.messages[0]?.content ?? "").startsWith(title));

/** The planning half of the oracle: throws UnknownPromptError for a query or prompt it does not know. */
export function oraclePlanner(plans: ReadonlyMap<string, string>): (body: ChatBody) => ScriptedReply {
  const planning = scriptedModel({
    planner: (asked) => {
      const query = queryOf(asked.user);
      const plan = plans.get(query);
      if (plan === undefined)
        throw new UnknownPromptError(`the mock server knows no best plan for "${query}"`);
      return plan;
    },
    metric: (metric, asked) =>
      metric === "query_adherence"
        ? JSON.stringify({ rationale: "It answers the query.", adherence: 1 })
        : stepAnswer(metric, candidateIds(asked.user)),
    oneShot,
    evaluator: (asked) => evaluation(reviewedStep(asked)),
    // The evaluator flags nothing, so the optimizer is asked only if a template changes that: keep the plan.
    optimizer: (asked) => `CHANGE 0: none.\nNEW PLAN:\n${between(asked.user, "Plan:\n", "\n\nFlagged step")}`,
  });
  return (body) => {
    if (isAnswerJudgePrompt(body)) return { content: answerJudgement(body.messages[1]?.content ?? "") };
    try {
      return planning(body);
    } catch (error) {
      if (error instanceof UnknownPromptError) throw error;
      throw new UnknownPromptError(error instanceof Error ? error.message : String(error));
    }
  };
}
