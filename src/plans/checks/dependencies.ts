/** The structure of depends_on: only earlier steps that exist, and no cycles (D_k ⊆ {1..k-1} in the paper). */
import { buildGraph, cyclicPositions } from "../graph.js";
import type { DraftStep } from "../model.js";
import { type Violation, violation } from "../violations.js";

export function checkDependencies(steps: readonly DraftStep[]): Violation[] {
  const graph = buildGraph(steps);
  const onCycle = cyclicPositions(graph);
  return steps.flatMap((step, index) => {
    const found: Violation[] = [];
    for (const dep of step.depends_on) {
      const at = graph.position.get(dep);
      if (dep === step.id) found.push(violation(step.id, "self-dependency", "the step depends on itself"));
      else if (at === undefined)
        found.push(
          violation(step.id, "dependency-on-missing-step", `depends on step ${dep}, which the plan lacks`),
        );
      else if (at > index)
        found.push(
          violation(step.id, "dependency-on-later-step", `depends on step ${dep}, which comes later`),
        );
    }
    if (onCycle.has(index))
      found.push(violation(step.id, "dependency-cycle", "the step is on a cycle of dependencies"));
    return found;
  });
}
