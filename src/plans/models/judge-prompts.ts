/**
 * The metric-wise judge: one prompt per metric ("deconstructed"), each showing the query, the candidate plan as
 * written and the human-verified best plan. Rubrics written for this project from docs/paper-notes.md.
 */
import type { ChatMessage } from "../../protocols/render.js";
import type { Plan } from "../model.js";
import { PLAN_POINTS } from "../points.js";
import { renderPlan } from "../render.js";
import type { ToolDescriptions } from "../tool-descriptions.js";
import { describeTools, PLAN_FORMAT, PROMPT_TITLES } from "./prompt-parts.js";

/** The seven metrics in the paper's order, with their points (total 100), from the one table. */
export const JUDGE_POINTS = PLAN_POINTS;
export type JudgeMetric = keyof typeof JUDGE_POINTS;
export const JUDGE_METRICS = Object.keys(JUDGE_POINTS) as JudgeMetric[];

interface Rubric {
  title: string;
  rules: (tools: ToolDescriptions) => string[];
  /** How the best plan is to be used: as the yardstick, or only as an example of a sound plan. */
  reference: "yardstick" | "example";
}

function triggerList(tools: ToolDescriptions): string {
  const groups = [
    ["call drivers", tools.triggers.call_drivers],
    ["moments", tools.triggers.moments],
    ["QA metrics", tools.triggers.qa],
  ] as const;
  return groups
    .map(
      ([name, triggers]) =>
        `${name}: ${triggers.map((t) => [t.phrase, ...t.variants].join(" / ")).join("; ")}`,
    )
    .join("\n  ");
}

const RUBRICS: Record<JudgeMetric, Rubric> = {
  format: {
    title: "Format",
    reference: "example",
    rules: () => [
      "The plan must be readable in the format above: balanced braces, brackets and parentheses; strings in double quotes with inner quotes escaped; commas between entries. A syntax error counts against the step whose text holds it.",
      'Each step has a "step" (or "query") key holding the tool call, and a "depends_on" list.',
      "Every dependency has a well-formed placeholder: (k) for the output of step k, in the first argument of T2S and RAG, inside the prompt of LLM. A placeholder such as (1, 2) is malformed.",
      "An LLM step whose prompt refers to the user's question must carry (query).",
    ],
  },
  tool_prompt_alignment: {
    title: "Tool-prompt alignment",
    reference: "yardstick",
    rules: () => [
      "For each step, read its tool and its prompt: can the tool do everything the prompt asks? If any part of the prompt is beyond the tool, the step violates the rule.",
      "What happens within a conversation (how sentiment shifted during a call, what was said when) is only visible to RAG, never to T2S.",
      "LLM only works on the outputs of earlier steps; a prompt that needs data no earlier step provides is beyond it.",
      "The best plan shows which tool suits which kind of prompt for this query.",
    ],
  },
  step_executability: {
    title: "Step executability",
    reference: "yardstick",
    rules: (tools) => [
      "Assume every tool can do what it is asked; judge only whether each step can be done in one go.",
      "RAG: a prompt must ask one thing at a time. A RAG prompt with several questions violates the rule.",
      `T2S: count the fields of these groups the prompt uses (close paraphrases count too):\n  ${triggerList(tools)}\n  More than 3 of them in one T2S prompt is too much for one go and violates the rule. Fetching ids ("fetch call_ids", "fetch interaction_ids") is not such a field, and simple maths (counts, averages) is fine.`,
      "LLM steps are not judged here.",
    ],
  },
  query_adherence: {
    title: "Query adherence",
    reference: "yardstick",
    rules: () => [
      "Suppose every step ran perfectly and returned exactly what its prompt asks, with placeholders replaced by the query and by the outputs of earlier steps. Would the final step's output answer the query?",
      "Ignore tool choice and format; look only at the prompts and the dependencies.",
      "'call_ids' and 'interaction_ids' are the same; what follows decides: ids of calls select calls, ids of interactions also select chats and emails.",
      "A final step whose prompt states the question well needs no (query) placeholder.",
      "adherence is 1 when the plan addresses every part of the query, 0.5 when it answers it only in part or with a flaw, 0 when it does not answer it.",
    ],
  },
  dependencies: {
    title: "Dependencies",
    reference: "example",
    rules: () => [
      'Only the "depends_on" lists are judged. Use the prompts and placeholders to see which earlier outputs each step needs.',
      "A step violates the rule when its list misses a step whose output it needs, or lists a step it does not need (including itself or a later step).",
    ],
  },
  redundancy: {
    title: "Redundancy",
    reference: "example",
    rules: () => [
      "Only two kinds of redundancy count.",
      "Repeated detail (T2S steps only): a T2S step that takes ids from earlier steps and repeats in its prompt a filter those ids already encode, which causes needless joins. 'in these calls' or 'in these interactions' is not a repetition. RAG and LLM steps never violate this.",
      "Ignored step: a step whose output never reaches the final step (follow the depends_on lists back from the last step).",
    ],
  },
  tool_usage_completeness: {
    title: "Tool-usage completeness",
    reference: "yardstick",
    rules: () => [
      "Look in the best plan for pairs of steps with the same prompt and different data tools (one T2S, one RAG): the question is asked of both stores.",
      "For each such pair, the candidate is fine if it has both halves or neither. If it has only one half, that candidate step violates the rule.",
      "If the best plan has no such pair, no step violates the rule.",
    ],
  },
};

