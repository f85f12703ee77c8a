/** Prompts of the lineage loop: the step-wise evaluator (no query in sight) and the plan optimizer. */
import { z } from "zod";
import type { ChatMessage } from "../../backends/types.js";
import type { Plan, PlanStep } from "../../plans/model.js";
import { parsePlan, toCanonical } from "../../plans/parse.js";
import { STEP_TAGS } from "../../plans/query-records.js";
import { renderPlan } from "../../plans/render.js";
import type { ToolDescriptions } from "../../plans/tool-descriptions.js";
import { builtInTemplate, renderTemplate, type Template } from "../templates.js";
import { describeTools, PLAN_FORMAT, PROMPT_TITLES, tagGlossary } from "./prompt-parts.js";
import type { StructuredSpec } from "./structured.js";

const FindingSchema = z.strictObject({ reason: z.string().min(1), tag: z.enum(STEP_TAGS) });

type Finding = z.infer<typeof FindingSchema>;

/**
 * The evaluator's JSON answer for one step, exactly as its prompt asks: the step it judged and its findings (several
 * tags may apply, each with its reason first). `layout: "json"` is added by us, never read from the reply.
 */
export const EvaluationSchema = z
  .strictObject({ step: z.number().int(), findings: z.array(FindingSchema).min(1) })
  .transform((value) => ({ ...value, layout: "json" as const }));

/** The paper's text layout: the step number on a line of its own when given, then `1. <reason>: <TAG>` per line. */
interface PaperEvaluation {
  step?: number;
  findings: Finding[];
  layout: "paper";
}

export type Evaluation = z.output<typeof EvaluationSchema> | PaperEvaluation;

