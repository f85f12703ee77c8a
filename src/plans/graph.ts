/** The dependency graph of a plan: usable edges, what reaches the final step, cycles, and chain lengths. */
import type { StepLike } from "./model.js";

export interface DependencyGraph {
  /** The position of each step number (its first step, if a number is used twice). */
  position: ReadonlyMap<number, number>;
  /** Per position, the positions of its dependencies that exist and come earlier: what an executor can run. */
  earlier: readonly number[][];
  /** Per position, the positions of every dependency that exists, except itself. */
  existing: readonly number[][];
}

export function buildGraph(steps: readonly StepLike[]): DependencyGraph {
  const position = new Map<number, number>();
  steps.forEach((step, index) => {
    if (!position.has(step.id)) position.set(step.id, index);
  });
  const existing = steps.map((step, index) =>
    step.depends_on.flatMap((dep) => {
      const at = position.get(dep);
      return at === undefined || at === index ? [] : [at];
    }),
  );
  const earlier = existing.map((deps, index) => deps.filter((at) => at < index));
  return { position, earlier, existing };
}

/** Which steps feed the final step (the last one), directly or through other steps; the final step itself counts. */
export function reachesFinal(graph: DependencyGraph): boolean[] {
  const count = graph.existing.length;
  const reached = new Array<boolean>(count).fill(false);
  if (count === 0) return reached;
  const queue = [count - 1];
  reached[count - 1] = true;
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    for (const dep of graph.existing[next] ?? []) {
      if (!reached[dep]) {
        reached[dep] = true;
        queue.push(dep);
      }
    }
  }
  return reached;
}

function reaches(graph: DependencyGraph, from: number, target: number): boolean {
  const seen = new Set<number>([from]);
  const stack = [from];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    for (const dep of graph.existing[next] ?? []) {
      if (dep === target) return true;
      if (!seen.has(dep)) {
        seen.add(dep);
        stack.push(dep);
      }
    }
  }
  return false;
}

/** Positions on a cycle of two or more steps. Every cycle needs an edge to a later step, so most plans skip the search. */
export function cyclicPositions(graph: DependencyGraph): Set<number> {
  const onCycle = new Set<number>();
  const hasForward = graph.existing.some((deps, index) => deps.some((at) => at > index));
  if (!hasForward) return onCycle;
  graph.existing.forEach((_, index) => {
    if (reaches(graph, index, index)) onCycle.add(index);
  });
  return onCycle;
}

/** Per position, the number of steps on the longest chain of earlier dependencies ending there (itself included). */
export function chainLengths(graph: DependencyGraph): number[] {
  const lengths: number[] = [];
  graph.earlier.forEach((deps, index) => {
    lengths[index] = 1 + deps.reduce((best, at) => Math.max(best, lengths[at] ?? 0), 0);
  });
  return lengths;
}
