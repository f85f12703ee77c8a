/** Plans between their forms: paper text → canonical (with a stable key order), strict best plans, structure. */
import { checkExecutability } from "../checks/executability.js";
import { planStructure } from "../metrics.js";
import type { Plan } from "../model.js";
import { parsePlan, parseReference } from "../parse.js";
import type { ToolDescriptions } from "../tool-descriptions.js";
import { VIOLATION_CODES, type ViolationCode } from "../violations.js";

export type Converted = { ok: true; plan: Plan } | { ok: false; message: string };

/** Rebuilt key by key, so the JSON of a plan never depends on the order a reader happened to produce. */
export function stablePlan(plan: Plan): Plan {
  return {
    steps: plan.steps.map((step) => ({
      id: step.id,
      tool: step.tool,
      inputs: [...step.inputs],
      prompt: step.prompt,
      depends_on: [...step.depends_on],
    })),
  };
}

/** Any readable plan (flaws allowed, as in a lineage's first revisions) → canonical form. */
export function canonicalPlan(input: unknown): Converted {
  const parsed = parseReference(input);
  return parsed.ok ? { ok: true, plan: stablePlan(parsed.plan) } : parsed;
}

/** Defects of a dependency graph that leave its steps without an order, so steps and hops mean nothing. */
const ORDERLESS: ReadonlySet<ViolationCode> = new Set<ViolationCode>([
  "self-dependency",
  "dependency-on-later-step",
  "dependency-on-missing-step",
  "dependency-cycle",
]);

/**
 * A best plan from a release file (flaws of wording allowed, as the paper's own plans have them), whose steps
 * depend only on earlier steps: a cycle or a dependency on a later or missing step is refused, since hops and the
 * step mapping are computed from that order.
 */
export function orderedBestPlan(input: unknown): Converted {
  const parsed = parsePlan(input);
  if (!parsed.ok) return { ok: false, message: parsed.message };
  const defect = parsed.violations.find((v) => ORDERLESS.has(v.code));
  if (defect) {
    const at = defect.step === null ? "the plan" : `step ${defect.step}`;
    return {
      ok: false,
      message: `steps may depend only on earlier steps, found ${defect.code} at ${at} (${defect.message})`,
    };
  }
  return canonicalPlan(input);
}

/**
 * A best plan: readable, every step with a known tool, and no violation that costs a deterministic metric
 * (notices such as a trailing comma are allowed). The message names the first violation and its step.
 */
export function strictBestPlan(input: unknown, tools: ToolDescriptions): Converted {
  const parsed = parsePlan(input);
  if (!parsed.ok) return { ok: false, message: parsed.message };
  const costly = [...parsed.violations, ...checkExecutability(parsed.steps, tools)].filter(
    (v) => VIOLATION_CODES[v.code].metrics.length > 0,
  );
  const first = costly[0];
  if (first) {
    const at = first.step === null ? "the plan" : `step ${first.step}`;
    return {
      ok: false,
      message: `expected a plan without violations, found ${first.code} at ${at} (${first.message})`,
    };
  }
  return canonicalPlan(input);
}

/** Steps and hops of a canonical plan, computed the one way the scorer computes them. */
export function structureOf(plan: Plan): { steps: number; hops: number } {
  const structure = planStructure(plan.steps);
  return { steps: plan.steps.length, hops: structure?.hops ?? 0 };
}

/** Whether two canonical plans are the same plan. */
export function samePlan(a: Plan, b: Plan): boolean {
  return JSON.stringify(stablePlan(a)) === JSON.stringify(stablePlan(b));
}
