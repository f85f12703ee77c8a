/**
 * The start every engine's query shares, so that DuckDB and PostgreSQL refuse, abort and time the same way: a
 * clock from the first line, the guard's refusal, an abort before any connection, then the SQL with its inputs.
 */
import type { InputTable, QueryFailureCode, QueryLimits, QueryOutcome } from "./engine.js";
import { guardSql } from "./guard.js";
import { withInputs } from "./inputs.js";

export type QueryStart =
  | { ok: true; text: string; elapsed: () => number }
  | { ok: false; outcome: QueryOutcome };

export function startQuery(sql: string, inputs: readonly InputTable[], limits: QueryLimits): QueryStart {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const guarded = guardSql(sql);
  if (!guarded.ok) return { ok: false, outcome: failure("refused", guarded.message, elapsed()) };
  if (limits.signal?.aborted) return { ok: false, outcome: failure("aborted", "aborted", elapsed()) };
  return { ok: true, text: withInputs(guarded.sql, inputs), elapsed };
}

function failure(code: QueryFailureCode, message: string, latencyMs: number): QueryOutcome {
  return { ok: false, code, message, latencyMs };
}
