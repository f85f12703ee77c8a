/**
 * The start every engine's query shares, so that DuckDB and PostgreSQL refuse, abort and time the same way: a
 * clock from the first line, the guard's refusal, an abort before any connection, then the SQL with its inputs.
 */
import type { InputTable, QueryFailureCode, QueryLimits, QueryOutcome, QueryRows } from "./engine.js";
import { guardSql } from "./guard.js";
import { withInputs } from "./inputs.js";

/** Runs the guarded SQL (inputs included) on one engine; `elapsed` is the query's time so far, in ms. */
export type RunGuarded = (text: string, elapsed: () => number) => Promise<QueryOutcome>;

export async function guardedQuery(
  sql: string,
  inputs: readonly InputTable[],
  limits: QueryLimits,
  run: RunGuarded,
): Promise<QueryOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const guarded = guardSql(sql);
  if (!guarded.ok) return failure("refused", guarded.message, elapsed());
  if (limits.signal?.aborted) return failure("aborted", "aborted", elapsed());
  return run(withInputs(guarded.sql, inputs), elapsed);
}

/**
 * The rows read (at most the row cap plus one): more than the cap is an outcome of its own, never cut rows, and is
 * decided on the count so that rows past the cap are never converted.
 */
export function rowsOutcome(
  limits: QueryLimits,
  rowCount: number,
  read: () => QueryRows,
  elapsed: () => number,
): QueryOutcome {
  if (rowCount > limits.rowCap)
    return failure("row-cap", `the query returned more than ${limits.rowCap} rows (the row cap)`, elapsed());
  const { columns, rows } = read();
  return { ok: true, columns, rows, latencyMs: elapsed() };
}

function failure(code: QueryFailureCode, message: string, latencyMs: number): QueryOutcome {
  return { ok: false, code, message, latencyMs };
}