export function metricTitle(metric: JudgeMetric): string {
  return RUBRICS[metric].title;
}

function answerFormat(metric: JudgeMetric): string {
  const points = JUDGE_POINTS[metric];
  if (metric === "query_adherence")
    return `Reply with one JSON object and nothing else:
{"adherence": <0, 0.5 or 1>, "reason": "<one or two sentences>", "score": <adherence × ${points}>}`;
  return `Reply with one JSON object and nothing else:
{"violations": [{"step": <step number>, "reason": "<one sentence>"}], "score": <number>}
- List each candidate step that violates the rule once, even if it has several problems; an empty list when none does.
- score = (number of steps − number of violating steps) / number of steps × ${points}, to two decimals.`;
}

export interface JudgeSubject {
  query: string;
  /** The candidate exactly as the planner wrote it: the format judge must see its flaws. */
  candidate: string;
  stepIds: readonly number[];
  reference: Plan;
}

/** The prompt for one metric of one plan. */
export function metricPrompt(
  metric: JudgeMetric,
  subject: JudgeSubject,
  tools: ToolDescriptions,
): ChatMessage[] {
  const rubric = RUBRICS[metric];
  const useOfBest =
    rubric.reference === "yardstick"
      ? "Use the best plan as the yardstick for this query."
      : "The best plan is only an example of a sound plan for this query: judge the candidate by the rule, not by how far it is from the best plan.";
  const system = `${PROMPT_TITLES.judge} ${rubric.title}
You check one quality of a plan written for a business question about a contact center: ${rubric.title.toLowerCase()}, worth ${JUDGE_POINTS[metric]} points. You are given the query, the candidate plan exactly as its planner wrote it, and the human-verified best plan. ${useOfBest}

## Tools
${describeTools(tools)}

## Plan format
${PLAN_FORMAT}

## The rule
${rubric
  .rules(tools)
  .map((rule) => `- ${rule}`)
  .join("\n")}

## Answer
${answerFormat(metric)}`;
  const ids = subject.stepIds.join(", ");
  const user = `Query: ${subject.query}

Candidate plan (${subject.stepIds.length} steps: ${ids}):
${subject.candidate}

Best plan:
${renderPlan(subject.reference)}`;
  return [
    { role: "system", content: system },
    { role: "user", content: user },
  ];
}
