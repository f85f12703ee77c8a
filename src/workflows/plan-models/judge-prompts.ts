/**
 * The metric-wise judge: one prompt per metric ("deconstructed"), each showing the query, the candidate plan as
 * written and the human-verified best plan. Rubrics written for this project from docs/paper-notes.md.
 */
import type { ChatMessage } from "../../backends/types.js";
import type { JudgeMetric } from "../../plans/judge-metrics.js";
import type { Plan } from "../../plans/model.js";
import { renderPlan } from "../../plans/render.js";
import type { ToolDescriptions } from "../../plans/tool-descriptions.js";
import { builtInTemplate, renderTemplate, type Template } from "../templates.js";
import { describeTools, PLAN_FORMAT, PROMPT_TITLES } from "./prompt-parts.js";

interface Rubric {
  title: string;
  rules: () => string[];
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
    rules: () => [
      "Assume every tool can do what it is asked; judge only whether each step can be done in one go.",
      "RAG: a prompt must ask one thing at a time. A RAG prompt with several questions violates the rule.",
      `T2S: count the fields of these groups the prompt uses (close paraphrases count too):\n  {TRIGGER_PHRASES}\n  More than 3 of them in one T2S prompt is too much for one go and violates the rule. Fetching ids ("fetch call_ids", "fetch interaction_ids") is not such a field, and simple maths (counts, averages) is fine.`,
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

/**
 * One worked example per metric, written for this project: a small plan and the answer the rule gives. They show
 * the answer shape and the counting, not the data of any test.
 */
const EXAMPLES: Record<JudgeMetric, string> = {
  format: `Candidate: {1: {"step": T2S([], "Fetch call_ids of calls about late deliveries."), "depends_on": []}, 2: {"step": LLM("Summarise why customers complain in (1, 2)"), "depends_on": [1]}}
Answer: {"rationale": "Step 1 is well formed. Step 2 writes the malformed placeholder (1, 2) and refers to the question without (query).", "violations": [{"step": 2, "reason": "malformed placeholder (1, 2)"}], "total_steps": 2, "steps_without_violation": 1}`,
  tool_prompt_alignment: `Candidate: {1: {"step": T2S([], "Fetch call_ids of escalated calls."), "depends_on": []}, 2: {"step": T2S((1), "How did the customer's mood change during these calls?"), "depends_on": [1]}}
Answer: {"rationale": "Step 1 is a plain T2S filter. Step 2 asks how mood changed within calls, which only transcripts show, so T2S cannot do it.", "violations": [{"step": 2, "reason": "change within a call needs RAG"}], "total_steps": 2, "steps_without_violation": 1}`,
  step_executability: `Candidate: {1: {"step": T2S([], "Fetch call_ids of calls about refunds with an escalation, a transfer, negative sentiment and a failed empathy check."), "depends_on": []}, 2: {"step": RAG((1), "Why were customers unhappy?"), "depends_on": [1]}}
Answer: {"rationale": "Step 1 combines four field phrases (refunds, escalation, transfer, empathy check) in one T2S prompt, more than three. Step 2 asks one question.", "violations": [{"step": 1, "reason": "four field phrases in one T2S prompt"}], "total_steps": 2, "steps_without_violation": 1}`,
  query_adherence: `Query: Which agents handle the most billing calls, and how satisfied are their customers?
Candidate: {1: {"step": T2S([], "Which agents handle the most billing calls?"), "depends_on": []}}
Answer: {"rationale": "The plan finds the agents but never asks about customer satisfaction, so it answers the question only in part.", "adherence": 0.5}`,
  dependencies: `Candidate: {1: {"step": T2S([], "Fetch call_ids of calls about delivery delays."), "depends_on": []}, 2: {"step": RAG((1), "Why are customers waiting?"), "depends_on": []}, 3: {"step": LLM("Summarise (2) to answer (query)"), "depends_on": [1, 2]}}
Answer: {"rationale": "Step 2 reads the calls of step 1 but its list is empty. Step 3 uses only (2) yet lists step 1.", "violations": [{"step": 2, "reason": "misses step 1"}, {"step": 3, "reason": "lists step 1, which it does not use"}], "total_steps": 3, "steps_without_violation": 1}`,
  redundancy: `Candidate: {1: {"step": T2S([], "Fetch call_ids of calls about refunds longer than 30 minutes."), "depends_on": []}, 2: {"step": T2S((1), "What is the average QA score of refund calls longer than 30 minutes?"), "depends_on": [1]}}
Answer: {"rationale": "Step 2 repeats the refund and duration filters that the ids of step 1 already encode.", "violations": [{"step": 2, "reason": "repeated detail"}], "total_steps": 2, "steps_without_violation": 1}`,
  tool_usage_completeness: `Best plan asks "Why do customers call about refunds?" of both T2S (step 2) and RAG (step 3).
Candidate: {1: {"step": T2S([], "Fetch call_ids of refund calls."), "depends_on": []}, 2: {"step": RAG((1), "Why do customers call about refunds?"), "depends_on": [1]}}
Answer: {"rationale": "The best plan pairs T2S and RAG on the same question; the candidate has only the RAG half, in step 2.", "violations": [{"step": 2, "reason": "only the RAG half of the pair"}], "total_steps": 2, "steps_without_violation": 1}`,
};

/** Count-based answers, rationale first: the judge counts, code scales the count to the metric's points. */
function answerFormat(metric: JudgeMetric): string {
  if (metric === "query_adherence")
    return `First reason, then decide. Reply with one JSON object and nothing else:
{"rationale": "<your reasoning, two to four sentences>", "adherence": <0, 0.5 or 1>}`;
  return `First reason step by step, then count. Reply with one JSON object and nothing else:
{"rationale": "<your reasoning about each step>", "violations": [{"step": <step number>, "reason": "<one sentence>"}], "total_steps": <number of steps in the candidate>, "steps_without_violation": <total_steps minus the number of steps listed in violations>}
- List each candidate step that violates the rule once, even if it has several problems; an empty list when none does.
- Do not compute points: give the counts.`;
}

/** The built-in template of one metric's judge (role judge-<metric>). */
export function metricTemplate(metric: JudgeMetric): Template {
  const rubric = RUBRICS[metric];
  const useOfBest =
    rubric.reference === "yardstick"
      ? "Use the best plan as the yardstick for this query."
      : "The best plan is only an example of a sound plan for this query: judge the candidate by the rule, not by how far it is from the best plan.";
  const system = `${PROMPT_TITLES.judge} ${rubric.title}
You check one quality of a plan written for a business question about a contact center: ${rubric.title.toLowerCase()}. You are given the query, the candidate plan exactly as its planner wrote it, and the human-verified best plan. ${useOfBest}

## Tools
{TOOL_DESCRIPTIONS}

## Plan format
{PLAN_FORMAT}

## The rule
${rubric
  .rules()
  .map((rule) => `- ${rule}`)
  .join("\n")}

## Answer
${answerFormat(metric)}

## Example
{EXAMPLES}`;
  const user = `Query: {QUERY}

Candidate plan ({STEP_COUNT} steps: {STEP_IDS}):
{CANDIDATE_PLAN}

Best plan:
{BEST_PLAN}`;
  return builtInTemplate(`judge-${metric}`, system, user);
}

export function metricValues(
  metric: JudgeMetric,
  subject: JudgeSubject,
  tools: ToolDescriptions,
): Record<string, string> {
  return {
    ...subjectValues(subject, tools),
    EXAMPLES: EXAMPLES[metric],
    TRIGGER_PHRASES: triggerList(tools),
  };
}

/** The template variables every judge prompt fills from its subject (the metric and one-shot prompts alike). */
export function subjectValues(subject: JudgeSubject, tools: ToolDescriptions): Record<string, string> {
  return {
    QUERY: subject.query,
    TOOL_DESCRIPTIONS: describeTools(tools),
    PLAN_FORMAT,
    CANDIDATE_PLAN: subject.candidate,
    STEP_COUNT: String(subject.stepIds.length),
    STEP_IDS: subject.stepIds.join(", "),
    BEST_PLAN: renderPlan(subject.reference),
  };
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
  template: Template = metricTemplate(metric),
): ChatMessage[] {
  return renderTemplate(template, metricValues(metric, subject, tools));
}
