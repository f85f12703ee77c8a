/** The planning benchmark's data: authored sources → built query lines, and the paper's CSV release format. */
export { type BuiltPlanData, buildPlanData, manifestText, type PlanDataManifest } from "./build.js";
export {
  type Composition,
  compositionOf,
  compositionProblems,
  MIN_PER_HOP_BUCKET,
  QUERIES_PER_SPLIT,
  SHARE_TOLERANCE,
  spreadProblems,
  TARGET_SHARES,
} from "./composition.js";
export { exportPlans, exportQueries } from "./export-release.js";
export { importPlans, importQueries } from "./import-release.js";
export { decodeLineage, encodeLineage } from "./lineage-cell.js";
export { LINEAGE_METRICS, type LineageScores, lineageProblems, lineageScores } from "./lineage-check.js";
export { canonicalPlan, samePlan, strictBestPlan, structureOf } from "./plan-forms.js";
export {
  type Fact,
  FactSchema,
  MENTIONS,
  REFERENCES_FILE,
  type ReferenceSql,
  ReferenceSqlSchema,
  UNITS,
} from "./references.js";
export { PLAN_COLUMNS, QUERY_COLUMNS, RowErrors } from "./release-csv.js";
export {
  LINEAGE_LENGTH,
  MISTAKE_KINDS,
  type MistakeKind,
  type QueryRecord,
  QueryRecordSchema,
  type Revision,
  SPLITS,
  type Split,
} from "./schema.js";
export { renderToolDescriptions } from "./tools-text.js";
