/** The planner report: per planner and prompt type, metric means, ratings, tiers and the paper's breakdowns. */
export {
  type Breakdown,
  buildPlannerReport,
  type GroupReport,
  type PlannerReport,
  type SliceCell,
} from "./build.js";
export {
  type QueryAttributes,
  REPORT_METRICS,
  type ReportLine,
  ReportLineSchema,
  type ReportMetric,
  readQueryAttributes,
  readScoreLines,
} from "./inputs.js";
export { type ReportFormat, renderPlannerReport } from "./render.js";
export { DIMENSIONS, type Dimension, type Slice } from "./slices.js";
