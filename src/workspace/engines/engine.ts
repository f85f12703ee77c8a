/**
 * The engine interface: what T2S needs from a warehouse. One read-only query at a time per call, earlier steps'
 * rows as named input tables, a time limit and a row cap; every outcome is a value (rows, or why there are none).
 */

export type SqlValue = string | number | boolean | null;

/** Rows of an earlier step, visible to the query as a table of this name (step_1, step_2, …). */
export interface InputTable {
  name: string;
  columns: readonly string[];
  rows: readonly (readonly SqlValue[])[];
}

export interface QueryLimits {
  timeoutMs: number;
  /** More rows than this is an outcome of its own (`row-cap`), never a silently cut result. */
  rowCap: number;
  signal?: AbortSignal;
}

export interface QueryRows {
  columns: string[];
  rows: SqlValue[][];
}

export type QueryFailureCode = "refused" | "sql-error" | "timeout" | "row-cap" | "aborted";

export type QueryOutcome =
  | ({ ok: true; latencyMs: number } & QueryRows)
  | { ok: false; code: QueryFailureCode; message: string; latencyMs: number };

export type EngineKind = "duckdb" | "postgres";

export interface Engine {
  readonly kind: EngineKind;
  /** The SQL dialect, as a T2S prompt names it. */
  readonly dialect: string;
  /** Runs one model- or reference-written query under the engine's read-only rules. */
  query(sql: string, inputs: readonly InputTable[], limits: QueryLimits): Promise<QueryOutcome>;
  close(): Promise<void>;
}

export const DEFAULT_LIMITS = { timeoutMs: 20_000, rowCap: 250_000 } as const;
