/**
 * Plan scoring throughput: 5,600 plans (the size of the paper's plans.csv: 14 planners × 2 prompt types × 200
 * queries), made deterministically by damaging a few reference plans, then parsed and scored. Target: under 2 s.
 * Run: npx tsx bench/plan-score.ts
 */

import { mulberry32 } from "../src/metrics/random.js";
import {
  aggregateScores,
  DEFAULT_TOOL_DESCRIPTIONS,
  type Plan,
  type PlanStep,
  parseReference,
  renderPlan,
  scorePlan,
} from "../src/plans/index.js";
import {
  PAYMENT_SENTIMENT_PLAN,
  REFUND_BEST_PLAN,
  REFUND_INITIAL_PLAN,
  UNRESOLVED_SENTIMENT_PLAN,
} from "../src/plans/paper-examples.js";
import { atMost } from "./target.js";

const EXTRA_REFERENCES = [
  `{1: {"step": T2S([], "Fetch call_ids of calls where the call driver is delivery delays."), "depends_on": []},
    2: {"step": RAG((1), "Why are customers frustrated about the delay?"), "depends_on": [1]},
    3: {"step": T2S((1), "Why are customers frustrated about the delay?"), "depends_on": [1]},
    4: {"step": T2S([], "Fetch call_ids of escalated calls from last month."), "depends_on": []},
    5: {"step": RAG((4), "How do agents handle the escalation?"), "depends_on": [4]},
    6: {"step": LLM("Combine (2), (3) and (5) to answer (query)"), "depends_on": [2, 3, 5]}}`,
  `{1: {"step": T2S([], "Fetch call_ids of calls with a QA score below 60."), "depends_on": []},
    2: {"step": RAG((1), "Which agent behaviours lower the score?"), "depends_on": [1]},
    3: {"step": LLM("Fetch the interaction_ids as a list from the data insights table in (2)."), "depends_on": [2]},
    4: {"step": T2S((3), "What is the average empathy score of these calls?"), "depends_on": [3]},
    5: {"step": LLM("Answer (query) from (2) and (4)"), "depends_on": [2, 4]}}`,
  `{1: {"step": T2S([], "What share of calls were transferred more than once last quarter?"), "depends_on": []}}`,
];

const references: Plan[] = [
  REFUND_BEST_PLAN,
  PAYMENT_SENTIMENT_PLAN,
  UNRESOLVED_SENTIMENT_PLAN,
  REFUND_INITIAL_PLAN,
  ...EXTRA_REFERENCES,
].map((text) => {
  const parsed = parseReference(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.plan;
});

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

/** Plan-level damage, the kind planners make: a step missing, a duplicate, a wrong tool, a dropped dependency. */
const PLAN_EDITS: ((plan: Plan, random: Random) => Plan)[] = [
  (plan) => plan,
  (plan, random) => ({ steps: plan.steps.filter((_, i) => i === plan.steps.length - 1 || random() > 0.3) }),
  (plan, random) => {
    const copy = pick(random, plan.steps);
    const top = Math.max(...plan.steps.map((s) => s.id));
    return { steps: [...plan.steps, { ...copy, id: top + 1 }] };
  },
  (plan, random) => ({
    steps: plan.steps.map(
      (s): PlanStep => (random() < 0.3 ? { ...s, tool: pick(random, ["T2S", "RAG", "LLM"] as const) } : s),
    ),
  }),
  (plan, random) => ({
    steps: plan.steps.map((s) => (random() < 0.4 ? { ...s, depends_on: s.depends_on.slice(1) } : s)),
  }),
];

/** Text-level damage: the shapes of real replies around and inside the plan. */
const TEXT_EDITS: ((text: string) => string)[] = [
  (text) => text,
  (text) => `\`\`\`json\n${text}\n\`\`\``,
  (text) => `Here is the plan:\n${text}\nIt first narrows the calls, then reads the transcripts.`,
  (text) => text.replaceAll('"', "'"),
  (text) => text.slice(0, -2),
  (text) => text.replace(/\]\}/g, "],}"),
  (text) => text.replace(/RAG\(/g, "rag("),
  (text) => text.slice(0, Math.floor(text.length * 0.6)),
  () => "I'm sorry, I cannot produce a plan for this query.",
];

const random = mulberry32(20260216);
const work = Array.from({ length: 5600 }, (_, i) => {
  const reference = references[i % references.length] as Plan;
  const damaged = pick(random, PLAN_EDITS)(reference, random);
  return { reference, text: pick(random, TEXT_EDITS)(renderPlan(damaged)), planner: `planner-${i % 14}` };
});

const started = performance.now();
const lines = work.map(({ reference, text, planner }) =>
  scorePlan({ candidate: text, reference, tools: DEFAULT_TOOL_DESCRIPTIONS, planner, prompt_type: "bench" }),
);
const scored = performance.now() - started;
const aggregated = performance.now();
aggregateScores(lines);
const aggregation = performance.now() - aggregated;

const parsed = lines.filter((line) => line.parse_ok).length;
console.log(`plans scored:    ${lines.length} (${parsed} parsed, ${lines.length - parsed} unparseable)`);
console.log(
  `scoring time:    ${scored.toFixed(0)} ms  (${Math.round(lines.length / (scored / 1000))} plans/s)`,
);
console.log(
  `aggregation:     ${aggregation.toFixed(0)} ms  (14 planners, 1,000 bootstrap samples per metric)`,
);
atMost("scoring time", scored, 2000, "ms");
