/** The one-shot judge prompt: compare a candidate with the best plan, report the numbers and a 7-point rating. */
import type { ChatMessage } from "../../protocols/render.js";
import { RATINGS } from "../rating.js";
import { renderPlan } from "../render.js";
import type { ToolDescriptions } from "../tool-descriptions.js";
import type { JudgeSubject } from "./judge-prompts.js";
import { describeTools, PLAN_FORMAT, PROMPT_TITLES } from "./prompt-parts.js";

export function oneShotPrompt(subject: JudgeSubject, tools: ToolDescriptions): ChatMessage[] {
  const system = `${PROMPT_TITLES.oneShot}
You compare a candidate plan P with the human-verified best plan P* for the same business question about a contact center, and rate how close P comes to P*.

## Tools
${describeTools(tools)}

## Plan format
${PLAN_FORMAT}

## Matching steps
- A step of P matches a step of P* when both use the same tool, the same placeholders and the same dependencies, and their prompts have the same intent (the wording may differ).
- A step of P that does the work of several steps of P* matches none of them.
- Each step of P matches at most one step of P*, and the other way round.

## The numbers (percentages from 0 to 100)
- precision: matched steps of P / steps of P × 100.
- recall: matched steps of P* / steps of P* × 100.
- f1: 2 × precision × recall / (precision + recall); 0 when both are 0.
- format: share of P's steps with a "step" (or "query") key holding a well-formed tool call and a "depends_on" list.
- dependencies: share of P's steps whose depends_on lists exactly the earlier steps they need.
- placeholders: share of P's steps whose placeholders are well-formed and agree with depends_on.
- parsable: false when P cannot be read as a plan at all.

## The rating
If P is not parsable it is Extremely Bad. Otherwise the rating follows f1: above 95 Extremely Good; above 85 Very Good; above 75 Good; above 60 Acceptable; above 45 Bad; above 30 Very Bad; otherwise Extremely Bad.

## Answer
Reply with one JSON object and nothing else:
{"matches": [{"candidate": <step of P>, "best": <step of P*>}], "parsable": <true or false>, "precision": <0-100>, "recall": <0-100>, "f1": <0-100>, "format": <0-100>, "dependencies": <0-100>, "placeholders": <0-100>, "rating": "<${RATINGS.join(" | ")}>", "reason": "<two sentences at most>"}`;
  const user = `Query: ${subject.query}

Candidate plan P (${subject.stepIds.length} steps: ${subject.stepIds.join(", ")}):
${subject.candidate}

Best plan P* (${subject.reference.steps.length} steps):
${renderPlan(subject.reference)}`;
  return [
    { role: "system", content: system },
    { role: "user", content: user },
  ];
}
