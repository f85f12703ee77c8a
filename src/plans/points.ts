/**
 * The one source of the seven plan metrics' points (the paper's weights, total 100), in the paper's order. The
 * deterministic checks score five of them; the LLM judges score all seven. Tests import these numbers.
 */
export const PLAN_POINTS = {
  format: 20,
  tool_prompt_alignment: 20,
  step_executability: 15,
  query_adherence: 15,
  dependencies: 10,
  redundancy: 10,
  tool_usage_completeness: 10,
} as const;
export type PlanMetric = keyof typeof PLAN_POINTS;

/**
 * The five metrics the deterministic checks score, in the order the judge lines and blind pairs state them (one
 * list: the judge keeps the code's values for these, a blind pair reports them beside the matching fields).
 */
export const CODE_SCORED_METRICS = [
  "format",
  "dependencies",
  "redundancy",
  "tool_usage_completeness",
  "step_executability",
] as const satisfies readonly PlanMetric[];
