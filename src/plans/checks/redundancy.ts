/** The part of redundancy code can see: steps whose output never reaches the final step, and exact duplicates. */
import { buildGraph, reachesFinal } from "../graph.js";
import type { DraftStep } from "../model.js";
import { type Violation, violation } from "../violations.js";

export function checkIgnoredSteps(steps: readonly DraftStep[]): Violation[] {
  const reached = reachesFinal(buildGraph(steps));
  return steps.flatMap((step, index) =>
    reached[index]
      ? []
      : [violation(step.id, "ignored-step", "the step's output never reaches the final step")],
  );
}

function duplicateKey(step: DraftStep): string {
  const deps = [...step.depends_on].sort((a, b) => a - b).join(",");
  const inputs = [...step.inputs].sort((a, b) => a - b).join(",");
  return `${step.tool}\u0000${inputs}\u0000${deps}\u0000${step.prompt.trim().replace(/\s+/g, " ").toLowerCase()}`;
}

/** Steps with an unknown tool are never duplicates: the reader kept no tool name to tell them apart by. */
export function checkDuplicateSteps(steps: readonly DraftStep[]): Violation[] {
  const first = new Map<string, number>();
  return steps.flatMap((step) => {
    if (step.tool === null) return [];
    const key = duplicateKey(step);
    const earlier = first.get(key);
    if (earlier === undefined) {
      first.set(key, step.id);
      return [];
    }
    return [violation(step.id, "duplicate-step", `the same tool, inputs and prompt as step ${earlier}`)];
  });
}
