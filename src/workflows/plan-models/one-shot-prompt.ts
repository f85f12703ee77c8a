/**
 * The one-shot judge prompt: compare a candidate with the best plan, reason about each dimension first, then give
 * the scores and a 7-point rating — the paper's structure (rationale before scores, "not valid JSON → Extremely
 * Bad", a rating that is a judgement guided by F1), in the project's words.
 */
import type { ChatMessage } from "../../backends/types.js";
import { RATINGS } from "../../plans/rating.js";
import type { ToolDescriptions } from "../../plans/tool-descriptions.js";
import { builtInTemplate, renderTemplate, type Template } from "../templates.js";
import { type JudgeSubject, subjectValues } from "./judge-prompts.js";
import { PROMPT_TITLES } from "./prompt-parts.js";

export const ONE_SHOT_TEMPLATE = builtInTemplate(
  "one-shot",
  `${PROMPT_TITLES.oneShot}
You compare a candidate plan P with the human-verified best plan P* for the same business question about a contact center, and rate how close P comes to P* on a 7-point scale.

## Tools
{TOOL_DESCRIPTIONS}

## Plan format
{PLAN_FORMAT}

## Matching steps
- A step of P matches a step of P* when both use the same tool, the same placeholders and the same dependencies, and their prompts have the same intent (the wording may differ).
- A step of P that does the work of several steps of P* matches none of them.
- Each step of P matches at most one step of P*, and the other way round.

## The dimensions (percentages from 0 to 100)
- precision: the share of P's steps that match a step of P*.
- recall: the share of P*'s steps that a step of P matches.
- f1_score: 2 × precision × recall / (precision + recall); 0 when both are 0.
- format_correctness: is P valid JSON in the plan format (valid_json), and what share of its steps have a "step" (or "query") key holding a tool call and a "depends_on" list.
- dependencies: the share of P's steps whose depends_on lists exactly the earlier steps they need.
- placeholders: the share of P's steps whose placeholders are well-formed and agree with depends_on.
Precision, recall and F1 compare P with P*; format, dependencies and placeholders check P on its own.

## The rating
- If P is not valid JSON in the plan format, it is Extremely Bad: the other dimensions cannot be judged.
- Otherwise the rating is your judgement of how close P is to P*, based on the dimensions above. As a guide, F1 above 95 is Extremely Good, above 85 Very Good, above 75 Good, above 60 Acceptable, above 45 Bad, above 30 Very Bad, and otherwise Extremely Bad.

## Answer
First write your reasoning for every dimension, then the scores. Reply with one JSON object and nothing else:
{"rationale": {"precision": "...", "recall": "...", "f1_score": "...", "format_correctness": "...", "dependencies": "...", "placeholders": "...", "rating": "..."}, "matches": [{"candidate": <step of P>, "best": <step of P*>}], "score": {"valid_json": <true or false>, "precision": <0-100>, "recall": <0-100>, "f1_score": <0-100>, "format_correctness": <0-100>, "dependencies": <0-100>, "placeholders": <0-100>, "rating": "<${RATINGS.join(" | ")}>"}}`,
  `Query: {QUERY}

Candidate plan P ({STEP_COUNT} steps: {STEP_IDS}):
{CANDIDATE_PLAN}

Best plan P* ({BEST_STEP_COUNT} steps):
{BEST_PLAN}`,
);

export function oneShotPrompt(
  subject: JudgeSubject,
  tools: ToolDescriptions,
  template: Template = ONE_SHOT_TEMPLATE,
): ChatMessage[] {
  return renderTemplate(template, {
    ...subjectValues(subject, tools),
    BEST_STEP_COUNT: String(subject.reference.steps.length),
  });
}
