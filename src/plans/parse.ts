/** parsePlan: any planner output (text or JSON value) → draft steps and every violation, or "unparseable". */
import { PLAN_CHECKS } from "./checks/index.js";
import { interpretPlan, type LocatedStep } from "./interpret-plan.js";
import { locatePlan } from "./locate.js";
import { type DraftStep, type Plan, PlanSchema } from "./model.js";
import type { Node, ReaderIssue } from "./tree.js";
import { treeFromValue } from "./value-tree.js";
import { type Violation, violation } from "./violations.js";

/** A plan a reader could recover (with its flaws listed), or one that cannot be read at all. */
export type ParseResult =
  | { ok: true; steps: DraftStep[]; violations: Violation[] }
  | { ok: false; code: "no-plan" | "no-steps"; message: string; violations: Violation[] };

/** Syntax issues belong to the step whose text holds them, else the step just before, else the first step. */
function stepAt(offset: number, steps: readonly LocatedStep[]): number | null {
  let owner: LocatedStep | undefined;
  for (const step of steps) {
    if (step.start <= offset && offset < step.end) return step.step.id;
    if (step.start <= offset && (!owner || step.start > owner.start)) owner = step;
  }
  const first = steps.reduce<LocatedStep | undefined>((a, b) => (a && a.start <= b.start ? a : b), undefined);
  return (owner ?? first)?.step.id ?? null;
}

function byStep(a: Violation, b: Violation): number {
  return (a.step ?? -1) - (b.step ?? -1);
}

function fromTree(node: Node, issues: readonly ReaderIssue[], notices: readonly Violation[]): ParseResult {
  const { steps: located, violations: planLevel } = interpretPlan(node);
  if (located.length === 0) {
    return {
      ok: false,
      code: "no-steps",
      message: "the plan has no step a reader could recover",
      violations: [...notices],
    };
  }
  const steps = located.map((l) => l.step);
  const violations = [
    ...notices,
    ...planLevel,
    ...issues.map((issue) => violation(stepAt(issue.offset, located), issue.code, issue.message)),
    ...located.flatMap((l) => l.violations),
    ...PLAN_CHECKS.flatMap((check) => check(steps)),
  ];
  return { ok: true, steps, violations: violations.sort(byStep) };
}

/**
 * Reads a plan from a planner's raw text (the paper's text form, JSON variants, fences, prose around it) or
 * from an already-decoded JSON value. Never throws: what cannot be read is `ok: false`.
 * @example parsePlan('{1: {"step": T2S([], "Fetch call_ids of refund calls"), "depends_on": []}}')
 */
export function parsePlan(input: unknown): ParseResult {
  if (typeof input === "string") {
    const located = locatePlan(input);
    if (!located) return { ok: false, code: "no-plan", message: "no plan found in the text", violations: [] };
    const notices = located.notices.map((n) => violation(null, n.code, n.message));
    return fromTree(located.node, located.issues, notices);
  }
  if (typeof input === "object" && input !== null) return fromTree(treeFromValue(input), [], []);
  return {
    ok: false,
    code: "no-plan",
    message: `a plan must be text or an object, not ${typeof input}`,
    violations: [],
  };
}

/** The canonical plan of recovered steps, or why there is none (an unknown tool, a step number used twice). */
export function toCanonical(
  steps: readonly DraftStep[],
): { ok: true; plan: Plan } | { ok: false; message: string } {
  const unknown = steps.find((step) => step.tool === null);
  if (unknown) return { ok: false, message: `step ${unknown.id} has no known tool` };
  const parsed = PlanSchema.safeParse({
    steps: steps.map(({ id, tool, inputs, prompt, depends_on }) => ({
      id,
      tool,
      inputs,
      prompt,
      depends_on,
    })),
  });
  return parsed.success
    ? { ok: true, plan: parsed.data }
    : { ok: false, message: parsed.error.issues[0]?.message ?? "" };
}

/** Reads a reference (best) plan: it may carry flaws, but every step needs a known tool and its own number. */
export function parseReference(input: unknown): { ok: true; plan: Plan } | { ok: false; message: string } {
  const parsed = parsePlan(input);
  if (!parsed.ok) return { ok: false, message: parsed.message };
  return toCanonical(parsed.steps);
}
