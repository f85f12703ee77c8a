/**
 * The PostgreSQL engine, for a warehouse of one's own (`postgres://reader@host/db`). The role should be read-only
 * (provisionReader sets one up: SELECT on the store's tables only, default_transaction_read_only, a statement
 * timeout); whatever the role, every query also runs in a READ ONLY transaction with a local statement_timeout, as
 * a cursor (DECLARE … CURSOR accepts one SELECT or VALUES and nothing that writes, not even a writing WITH) over
 * the extended protocol (which refuses a second statement), fetching at most the row cap plus one.
 */
import pg from "pg";
import type { Engine, InputTable, QueryFailureCode, QueryLimits, QueryOutcome } from "./engine.js";
import { guardedQuery, rowsOutcome } from "./start.js";
import { normalizeValue, timestampText } from "./values.js";

const OID = { int8: 20, numeric: 1700, timestamp: 1114, timestamptz: 1184, date: 1082 } as const;

/** Numbers as numbers, timestamps as UTC text: the values DuckDB reports for the same query. */
const TYPES = {
  getTypeParser(oid: number, format?: string) {
    if (oid === OID.int8 || oid === OID.numeric) return (text: string) => Number(text);
    if (oid === OID.timestamp || oid === OID.date)
      return (text: string) =>
        timestampText(new Date(`${text.replace(" ", "T")}${text.length > 10 ? "Z" : "T00:00:00Z"}`));
    if (oid === OID.timestamptz) return (text: string) => timestampText(new Date(text));
    return pg.types.getTypeParser(oid, (format ?? "text") as "text");
  },
} as pg.CustomTypesConfig;

export interface PostgresEngineOptions {
  /** postgres://user@host:port/database (no password in files: use PGPASSWORD or ~/.pgpass). */
  connectionString: string;
  /** Concurrent queries (pool size). */
  connections?: number;
}

/** PostgreSQL error classes that are the sandbox saying no (privileges, read-only transaction). */
function failureCode(error: { code?: string }): QueryFailureCode {
  if (error.code === "57014") return "timeout";
  if (error.code === "42501" || error.code === "25006" || error.code === "0A000") return "refused";
  return "sql-error";
}

class PostgresEngine implements Engine {
  readonly kind = "postgres" as const;
  readonly dialect = "PostgreSQL";

  constructor(private readonly pool: pg.Pool) {}

  query(sql: string, inputs: readonly InputTable[], limits: QueryLimits): Promise<QueryOutcome> {
    return guardedQuery(sql, inputs, limits, (text, elapsed) => this.run(text, limits, elapsed));
  }

  private async run(text: string, limits: QueryLimits, elapsed: () => number): Promise<QueryOutcome> {
    const client = await this.pool.connect();
    let broken = false;
    // The server's statement_timeout is the limit; this cancel is for a server that does not honour it.
    const cancel = async () => {
      broken = true;
      const pid = (client as unknown as { processID?: number }).processID;
      if (pid !== undefined)
        await this.pool.query("SELECT pg_cancel_backend($1)", [pid]).catch(() => undefined);
    };
    const timer = setTimeout(() => void cancel(), limits.timeoutMs + 2_000);
    const onAbort = () => void cancel();
    limits.signal?.addEventListener("abort", onAbort, { once: true });
    try {
      await client.query("BEGIN READ ONLY");
      await client.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.round(limits.timeoutMs))}`);
      await client.query({
        text: `DECLARE tooluse_query NO SCROLL CURSOR FOR ${text}`,
        values: [],
        queryMode: "extended",
      } as pg.QueryConfig);
      const result = await client.query({
        text: `FETCH ${limits.rowCap + 1} FROM tooluse_query`,
        rowMode: "array",
      });
      return rowsOutcome(
        limits,
        result.rows.length,
        () => ({
          columns: result.fields.map((f) => f.name),
          rows: (result.rows as unknown[][]).map((row) => row.map(normalizeValue)),
        }),
        elapsed,
      );
    } catch (error) {
      const failure = error as { code?: string; message?: string };
      if (limits.signal?.aborted)
        return { ok: false, code: "aborted", message: "aborted", latencyMs: elapsed() };
      const code = failureCode(failure);
      const message =
        code === "timeout"
          ? `the query ran longer than ${limits.timeoutMs} ms (the time limit)`
          : (failure.message ?? String(error));
      return { ok: false, code, message, latencyMs: elapsed() };
    } finally {
      clearTimeout(timer);
      limits.signal?.removeEventListener("abort", onAbort);
      await client.query("ROLLBACK").catch(() => {
        broken = true;
      });
      client.release(broken);
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

export async function openPostgresEngine(options: PostgresEngineOptions): Promise<Engine> {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.connections ?? 4,
    types: TYPES,
    application_name: "tooluse-t2s",
  });
  // Fail at open, with the server's reason, rather than at the first step.
  const client = await pool.connect();
  client.release();
  return new PostgresEngine(pool);
}
