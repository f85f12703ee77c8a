/** Turning the reader's tree of a whole plan into draft steps, each with the span of text it came from. */
import { readStep } from "./interpret-step.js";
import type { DraftStep } from "./model.js";
import { isStepLike, unwrapPlan } from "./shapes.js";
import { StepReport } from "./tool-call.js";
import type { Entry, Node } from "./tree.js";
import { type Violation, violation } from "./violations.js";

/** A draft step with where it sat in the text (for attributing syntax issues) and its own violations. */
export interface LocatedStep {
  step: DraftStep;
  start: number;
  end: number;
  violations: Violation[];
}

interface Slot {
  /** The number the planner gave the step; null when it gave none we can read. */
  id: number | null;
  keyProblem: string | null;
  value: Node | null;
  start: number;
  end: number;
}

function idFromKey(entry: Entry): Pick<Slot, "id" | "keyProblem"> {
  const key = entry.key;
  if (key === null) return { id: null, keyProblem: "the step has no number" };
  if (/^\s*\d+\s*$/.test(key)) return { id: Number(key), keyProblem: null };
  const digits = /^\s*step[\s_-]*(\d+)\s*$/i.exec(key);
  if (digits)
    return { id: Number(digits[1]), keyProblem: `the step key "${key}" should be the number ${digits[1]}` };
  return { id: null, keyProblem: `the step key "${key}" is not a step number` };
}

function slotsFromObject(entries: readonly Entry[]): Slot[] {
  const slots: Slot[] = [];
  for (const entry of entries) {
    const { id, keyProblem } = idFromKey(entry);
    // An entry that is neither numbered nor a step is metadata around the plan ("query", "rationale").
    if (id === null && !isStepLike(entry.value)) continue;
    slots.push({ id, keyProblem, value: entry.value, start: entry.start, end: entry.end });
  }
  return slots;
}

function slotsFromArray(items: readonly Node[]): Slot[] {
  return items.map((item, index) => {
    const idNode = item.kind === "object" ? item.entries.find((e) => e.key === "id")?.value : undefined;
    const id = idNode?.kind === "number" && Number.isInteger(idNode.value) ? idNode.value : index + 1;
    return { id, keyProblem: null, value: item, start: item.start, end: item.end };
  });
}

function slotsOf(node: Node): Slot[] {
  const plan = unwrapPlan(node);
  if (plan.kind === "array") return slotsFromArray(plan.items);
  if (plan.kind === "object") {
    if (isStepLike(plan))
      return [{ id: null, keyProblem: "a lone step without a step number", ...spanOf(plan) }];
    return slotsFromObject(plan.entries);
  }
  return [];
}

function spanOf(node: Node): Pick<Slot, "value" | "start" | "end"> {
  return { value: node, start: node.start, end: node.end };
}

/** Numbers for unnumbered steps continue after the highest number the planner did write. */
function assignIds(slots: readonly Slot[]): number[] {
  let next = slots.reduce((max, slot) => Math.max(max, slot.id ?? 0), 0) + 1;
  return slots.map((slot) => slot.id ?? next++);
}

/** Reads every step; steps are returned in the order of their numbers, which is what "earlier" means. */
export function interpretPlan(node: Node): { steps: LocatedStep[]; violations: Violation[] } {
  const slots = slotsOf(node);
  const ids = assignIds(slots);
  const seen = new Set<number>();
  const located = slots.map((slot, index): LocatedStep => {
    const id = ids[index] ?? index + 1;
    const report = new StepReport(id);
    if (slot.keyProblem) report.add("invalid-step-key", slot.keyProblem);
    if (seen.has(id)) report.add("duplicate-step-id", `a second step numbered ${id}`);
    seen.add(id);
    const step = readStep(slot.value, id, report);
    return { step, start: slot.start, end: slot.end, violations: report.violations };
  });
  const sorted = [...located].sort((a, b) => a.step.id - b.step.id);
  const violations = sorted.some((s, i) => s !== located[i])
    ? [violation(null, "steps-out-of-order", "the steps are not written in the order of their numbers")]
    : [];
  return { steps: sorted, violations };
}
