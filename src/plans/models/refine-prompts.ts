/** Prompts of the lineage loop: the step-wise evaluator (no query in sight) and the plan optimizer. */
import { z } from "zod";
import type { ChatMessage } from "../../protocols/render.js";
import type { Plan, PlanStep } from "../model.js";
import { parsePlan, toCanonical } from "../parse.js";
import { renderPlan } from "../render.js";
import type { ToolDescriptions } from "../tool-descriptions.js";
import { describeTools, PLAN_FORMAT, PROMPT_TITLES, tagGlossary } from "./prompt-parts.js";
import { STEP_TAGS } from "./records.js";
import type { StructuredSpec } from "./structured.js";

export const EvaluationSchema = z.strictObject({ tag: z.enum(STEP_TAGS), reason: z.string().min(1) });
export type Evaluation = z.infer<typeof EvaluationSchema>;
export const evaluationSpec: StructuredSpec<Evaluation> = { schema: EvaluationSchema };

/** The steps a step takes input from or depends on, in plan order. */
export function dependencySteps(plan: Plan, step: PlanStep): PlanStep[] {
  const ids = new Set([...step.depends_on, ...step.inputs]);
  return plan.steps.filter((other) => other.id !== step.id && ids.has(other.id));
}

/** The evaluator sees one step and its dependency steps only: the paper found that more consistent. */
export function evaluatorPrompt(plan: Plan, step: PlanStep, tools: ToolDescriptions): ChatMessage[] {
  const system = `${PROMPT_TITLES.evaluator}
You review one step of a plan that tool-using agents will execute to answer a business question about a contact center. You see the step and the steps whose output it uses, not the question: judge whether the step is sound given its inputs.

## Tools
${describeTools(tools)}

## Plan format
${PLAN_FORMAT}

## Tags, in the order you consider them
1. The critical problems first: INCORRECT PROMPT, COMPLEX PROMPT, INCORRECT TOOL (compare with the dependency steps where that matters).
2. If none applies: REPEATED DETAIL (compare with the dependency steps).
3. If none applies: MULTI-TOOL PROMPT.
4. Only if nothing applies: NO CHANGE.
What they mean:
${tagGlossary(STEP_TAGS)}
A placeholder that is missing for a dependency, malformed, or names the wrong step makes the prompt incorrect.

## Answer
Reply with one JSON object and nothing else, naming the first tag that applies in the order above:
{"tag": "<${STEP_TAGS.join(" | ")}>", "reason": "<one or two sentences>"}`;
  const deps = dependencySteps(plan, step);
  const user = `Step to review:
${renderPlan({ steps: [step] })}

Steps it depends on:
${deps.length > 0 ? renderPlan({ steps: deps }) : "none"}`;
  return [
    { role: "system", content: system },
    { role: "user", content: user },
  ];
}

export interface Flag {
  step: PlanStep;
  evaluation: Evaluation;
}

/** The optimizer sees the query, the whole plan and the flag; it makes the local fix and keeps the rest coherent. */
export function optimizerPrompt(
  query: string,
  plan: Plan,
  flag: Flag,
  tools: ToolDescriptions,
): ChatMessage[] {
  const system = `${PROMPT_TITLES.optimizer}
You revise a plan for a business question about a contact center after a reviewer flagged one of its steps. Make two kinds of change and nothing else:
CHANGE 0: fix the flagged step as the feedback asks: sharpen its prompt, split it into several steps, give it another tool, remove the repeated detail, or add a step that asks the same question of the other data tool (unless the plan already has one).
CHANGE 1: only what CHANGE 0 makes necessary to keep the plan coherent: renumber the steps, update later depends_on lists and placeholders, add a final LLM step that combines outputs now produced side by side, drop steps CHANGE 0 made pointless. Make no other improvement.

## Tools
${describeTools(tools)}

## Plan format
${PLAN_FORMAT}

## What the reviewer's tags mean
${tagGlossary(STEP_TAGS)}

## Answer
Reply in exactly this layout:
CHANGE 0: <what you changed in the flagged step, and why>
CHANGE 1: <what else you adjusted to keep the plan coherent, or none>
NEW PLAN:
<the whole revised plan in the plan format, steps numbered from 1>`;
  const user = `Query: ${query}

Plan:
${renderPlan(plan)}

Flagged step: ${flag.step.id}
Tag: ${flag.evaluation.tag}
Feedback: ${flag.evaluation.reason}`;
  return [
    { role: "system", content: system },
    { role: "user", content: user },
  ];
}

export type OptimizerReading =
  | { ok: true; plan: Plan; change0: string | null; change1: string | null }
  | { ok: false; message: string; change0: string | null; change1: string | null };

// Upper case only: "the new plan" in the prose of a change note must not be taken for the marker.
const CHANGE_0 = /"?CHANGE 0"?\s*:/;
const CHANGE_1 = /"?CHANGE 1"?\s*:/;
const NEW_PLAN = /"?NEW PLAN(?: STARTS)?"?\s*:?/;

function section(text: string, start: RegExp, end: RegExp): string | null {
  const from = start.exec(text);
  if (!from) return null;
  const rest = text.slice(from.index + from[0].length);
  const to = end.exec(rest);
  const body = (to ? rest.slice(0, to.index) : rest).trim().replace(/^"|",?$/g, "");
  return body === "" ? null : body;
}

/** The revised plan after the NEW PLAN marker (the whole reply without one), read with the plan reader. */
export function readOptimizerAnswer(text: string): OptimizerReading {
  const change0 = section(text, CHANGE_0, CHANGE_1);
  const change1 = section(text, CHANGE_1, NEW_PLAN);
  const marker = NEW_PLAN.exec(text);
  const planText = marker ? text.slice(marker.index + marker[0].length) : text;
  const parsed = parsePlan(planText);
  if (!parsed.ok) return { ok: false, message: parsed.message, change0, change1 };
  const canonical = toCanonical(parsed.steps);
  if (!canonical.ok) return { ok: false, message: canonical.message, change0, change1 };
  return { ok: true, plan: canonical.plan, change0, change1 };
}
