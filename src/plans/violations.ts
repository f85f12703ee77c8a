/** Every deviation a plan can have, as a typed value: its code, the step it belongs to, and the metric it costs. */
import { PLAN_POINTS } from "./points.js";

/** The five metrics the deterministic checks score, with their points from the one table (points.ts). */
export const METRIC_POINTS = {
  format: PLAN_POINTS.format,
  dependencies: PLAN_POINTS.dependencies,
  redundancy: PLAN_POINTS.redundancy,
  tool_usage_completeness: PLAN_POINTS.tool_usage_completeness,
  step_executability: PLAN_POINTS.step_executability,
} as const;
export type DeterministicMetric = keyof typeof METRIC_POINTS;

interface CodeInfo {
  /** The metrics a step with this violation loses; empty for notices, which are recorded but cost nothing. */
  metrics: readonly DeterministicMetric[];
  summary: string;
}

const FORMAT = ["format"] as const;
const DEPENDENCIES = ["dependencies"] as const;
const NOTICE = [] as const;

/** The single table of violation codes. `satisfies` keeps the keys literal so `ViolationCode` is a union. */
export const VIOLATION_CODES = {
  unparseable: {
    metrics: FORMAT,
    summary: "nothing in the output can be read as a plan (every metric is 0)",
  },
  "invalid-syntax": {
    metrics: FORMAT,
    summary: "text a JSON reader would reject (stray characters, bad quoting)",
  },
  "unbalanced-brackets": {
    metrics: FORMAT,
    summary: "a brace, bracket or parenthesis is missing or mismatched",
  },
  "missing-comma": { metrics: FORMAT, summary: "two entries or items with no comma between them" },
  "single-quotes": { metrics: FORMAT, summary: "a string in single quotes instead of double quotes" },
  "unescaped-quote": { metrics: FORMAT, summary: "a double quote inside a string that is not escaped" },
  "unquoted-key": {
    metrics: FORMAT,
    summary: "a key that is a bare word rather than a quoted string or a number",
  },
  "invalid-step-key": { metrics: FORMAT, summary: "a step whose key is not a step number" },
  "duplicate-step-id": { metrics: FORMAT, summary: "two steps with the same number" },
  "missing-step-key": {
    metrics: FORMAT,
    summary: 'a step without a "step" or "query" key holding the tool call',
  },
  "missing-depends-on": { metrics: FORMAT, summary: 'a step without a "depends_on" key' },
  "invalid-depends-on": { metrics: FORMAT, summary: '"depends_on" is not a list of step numbers' },
  "unknown-tool": { metrics: FORMAT, summary: "a tool other than T2S, RAG and LLM" },
  "invalid-tool-call": {
    metrics: FORMAT,
    summary: "the tool call does not have the shape TOOL(placeholders, prompt)",
  },
  "missing-input-list": {
    metrics: FORMAT,
    summary: "a T2S or RAG call without its placeholder list ([] when empty)",
  },
  "malformed-placeholder": {
    metrics: FORMAT,
    summary: "a placeholder such as (1, 2) or (step 1) instead of (1) and (2)",
  },
  "placeholder-unknown-step": {
    metrics: FORMAT,
    summary: "a placeholder naming a step the plan does not have",
  },
  "dependency-without-placeholder": {
    // Format only: the dependency itself may be right, what is missing is its placeholder (charged once).
    metrics: FORMAT,
    summary: "a step in depends_on whose output the step never takes as a (k) placeholder",
  },
  "placeholder-in-prompt": {
    metrics: FORMAT,
    summary: "a T2S or RAG step with a (k) inside its prompt; its inputs belong in the first argument",
  },
  "missing-query-placeholder": {
    metrics: FORMAT,
    summary: "an LLM step that speaks of the query without (query)",
  },
  "self-dependency": { metrics: DEPENDENCIES, summary: "a step that depends on itself" },
  "dependency-on-later-step": { metrics: DEPENDENCIES, summary: "a step that depends on a step after it" },
  "dependency-on-missing-step": {
    metrics: DEPENDENCIES,
    summary: "a step that depends on a step the plan lacks",
  },
  "dependency-cycle": { metrics: DEPENDENCIES, summary: "a step on a cycle of dependencies" },
  "placeholder-without-dependency": {
    metrics: DEPENDENCIES,
    summary: "a step that takes (k) as input but does not list k in depends_on",
  },
  "dependency-differs-from-reference": {
    // Reference-based, so no candidate-only metric (the paper's Dependency judge sees the candidate alone): it
    // is reported, and it moves matching (condition 4 of the rule) and so precision, recall and F1 only.
    metrics: NOTICE,
    summary: "depends_on differs from the reference step it is aligned with, under the step mapping",
  },
  "repeated-detail": {
    metrics: ["redundancy"],
    summary: "a T2S prompt repeats a filter its input ids already encode",
  },
  "ignored-step": { metrics: ["redundancy"], summary: "a step whose output never reaches the final step" },
  "duplicate-step": {
    // The paper's Redundancy judge looks for two kinds only (repeated detail, ignored steps); a copy already costs
    // precision, since only one copy can match, and costs Redundancy when its output is ignored.
    metrics: NOTICE,
    summary: "a step identical to an earlier one",
  },
  "incomplete-tool-pair": {
    metrics: ["tool_usage_completeness"],
    summary: "the reference runs this prompt through two tools, the plan through only one",
  },
  "too-many-trigger-phrases": {
    metrics: ["step_executability"],
    summary: "a T2S prompt with more than 3 trigger phrases, not executable in one go",
  },
  "rag-several-questions": {
    metrics: ["step_executability"],
    summary: "a RAG prompt asking more than one question; RAG answers one question at a time",
  },
  "code-fence": { metrics: NOTICE, summary: "the plan sits in a markdown code fence" },
  "surrounding-prose": { metrics: NOTICE, summary: "there is text before or after the plan" },
  "multiple-plans": { metrics: NOTICE, summary: "the text holds several plans; the last one is scored" },
  "trailing-comma": { metrics: NOTICE, summary: "a comma before a closing brace or bracket" },
  "steps-out-of-order": { metrics: NOTICE, summary: "steps are not listed in the order of their numbers" },
  "tool-name-case": {
    metrics: FORMAT,
    summary:
      "a known tool written in another letter case (rag for RAG); not a tool call as the paper writes it",
  },
  "duplicate-dependency": { metrics: NOTICE, summary: "a step listed twice in one depends_on" },
} as const satisfies Record<string, CodeInfo>;

export type ViolationCode = keyof typeof VIOLATION_CODES;
export const ALL_VIOLATION_CODES = Object.keys(VIOLATION_CODES) as ViolationCode[];

/** One deviation. `step` is the step's own number as the planner wrote it; null when it belongs to the plan. */
export interface Violation {
  step: number | null;
  code: ViolationCode;
  message: string;
}

export function violation(step: number | null, code: ViolationCode, message: string): Violation {
  return { step, code, message };
}

/** Whether a violation of this code costs the given metric. */
export function costs(code: ViolationCode, metric: DeterministicMetric): boolean {
  return (VIOLATION_CODES[code].metrics as readonly DeterministicMetric[]).includes(metric);
}
