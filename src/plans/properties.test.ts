/**
 * Properties of the evaluator over every plan in the data (issue 15): a plan against itself gets full marks,
 * renaming wording with lexicon synonyms keeps a match, changing one slot breaks it, and a revision that fixes a
 * structural error never lowers a metric.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DATA_DIR } from "../paths.js";
import { readIntent } from "./intent/slots.js";
import { matchSteps } from "./match.js";
import type { Plan, PlanStep } from "./model.js";
import { PLAN_POINTS } from "./points.js";
import { renderPlan } from "./render.js";
import { scorePlan } from "./score.js";
import { DEFAULT_TOOL_DESCRIPTIONS as tools } from "./tool-descriptions.js";

interface Row {
  query_id: string;
  query: string;
  best_plan: Plan;
  lineage: { plan: Plan }[] | null;
}

const rows: Row[] = readFileSync(join(DATA_DIR, "plans", "queries.jsonl"), "utf8")
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line));
const METRICS = [
  "format",
  "dependencies",
  "redundancy",
  "tool_usage_completeness",
  "step_executability",
  "f1",
] as const;

describe("a plan scored against itself", () => {
  it("gives every best plan full marks, in both its forms", () => {
    for (const row of rows)
      for (const candidate of [row.best_plan, renderPlan(row.best_plan)]) {
        const line = scorePlan({ candidate, reference: row.best_plan, query: row.query, tools });
        expect(line, row.query_id).toMatchObject({
          format: PLAN_POINTS.format,
          dependencies: PLAN_POINTS.dependencies,
          redundancy: PLAN_POINTS.redundancy,
          tool_usage_completeness: PLAN_POINTS.tool_usage_completeness,
          step_executability: PLAN_POINTS.step_executability,
          f1: 1,
          rating: "Extremely Good",
        });
      }
  });

  it("matches every step of every lineage revision with itself", () => {
    for (const row of rows)
      for (const [index, revision] of (row.lineage ?? []).entries()) {
        const line = scorePlan({ candidate: revision.plan, reference: revision.plan, tools });
        expect(line.f1, `${row.query_id} revision ${index + 1}`).toBe(1);
      }
  });
});

/** Wordings the lexicon makes equal, applied as whole words; each pair is one synonym renaming. */
const RENAMINGS: readonly [RegExp, string][] = [
  [/\bFetch\b/g, "Retrieve"],
  [/\blast month\b/g, "the previous month"],
  [/\blast week\b/g, "the past week"],
  [/\blast quarter\b/g, "the prior quarter"],
  // Not "callers": a caller implies the call channel (docs/plan-matching.md, section 3), which "customers" does not.
  [/\bcustomers\b/g, "clients"],
  [/\bunhappy\b/g, "dissatisfied"],
  [/\bpercentage\b/g, "share"],
  [/\baverage\b/g, "mean"],
  [/\bagents\b/g, "representatives"],
];

const rename = (prompt: string) => RENAMINGS.reduce((text, [from, to]) => text.replace(from, to), prompt);
const stepsOf = (plan: Plan): PlanStep[] => plan.steps;
const matchedWith = (candidate: readonly PlanStep[], reference: readonly PlanStep[]) =>
  matchSteps(candidate, reference, { tools }).pairs.filter((p) => p.matched).length;

describe("renaming with lexicon synonyms", () => {
  it("keeps every step of every best plan matched", () => {
    let renamed = 0;
    for (const row of rows) {
      const steps = stepsOf(row.best_plan);
      const candidate = steps.map((step) => ({ ...step, prompt: rename(step.prompt) }));
      renamed += candidate.filter((step, i) => step.prompt !== steps[i]?.prompt).length;
      expect(matchedWith(candidate, steps), row.query_id).toBe(steps.length);
    }
    expect(renamed).toBeGreaterThan(50);
  });
});

/** One slot value replaced by another of the same slot. */
const SLOT_CHANGES: readonly [RegExp, string][] = [
  [/\blast month\b/, "last year"],
  [/\blast week\b/, "last month"],
  [/\bescalated\b/, "transferred"],
  [/\brefunds?\b/, "billing disputes"],
  [/\bdelivery delays?\b/, "missing items"],
  [/\bcalls\b/, "chats"],
  [/\bQA score\b/, "empathy score"],
  [/\b(\d+)\b/, "97"],
];

describe("changing one slot", () => {
  it("breaks the match of the changed step", () => {
    let changed = 0;
    for (const row of rows)
      for (const step of stepsOf(row.best_plan)) {
        const change = SLOT_CHANGES.find(([from]) => from.test(step.prompt));
        if (!change) continue;
        const prompt = step.prompt.replace(change[0], change[1]);
        const before = readIntent(step.prompt, tools).slotKey;
        if (readIntent(prompt, tools).slotKey === before) continue;
        changed++;
        const result = matchSteps([{ ...step, prompt }], [step], { tools });
        expect(
          result.pairs.filter((p) => p.matched),
          `${row.query_id} step ${step.id}: ${prompt}`,
        ).toEqual([]);
      }
    expect(changed).toBeGreaterThan(100);
  });
});

/** Structural errors of the kinds lineages tag, each made by one edit of a best plan. */
const BREAKERS: Record<string, (plan: Plan) => Plan | null> = {
  "missing dependency": (plan) => {
    const at = plan.steps.findIndex((s) => s.depends_on.length > 0);
    if (at < 0) return null;
    return { steps: plan.steps.map((s, i) => (i === at ? { ...s, depends_on: s.depends_on.slice(1) } : s)) };
  },
  "unneeded dependency": (plan) => {
    const at = plan.steps.findIndex((s, i) => i > 0 && !s.depends_on.includes(plan.steps[0]?.id ?? -1));
    if (at < 0) return null;
    const first = plan.steps[0]?.id ?? 1;
    return {
      steps: plan.steps.map((s, i) => (i === at ? { ...s, depends_on: [first, ...s.depends_on] } : s)),
    };
  },
  "missing placeholder": (plan) => {
    const at = plan.steps.findIndex((s) => s.tool !== "LLM" && s.inputs.length > 0);
    if (at < 0) return null;
    return { steps: plan.steps.map((s, i) => (i === at ? { ...s, inputs: [] } : s)) };
  },
  "ignored step": (plan) => {
    const top = Math.max(...plan.steps.map((s) => s.id));
    const extra: PlanStep = {
      id: top + 1,
      tool: "T2S",
      inputs: [],
      prompt: "How many calls were there today?",
      depends_on: [],
    };
    const last = plan.steps.at(-1);
    if (!last) return null;
    return { steps: [...plan.steps.slice(0, -1), extra, { ...last, id: top + 2 }] };
  },
};

describe("a revision that fixes a tagged structural error", () => {
  it.each(Object.keys(BREAKERS))("never lowers a metric when it fixes a %s", (kind) => {
    let seen = 0;
    for (const row of rows) {
      const broken = BREAKERS[kind]?.(row.best_plan);
      if (!broken) continue;
      seen++;
      const before = scorePlan({ candidate: broken, reference: row.best_plan, tools });
      const after = scorePlan({ candidate: row.best_plan, reference: row.best_plan, tools });
      for (const metric of METRICS)
        expect(after[metric] ?? 0, `${row.query_id} ${metric}`).toBeGreaterThanOrEqual(before[metric] ?? 0);
      const better = METRICS.some((metric) => (after[metric] ?? 0) > (before[metric] ?? 0) + 1e-9);
      expect(better, `${row.query_id}: the fix is invisible`).toBe(true);
    }
    expect(seen).toBeGreaterThan(10);
  });
});
