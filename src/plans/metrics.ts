/** Deterministic metric values from violations ("steps minus steps with a violation", scaled), and plan structure. */
import { buildGraph, chainLengths } from "./graph.js";
import type { StepLike } from "./model.js";
import { costs, type DeterministicMetric, METRIC_POINTS, type Violation } from "./violations.js";

/** points × (steps without a violation of this metric) / steps; 0 for a plan with no steps. */
export function metricScore(
  metric: DeterministicMetric,
  stepCount: number,
  violations: readonly Violation[],
): number {
  if (stepCount === 0) return 0;
  const flawed = new Set<number>();
  for (const v of violations) if (v.step !== null && costs(v.code, metric)) flawed.add(v.step);
  return (METRIC_POINTS[metric] * Math.max(0, stepCount - flawed.size)) / stepCount;
}

export interface PlanStructure {
  steps: number;
  /** Dependency edges on the longest chain that ends at the final step. */
  hops: number;
  /** Steps per step on the critical path: 1 for a chain, higher when branches can run side by side. */
  parallelism: number;
}

/** Only usable edges (to earlier steps that exist) count, so a flawed plan still has a defined shape. */
export function planStructure(steps: readonly StepLike[]): PlanStructure | null {
  if (steps.length === 0) return null;
  const lengths = chainLengths(buildGraph(steps));
  const critical = lengths.reduce((best, length) => Math.max(best, length), 1);
  return { steps: steps.length, hops: (lengths.at(-1) ?? 1) - 1, parallelism: steps.length / critical };
}
