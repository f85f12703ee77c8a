/** scorePlan: a candidate plan against its reference → the score line (deterministic metrics, matching, rating). */
import { checkExecutability, MAX_T2S_TRIGGERS } from "./checks/executability.js";
import { checkToolUsage } from "./checks/tool-usage.js";
import { type MatchOptions, matchSteps } from "./match.js";
import { metricScore, planStructure } from "./metrics.js";
import type { Plan } from "./model.js";
import { parsePlan } from "./parse.js";
import { ratingFromF1, tierOf } from "./rating.js";
import type { ScoreLine } from "./score-line.js";
import type { ToolDescriptions } from "./tool-descriptions.js";
import { type DeterministicMetric, METRIC_POINTS, type Violation, violation } from "./violations.js";

export interface ScoreInput {
  /** The planner's raw output, or an already-decoded JSON plan. */
  candidate: unknown;
  reference: Plan;
  tools: ToolDescriptions;
  query_id?: string | number | null;
  planner?: string | null;
  prompt_type?: string | null;
}

export interface ScoreOptions {
  match?: MatchOptions;
  /** More trigger phrases than this make a T2S step not executable in one go (default 3, the paper's rule). */
  maxTriggers?: number;
}

const METRICS = Object.keys(METRIC_POINTS) as DeterministicMetric[];
const SUBTOTAL_MAX = METRICS.reduce((sum, metric) => sum + METRIC_POINTS[metric], 0);

/**
 * An unreadable plan scores 0 on every deterministic metric rather than null: it delivers nothing, and leaving
 * it out of a planner's means would flatter the planners that produce unreadable output.
 */
function unparseable(input: ScoreInput, violations: Violation[]): ScoreLine {
  return {
    query_id: input.query_id ?? null,
    planner: input.planner ?? null,
    prompt_type: input.prompt_type ?? null,
    parse_ok: false,
    format: 0,
    dependencies: 0,
    redundancy: 0,
    tool_usage_completeness: 0,
    step_executability: 0,
    tool_prompt_alignment: null,
    query_adherence: null,
    precision: 0,
    recall: 0,
    f1: 0,
    edge_f1: 0,
    rating: ratingFromF1(null),
    tier: null,
    steps: 0,
    hops: null,
    parallelism: null,
    subtotal: 0,
    subtotal_max: SUBTOTAL_MAX,
    total: null,
    violations,
  };
}

/**
 * Scores one plan. Pure: the same inputs give the same line.
 * @example scorePlan({ candidate: rawText, reference: bestPlan, tools: DEFAULT_TOOL_DESCRIPTIONS })
 */
export function scorePlan(input: ScoreInput, options: ScoreOptions = {}): ScoreLine {
  const parsed = parsePlan(input.candidate);
  if (!parsed.ok)
    return unparseable(input, [...parsed.violations, violation(null, "unparseable", parsed.message)]);
  const { steps } = parsed;
  const match = matchSteps(steps, input.reference.steps, options.match);
  const violations = [
    ...parsed.violations,
    ...checkExecutability(steps, input.tools, options.maxTriggers ?? MAX_T2S_TRIGGERS),
    ...checkToolUsage(input.reference.steps, match.pairs),
  ].sort((a, b) => (a.step ?? -1) - (b.step ?? -1));
  const score = (metric: DeterministicMetric) => metricScore(metric, steps.length, violations);
  const scores = {
    format: score("format"),
    dependencies: score("dependencies"),
    redundancy: score("redundancy"),
    tool_usage_completeness: score("tool_usage_completeness"),
    step_executability: score("step_executability"),
  };
  const structure = planStructure(steps);
  const rating = ratingFromF1(match.f1);
  return {
    query_id: input.query_id ?? null,
    planner: input.planner ?? null,
    prompt_type: input.prompt_type ?? null,
    parse_ok: true,
    format: scores.format,
    dependencies: scores.dependencies,
    redundancy: scores.redundancy,
    tool_usage_completeness: scores.tool_usage_completeness,
    step_executability: scores.step_executability,
    tool_prompt_alignment: null,
    query_adherence: null,
    precision: match.precision,
    recall: match.recall,
    f1: match.f1,
    edge_f1: match.edgeF1,
    rating,
    tier: tierOf(rating),
    steps: steps.length,
    hops: structure?.hops ?? null,
    parallelism: structure?.parallelism ?? null,
    subtotal: METRICS.reduce((sum, metric) => sum + scores[metric], 0),
    subtotal_max: SUBTOTAL_MAX,
    total: null,
    violations,
  };
}
