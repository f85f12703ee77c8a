/**
 * Plan scoring throughput: 5,600 plans (the size of the paper's plans.csv: 14 planners × 2 prompt types × 200
 * queries), made deterministically by damaging a few reference plans, then parsed and scored (strict validity,
 * step matching, coverage against the query). Target: under 2 s of CPU time; the exit code is 1 when it is missed.
 * Run: npx tsx bench/plan-score.ts [--target-ms N]  (a tiny target is the negative control: it must fail)
 */

import { createHash } from "node:crypto";
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

const QUERY = "What are customers most unhappy about in refund-related calls longer than 30 minutes?";
const targetFlag = process.argv.indexOf("--target-ms");
const TARGET_MS = targetFlag >= 0 ? Number(process.argv[targetFlag + 1]) : 2000;
if (!Number.isFinite(TARGET_MS) || TARGET_MS <= 0) {
  console.error("bench/plan-score: --target-ms needs a positive number");
  process.exit(2);
}

/**
 * Scores every plan once and returns CPU and wall milliseconds. CPU time is what is held to the target: on a
 * shared machine wall time also counts other processes (both are printed).
 */
function timeScoring(lenient: boolean) {
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  const lines = work.map(({ reference, text, planner }) =>
    scorePlan(
      {
        candidate: text,
        reference,
        query: QUERY,
        tools: DEFAULT_TOOL_DESCRIPTIONS,
        planner,
        prompt_type: "bench",
      },
      { lenient },
    ),
  );
  const cpu = process.cpuUsage(cpuStart);
  return { lines, cpuMs: (cpu.user + cpu.system) / 1000, wallMs: performance.now() - started };
}

// The default (strict) run is what users run and what the target holds; the lenient run, where every plan the
// reader can recover goes through matching, is printed beside it as the worst case.
const strict = timeScoring(false);
const lenient = timeScoring(true);
const cpuMs = strict.cpuMs;
const aggregated = performance.now();
aggregateScores(strict.lines);
const aggregation = performance.now() - aggregated;

const valid = strict.lines.filter((line) => line.parse_ok).length;
const show = (t: { cpuMs: number; wallMs: number }) =>
  `${t.cpuMs.toFixed(0)} ms CPU, ${t.wallMs.toFixed(0)} ms wall  (${Math.round(work.length / (t.cpuMs / 1000))} plans per CPU second)`;
console.log(`plans scored:    ${work.length} (${valid} valid, ${work.length - valid} invalid or unreadable)`);
console.log(`scoring time:    ${show(strict)}`);
console.log(`  --lenient:     ${show(lenient)}`);
console.log(
  `aggregation:     ${aggregation.toFixed(0)} ms  (14 planners, 1,000 bootstrap samples per metric)`,
);
// A digest of every score line, strict and lenient: a change made for speed must leave it as it was.
const digest = createHash("sha256")
  .update(JSON.stringify([strict.lines, lenient.lines]))
  .digest("hex")
  .slice(0, 16);
console.log(`results digest:  ${digest}  (must not change with a change made for speed)`);
const met = cpuMs < TARGET_MS;
console.log(`target (< ${TARGET_MS} ms):  ${met ? "met" : "missed"}`);
if (!met) process.exitCode = 1;
