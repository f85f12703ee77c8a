/**
 * The embedded engine (the default): the workspace's store.duckdb opened read-only, with external access off (no
 * file or network functions, no ATTACH, no COPY), extension autoloading and installing off, and the
 * configuration locked so that no statement can turn any of it back on. On top of that every query must be one
 * statement of type SELECT, checked by DuckDB's own parser, and is interrupted at its time limit.
 */
import duckdb from "@duckdb/node-api";
import type { Engine, InputTable, QueryLimits, QueryOutcome } from "./engine.js";
import { guardedQuery, rowsOutcome } from "./start.js";
import { normalizeValue } from "./values.js";

/** Settings of the read-only instance; `lock_configuration` makes every later SET fail. */
export const DUCKDB_READ_ONLY_SETTINGS: Readonly<Record<string, string>> = {
  access_mode: "READ_ONLY",
  enable_external_access: "false",
  autoload_known_extensions: "false",
  autoinstall_known_extensions: "false",
  allow_community_extensions: "false",
  allow_unsigned_extensions: "false",
  memory_limit: "2GB",
  lock_configuration: "true",
};

export interface DuckDbEngineOptions {
  /** Path of a store.duckdb file. */
  file: string;
  /** Worker threads of the instance (default: DuckDB's, one per core). */
  threads?: number;
}

class DuckDbEngine implements Engine {
  readonly kind = "duckdb" as const;
  readonly dialect = "DuckDB";

  constructor(private readonly instance: duckdb.DuckDBInstance) {}

  query(sql: string, inputs: readonly InputTable[], limits: QueryLimits): Promise<QueryOutcome> {
    return guardedQuery(sql, inputs, limits, (text, elapsed) => this.run(text, limits, elapsed));
  }

  private async run(text: string, limits: QueryLimits, elapsed: () => number): Promise<QueryOutcome> {
    const connection = await this.instance.connect();
    let timedOut = false;
    const timeout = (): QueryOutcome => ({
      ok: false,
      code: "timeout",
      message: `the query ran longer than ${limits.timeoutMs} ms (the time limit)`,
      latencyMs: elapsed(),
    });
    const interrupt = () => connection.interrupt();
    const timer = setTimeout(() => {
      timedOut = true;
      interrupt();
    }, limits.timeoutMs);
    limits.signal?.addEventListener("abort", interrupt, { once: true });
    try {
      const statements = await connection.extractStatements(text);
      if (statements.count !== 1)
        return { ok: false, code: "refused", message: "only one statement is allowed", latencyMs: elapsed() };
      const prepared = await statements.prepare(0);
      if (prepared.statementType !== duckdb.StatementType.SELECT)
        return {
          ok: false,
          code: "refused",
          message: "only a read-only SELECT query is allowed",
          latencyMs: elapsed(),
        };
      const reader = await prepared.streamAndReadUntil(limits.rowCap + 1);
      // An interrupted stream can end early without an error: rows read after an interruption (Ctrl-C or the time
      // limit) are a prefix of the answer, never the answer.
      if (limits.signal?.aborted)
        return { ok: false, code: "aborted", message: "aborted", latencyMs: elapsed() };
      if (timedOut) return timeout();
      return rowsOutcome(
        limits,
        reader.currentRowCount,
        () => ({
          columns: reader.deduplicatedColumnNames(),
          rows: reader.getRowsJS().map((row) => row.map(normalizeValue)),
        }),
        elapsed,
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (limits.signal?.aborted)
        return { ok: false, code: "aborted", message: "aborted", latencyMs: elapsed() };
      if (timedOut) return timeout();
      // A permission error is the sandbox refusing a file, network or extension access.
      const code = /^Permission Error/.test(message) ? "refused" : "sql-error";
      return { ok: false, code, message: message.split("\n")[0] ?? message, latencyMs: elapsed() };
    } finally {
      clearTimeout(timer);
      limits.signal?.removeEventListener("abort", interrupt);
      connection.closeSync();
    }
  }

  async close(): Promise<void> {
    this.instance.closeSync();
  }
}

/** Opens a store read-only under the sandbox settings. */
export async function openDuckDbEngine(options: DuckDbEngineOptions): Promise<Engine> {
  const threads: Record<string, string> =
    options.threads === undefined ? {} : { threads: String(options.threads) };
  return new DuckDbEngine(
    await duckdb.DuckDBInstance.create(options.file, { ...DUCKDB_READ_ONLY_SETTINGS, ...threads }),
  );
}
