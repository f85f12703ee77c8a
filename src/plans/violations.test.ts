import { describe, expect, it } from "vitest";
import { REFUND_BEST_PLAN } from "./paper-examples.js";
import { parseReference } from "./parse.js";
import { PLAN_POINTS } from "./points.js";
import { scorePlan } from "./score.js";
import { DEFAULT_TOOL_DESCRIPTIONS } from "./tool-descriptions.js";
import {
  ALL_VIOLATION_CODES,
  costs,
  METRIC_POINTS,
  VIOLATION_CODES,
  type ViolationCode,
} from "./violations.js";

interface Example {
  plan: string;
  /** The step the violation must be attributed to. */
  step: number | null;
}

const fetch = (id: number, deps = "[]") =>
  `${id}: {"step": T2S([], "Fetch call_ids of refund calls"), "depends_on": ${deps}}`;
const final = (id: number, deps: number[]) =>
  `${id}: {"step": LLM("Summarise ${deps.map((d) => `(${d})`).join(" and ")} for (query)"), "depends_on": [${deps.join(", ")}]}`;

/** One plan per code: `Record<ViolationCode, …>` makes the compiler refuse a code without its example. */
const EXAMPLES: Record<ViolationCode, Example> = {
  unparseable: { plan: "I am sorry, I cannot plan this.", step: null },
  "invalid-syntax": { plan: `{${fetch(1)} @@ }`, step: 1 },
  "unbalanced-brackets": { plan: `{${fetch(1)}`, step: 1 },
  "missing-comma": { plan: `{1: {"step": T2S([], "Fetch call_ids") "depends_on": []}}`, step: 1 },
  "single-quotes": { plan: `{1: {'step': T2S([], 'Fetch call_ids'), 'depends_on': []}}`, step: 1 },
  "unescaped-quote": { plan: `{1: {"step": T2S([], "Fetch "refund" calls"), "depends_on": []}}`, step: 1 },
  "unquoted-key": { plan: `{1: {step: T2S([], "Fetch call_ids"), "depends_on": []}}`, step: 1 },
  "invalid-step-key": { plan: `{"first": {"step": T2S([], "Fetch call_ids"), "depends_on": []}}`, step: 1 },
  "duplicate-step-id": {
    plan: `{${fetch(1)}, 1: {"step": T2S([], "Count calls"), "depends_on": []}}`,
    step: 1,
  },
  "missing-step-key": { plan: `{1: {"action": T2S([], "Fetch call_ids"), "depends_on": []}}`, step: 1 },
  "missing-depends-on": { plan: `{1: {"step": T2S([], "Fetch call_ids")}}`, step: 1 },
  "invalid-depends-on": { plan: `{1: {"step": T2S([], "Fetch call_ids"), "depends_on": None}}`, step: 1 },
  "unknown-tool": { plan: `{1: {"step": SQL([], "Fetch call_ids"), "depends_on": []}}`, step: 1 },
  "invalid-tool-call": { plan: `{1: {"step": T2S([]), "depends_on": []}}`, step: 1 },
  "missing-input-list": { plan: `{1: {"step": T2S("Fetch call_ids"), "depends_on": []}}`, step: 1 },
  "malformed-placeholder": {
    plan: `{${fetch(1)}, 2: {"step": T2S([], "Count calls"), "depends_on": []}, 3: {"step": LLM("Combine (1, 2) for (query)"), "depends_on": [1, 2]}}`,
    step: 3,
  },
  "placeholder-unknown-step": {
    plan: `{${fetch(1)}, 2: {"step": LLM("Summarise (1) and (5)"), "depends_on": [1]}}`,
    step: 2,
  },
  "dependency-without-placeholder": {
    plan: `{${fetch(1)}, 2: {"step": RAG([], "Why are customers unhappy?"), "depends_on": [1]}}`,
    step: 2,
  },
  "placeholder-in-prompt": {
    plan: `{${fetch(1)}, 2: {"step": RAG((1), "Why are customers unhappy in (1)?"), "depends_on": [1]}}`,
    step: 2,
  },
  "dependency-differs-from-reference": {
    plan: `{1: {"step": T2S([], "Fetch call_ids of calls where the call driver is related to refunds and duration is longer than 30 minutes."), "depends_on": []}, 2: {"step": RAG((1), "What are customers most unhappy about?"), "depends_on": [1]}, 3: {"step": T2S((2), "What are customers most unhappy about?"), "depends_on": [2]}, ${final(4, [2, 3])}}`,
    step: 3,
  },
  "repeated-detail": {
    plan: `{1: {"step": T2S([], "Fetch call_ids of refund calls from last week"), "depends_on": []}, 2: {"step": T2S((1), "How many refund calls last week were escalated?"), "depends_on": [1]}}`,
    step: 2,
  },
  "missing-query-placeholder": {
    plan: `{${fetch(1)}, 2: {"step": LLM("Answer the query using (1)"), "depends_on": [1]}}`,
    step: 2,
  },
  "self-dependency": { plan: `{${fetch(1, "[1]")}}`, step: 1 },
  "dependency-on-later-step": {
    plan: `{1: {"step": RAG((2), "Why?"), "depends_on": [2]}, ${fetch(2)}}`,
    step: 1,
  },
  "dependency-on-missing-step": {
    plan: `{${fetch(1)}, 2: {"step": RAG((1), "Why?"), "depends_on": [1, 7]}}`,
    step: 2,
  },
  "dependency-cycle": {
    plan: `{1: {"step": RAG((2), "Why?"), "depends_on": [2]}, 2: {"step": T2S((1), "Count them"), "depends_on": [1]}}`,
    step: 2,
  },
  "placeholder-without-dependency": {
    plan: `{${fetch(1)}, 2: {"step": RAG((1), "Why?"), "depends_on": []}}`,
    step: 2,
  },
  "ignored-step": {
    plan: `{${fetch(1)}, 2: {"step": T2S([], "Count calls"), "depends_on": []}, ${final(3, [1])}}`,
    step: 2,
  },
  "duplicate-step": {
    plan: `{${fetch(1)}, 2: {"step": RAG((1), "Why?"), "depends_on": [1]}, 3: {"step": RAG((1), "Why?"), "depends_on": [1]}, ${final(4, [2, 3])}}`,
    step: 3,
  },
  "incomplete-tool-pair": {
    plan: `{${fetch(1)}, 2: {"step": RAG((1), "What are customers most unhappy about?"), "depends_on": [1]}}`,
    step: 2,
  },
  "rag-several-questions": {
    plan: `{${fetch(1)}, 2: {"step": RAG((1), "Why do customers ask for refunds, and how do agents respond?"), "depends_on": [1]}}`,
    step: 2,
  },
  "too-many-trigger-phrases": {
    plan: `{1: {"step": T2S([], "Fetch call_ids of escalated refund calls with negative sentiment and low empathy"), "depends_on": []}}`,
    step: 1,
  },
  "code-fence": { plan: `\`\`\`json\n{${fetch(1)}}\n\`\`\``, step: null },
  "surrounding-prose": { plan: `Here is the plan:\n{${fetch(1)}}\nGood luck.`, step: null },
  "multiple-plans": { plan: `Draft: {${fetch(1)}}\nFinal: {${fetch(1)}}`, step: null },
  "trailing-comma": { plan: `{${fetch(1)},}`, step: 1 },
  "steps-out-of-order": {
    plan: `{2: {"step": RAG((1), "Why?"), "depends_on": [1]}, ${fetch(1)}}`,
    step: null,
  },
  "tool-name-case": { plan: `{1: {"step": t2s([], "Fetch call_ids"), "depends_on": []}}`, step: 1 },
  "duplicate-dependency": {
    plan: `{${fetch(1)}, 2: {"step": RAG((1), "Why?"), "depends_on": [1, 1]}}`,
    step: 2,
  },
};