const TAG_LINE = new RegExp(`^\\s*\\d+[.)]\\s*([\\s\\S]*?)\\s*:\\s*(${STEP_TAGS.join("|")})\\s*\\.?\\s*$`);
/** The paper's `<STEP NUMBER>` line: a number alone (or `Step 3`, `3:`), before the findings. */
const STEP_LINE = /^\s*(?:step\s*(?:number\s*)?[:#]?\s*)?(\d+)\s*[:.)]?\s*$/i;

/** The paper's text layout (leniency, docs/prompts.md). */
function paperFindings(text: string): PaperEvaluation | null {
  const lines = text.split("\n");
  const findings = lines.flatMap((line) => {
    const match = TAG_LINE.exec(line);
    return match ? [{ reason: match[1] || "(no reason given)", tag: match[2] as Finding["tag"] }] : [];
  });
  if (findings.length === 0) return null;
  const first = lines.find((line) => line.trim() !== "") ?? "";
  const stated = STEP_LINE.exec(first);
  return stated ? { step: Number(stated[1]), findings, layout: "paper" } : { findings, layout: "paper" };
}

/** How an evaluation of step `stepId` is read: the step it names must be that step, and NO CHANGE stands alone. */
export function evaluationSpec(stepId: number): StructuredSpec<Evaluation> {
  return {
    schema: EvaluationSchema,
    fallback: paperFindings,
    check: (value) => {
      if (value.step !== undefined && value.step !== stepId)
        return `the answer is about step ${value.step}, but the step under review is step ${stepId}`;
      return value.findings.length > 1 && value.findings.some((f) => f.tag === "NO CHANGE")
        ? "NO CHANGE stands alone: it means no other tag applies"
        : null;
    },
  };
}

/** The tags an evaluation raises (NO CHANGE raises none). */
export function raisedTags(evaluation: Evaluation): string[] {
  return [...new Set(evaluation.findings.map((f) => f.tag).filter((tag) => tag !== "NO CHANGE"))];
}

/** The steps a step takes input from or depends on, in plan order. */
export function dependencySteps(plan: Plan, step: PlanStep): PlanStep[] {
  const ids = new Set([...step.depends_on, ...step.inputs]);
  return plan.steps.filter((other) => other.id !== step.id && ids.has(other.id));
}

/** The evaluator sees one step and its dependency steps only: the paper found that more consistent. */
export const EVALUATOR_TEMPLATE = builtInTemplate(
  "step-evaluator",
  `${PROMPT_TITLES.evaluator}
You review one step of a plan that tool-using agents will execute to answer a business question about a contact center. You see the step and the steps whose output it uses, not the question: judge whether the step is sound given its inputs.

## Tools
{TOOL_DESCRIPTIONS}

## Plan format
{PLAN_FORMAT}

## Tags, in the order you consider them
1. The critical problems first: INCORRECT PROMPT, COMPLEX PROMPT, INCORRECT TOOL (compare with the dependency steps where that matters).
2. Then REPEATED DETAIL (compare with the dependency steps).
3. Then MULTI-TOOL PROMPT: could the other data tool do this task too?
4. Only if nothing applies: NO CHANGE.
Several tags may apply to one step: report each that does.
What they mean:
{TAGS}
A placeholder that is missing for a dependency, malformed, or names the wrong step makes the prompt incorrect.

## Answer
For each problem, first its reason, then its tag. Reply with one JSON object and nothing else:
{"step": <step number>, "findings": [{"reason": "<one or two sentences>", "tag": "<${STEP_TAGS.join(" | ")}>"}]}
NO CHANGE is the only finding when nothing applies, and never appears beside another tag.`,
  `Step to review ({STEP_NUMBER}):
{STEP}

Steps it depends on:
{DEPENDENCY_STEPS}`,
);

export function evaluatorPrompt(
  plan: Plan,
  step: PlanStep,
  tools: ToolDescriptions,
  template: Template = EVALUATOR_TEMPLATE,
): ChatMessage[] {
  const deps = dependencySteps(plan, step);
  return renderTemplate(template, {
    TOOL_DESCRIPTIONS: describeTools(tools),
    PLAN_FORMAT,
    TAGS: tagGlossary(STEP_TAGS),
    STEP_NUMBER: String(step.id),
    STEP: renderPlan({ steps: [step] }),
    DEPENDENCY_STEPS: deps.length > 0 ? renderPlan({ steps: deps }) : "none",
  });
}

/** The optimizer sees the query, the whole plan and the findings; it makes the local fix and keeps the rest coherent. */
export const OPTIMIZER_TEMPLATE = builtInTemplate(
  "optimizer",
  `${PROMPT_TITLES.optimizer}
You revise a plan for a business question about a contact center after a reviewer flagged one of its steps. Make two kinds of change and nothing else:
CHANGE 0: fix the flagged step as the feedback asks: sharpen its prompt, split it into several steps, give it another tool, remove the repeated detail, or add a step that asks the same question of the other data tool (unless the plan already has one).
CHANGE 1: only what CHANGE 0 makes necessary to keep the plan coherent: renumber the steps, update later depends_on lists and placeholders, add a final LLM step that combines outputs now produced side by side, drop steps CHANGE 0 made pointless. Make no other improvement.

## Tools
{TOOL_DESCRIPTIONS}

## Plan format
{PLAN_FORMAT}

## What the reviewer's tags mean
{TAGS}

## Answer
Reply in exactly this layout:
CHANGE 0: <what you changed in the flagged step, and why>
CHANGE 1: <what else you adjusted to keep the plan coherent, or none>
NEW PLAN:
<the whole revised plan in the plan format, steps numbered from 1>`,
  `Query: {QUERY}

Plan:
{PLAN}

Flagged step: {STEP_NUMBER}
Feedback:
{FEEDBACK}`,
);

export interface Flag {
  step: PlanStep;
  evaluation: Evaluation;
}

export function optimizerPrompt(
  query: string,
  plan: Plan,
  flag: Flag,
  tools: ToolDescriptions,
  template: Template = OPTIMIZER_TEMPLATE,
): ChatMessage[] {
  const feedback = flag.evaluation.findings
    .filter((f) => f.tag !== "NO CHANGE")
    .map((f) => `- ${f.reason}: ${f.tag}`)
    .join("\n");
  return renderTemplate(template, {
    QUERY: query,
    TOOL_DESCRIPTIONS: describeTools(tools),
    PLAN_FORMAT,
    TAGS: tagGlossary(STEP_TAGS),
    PLAN: renderPlan(plan),
    STEP_NUMBER: String(flag.step.id),
    FEEDBACK: feedback,
  });
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
