/** Model-driven planning: generate plans, judge them with LLMs, refine them into lineages. */

export { JUDGE_METRICS, JUDGE_POINTS, type JudgeMetric } from "../../plans/judge-metrics.js";
export {
  type LineageEntry,
  LineageEntrySchema,
  type QueryRecord,
  QueryRecordSchema,
  readQueries,
  STEP_TAGS,
  type StepTag,
} from "../../plans/query-records.js";
export { type ModelSession, openSession, type SessionOptions } from "../../runner/session.js";
export { type ReplyObject, replyObject } from "../reply-object.js";
export { type GenerateOptions, type GenerateResult, generatePlans, type PlanLine } from "./generate.js";
export {
  explainPlan,
  PROMPT_TYPES,
  type PromptType,
  plannerPrompt,
  selectExamples,
} from "./generate-prompt.js";
export { type JudgeInput, type JudgeOptions, judgePlans } from "./judge.js";
export { type Contradiction, OneShotJudgementSchema, StepJudgementSchema } from "./judge-answers.js";
export {
  JUDGE_MODES,
  type JudgedLine,
  JudgedLineSchema,
  type JudgeMode,
  JudgeRecordSchema,
} from "./judge-line.js";
export { metricPrompt } from "./judge-prompts.js";
export { type JudgeReport, judgeReport, type MetricAgreement } from "./judge-report.js";
export { PROMPT_TITLES } from "./prompt-parts.js";
export {
  DEFAULT_MAX_PASSES,
  type LineageLine,
  type RefineEvent,
  type RefineInput,
  refinePlans,
} from "./refine.js";
export { evaluatorPrompt, optimizerPrompt, readOptimizerAnswer } from "./refine-prompts.js";
export { askStructured, type Structured } from "./structured.js";
