/** The contact-center workspace: a generated store and its transcripts, and the engines T2S queries run on. */
export { buildWorkspace, GENERATOR_VERSION, SIZE_LIMITS, STORE_FILE, TRANSCRIPTS_FILE } from "./build.js";
export { calendarText, PERIODS, type Period, period, TODAY, timestampLiteral, WINDOW } from "./calendar.js";
export { type StoreDescription, storeSchema, type TableSchema } from "./description.js";
export { openDuckDbEngine } from "./engines/duckdb.js";
export {
  DEFAULT_LIMITS,
  type Engine,
  type EngineKind,
  type InputTable,
  type QueryLimits,
  type QueryOutcome,
  type SqlValue,
} from "./engines/engine.js";
export { guardSql } from "./engines/guard.js";
export { openPostgresEngine } from "./engines/postgres.js";
export { loadIntoPostgres } from "./engines/postgres-load.js";
export { labelDescription } from "./labels.js";
export type { WorkspaceManifest } from "./manifest.js";
export { type OpenOptions, openWorkspace, type Workspace, workspaceName } from "./open.js";
export { sampleIds } from "./sample.js";
export { type Passage, retrievePassages } from "./search.js";
export type { TranscriptLabels, TranscriptStore, TranscriptTurn } from "./transcripts.js";