const reference = parseReference(REFUND_BEST_PLAN);
if (!reference.ok) throw new Error(reference.message);

function score(plan: string) {
  return scorePlan({
    candidate: plan,
    reference: reference.ok ? reference.plan : { steps: [] },
    tools: DEFAULT_TOOL_DESCRIPTIONS,
  });
}

describe("violation codes", () => {
  it.each(ALL_VIOLATION_CODES)("%s is detected and attributed to its step", (code) => {
    const example = EXAMPLES[code];
    const line = score(example.plan);
    expect(line.violations).toContainEqual(expect.objectContaining({ code, step: example.step }));
  });

  it.each(ALL_VIOLATION_CODES)("%s costs exactly the metrics its table entry names", (code) => {
    const line = score(EXAMPLES[code].plan);
    for (const metric of VIOLATION_CODES[code].metrics)
      expect(line[metric]).toBeLessThan(METRIC_POINTS[metric]);
    if (VIOLATION_CODES[code].metrics.length === 0) {
      const flawed = line.violations.filter((v) => VIOLATION_CODES[v.code].metrics.length > 0);
      expect(flawed).toEqual([]);
      expect(line.format).toBe(PLAN_POINTS.format);
    }
  });

  it("every code has a summary and the metric table is consistent", () => {
    for (const code of ALL_VIOLATION_CODES) expect(VIOLATION_CODES[code].summary.length).toBeGreaterThan(10);
    expect(costs("dependency-without-placeholder", "format")).toBe(true);
    expect(costs("dependency-without-placeholder", "dependencies")).toBe(false);
    expect(costs("trailing-comma", "format")).toBe(false);
  });
});
