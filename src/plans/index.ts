/** Tool-aware plans: parse planner output, render the paper's text form, score against a reference, aggregate. */
export {
  type AggregateOptions,
  aggregateScores,
  bootstrapMean,
  DEFAULT_AGGREGATE_OPTIONS,
  type MeanWithInterval,
  type PlannerAggregate,
} from "./aggregate.js";
export { checkExecutability, MAX_T2S_TRIGGERS } from "./checks/executability.js";
export { checkToolUsage, toolPairs } from "./checks/tool-usage.js";
export { type Coverage, coverageOf } from "./coverage.js";
export { type Intent, readIntent, type Slots } from "./intent/slots.js";
export {
  DEFAULT_MATCH_OPTIONS,
  type MatchOptions,
  type MatchResult,
  type MatchStep,
  matchSteps,
  type RestSimilarity,
  type StepPair,
} from "./match.js";
export { metricScore, type PlanStructure, planStructure } from "./metrics.js";
export {
  type DraftStep,
  type Placeholder,
  type PlaceholderRef,
  type Plan,
  PlanSchema,
  type PlanStep,
  PlanStepSchema,
  type StepLike,
  TOOLS,
  type Tool,
  ToolSchema,
} from "./model.js";
export { type ParseResult, parsePlan, parseReference, toCanonical } from "./parse.js";
export { inTier, RATINGS, type Rating, ratingFromF1, TIERS, type Tier, tierOf } from "./rating.js";
export {
  type PlanRecord,
  PlanRecordSchema,
  queryKey,
  type ReferenceRecord,
  ReferenceRecordSchema,
} from "./records.js";
export { renderPlan } from "./render.js";
export { type ExplainedScore, explainScore, type ScoreInput, type ScoreOptions, scorePlan } from "./score.js";
export {
  AVERAGED_FIELDS,
  type AveragedField,
  type ScoreLine,
  ScoreLineSchema,
  ViolationSchema,
} from "./score-line.js";
export {
  DEFAULT_TOOL_DESCRIPTIONS,
  parseToolDescriptions,
  type ToolDescriptions,
  ToolDescriptionsSchema,
  TRIGGER_GROUPS,
  type TriggerGroup,
} from "./tool-descriptions.js";
export { findTriggers, type TriggerHit } from "./triggers.js";
export { type Validity, validityOf } from "./validity.js";
export {
  ALL_VIOLATION_CODES,
  type DeterministicMetric,
  METRIC_POINTS,
  VIOLATION_CODES,
  type Violation,
  type ViolationCode,
} from "./violations.js";
