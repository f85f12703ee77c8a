/**
 * Copies a workspace's store into a PostgreSQL database and sets up the read-only role T2S connects as: SELECT on
 * the store's tables and nothing else (no CREATE, no TEMP, no other schema), default_transaction_read_only on, a
 * statement timeout. Used by the tests against a throw-away server, and by anyone who wants the workspace in a
 * warehouse of their own.
 */
import duckdb from "@duckdb/node-api";
import pg from "pg";
import { createTableSql, type TableSchema } from "../description.js";

export interface PostgresLoadOptions {
  /** The workspace's store.duckdb. */
  storeFile: string;
  schema: readonly TableSchema[];
  /** A superuser (or database owner) connection to the server's maintenance database. */
  admin: pg.ClientConfig;
  /** The database to create (it must not exist). */
  database: string;
  /** The login role T2S uses; created without a password (the tests trust loopback). */
  reader: string;
  statementTimeoutMs?: number;
}

const PLAIN = /^[a-z_][a-z0-9_]*$/;
/** Bind parameters per INSERT stay well under PostgreSQL's 65,535. */
const PARAMETERS_PER_INSERT = 30_000;

function plain(name: string, what: string): string {
  if (!PLAIN.test(name)) throw new Error(`${what} ${name}: use lower-case letters, digits and _`);
  return name;
}

/** Timestamps go over as UTC text: a Date would be sent in the client's local time zone. */
function loadValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString().replace("T", " ").replace("Z", "");
  if (typeof value === "bigint") return Number(value);
  return value;
}

async function copyTable(
  source: duckdb.DuckDBConnection,
  target: pg.Client,
  table: TableSchema,
): Promise<number> {
  const columns = table.columns.map((c) => c.name);
  const reader = await source.runAndReadAll(`SELECT ${columns.join(", ")} FROM ${table.name}`);
  const rows = reader.getRowsJS();
  const perBatch = Math.max(1, Math.floor(PARAMETERS_PER_INSERT / columns.length));
  for (let from = 0; from < rows.length; from += perBatch) {
    const batch = rows.slice(from, from + perBatch);
    const values: unknown[] = [];
    const tuples = batch.map((row) => {
      const marks = row.map((value) => {
        values.push(loadValue(value));
        return `$${values.length}`;
      });
      return `(${marks.join(", ")})`;
    });
    await target.query(
      `INSERT INTO ${table.name} (${columns.join(", ")}) VALUES ${tuples.join(", ")}`,
      values,
    );
  }
  return rows.length;
}

/** Creates the database, loads every table, and returns the reader's connection settings. */
export async function loadIntoPostgres(options: PostgresLoadOptions): Promise<pg.ClientConfig> {
  const database = plain(options.database, "database");
  const reader = plain(options.reader, "role");
  const admin = new pg.Client(options.admin);
  await admin.connect();
  try {
    await admin.query(
      `CREATE DATABASE ${database} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`,
    );
    await admin.query(
      `DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${reader}') THEN CREATE ROLE ${reader} LOGIN; END IF; END $$`,
    );
  } finally {
    await admin.end();
  }
  const target = new pg.Client({ ...options.admin, database });
  await target.connect();
  const instance = await duckdb.DuckDBInstance.create(options.storeFile, { access_mode: "READ_ONLY" });
  const source = await instance.connect();
  try {
    await target.query("BEGIN");
    for (const table of options.schema) {
      await target.query(createTableSql(table));
      await copyTable(source, target, table);
    }
    // Correlated lookups by interaction_id are the common shape of T2S queries; without indexes they scan.
    for (const table of options.schema)
      if (table.columns.some((c) => c.name === "interaction_id"))
        await target.query(`CREATE INDEX ON ${table.name} (interaction_id)`);
    await target.query("COMMIT");
    await target.query("ANALYZE");
    const timeout = Math.round(options.statementTimeoutMs ?? 30_000);
    for (const statement of [
      `REVOKE ALL ON DATABASE ${database} FROM PUBLIC`,
      `GRANT CONNECT ON DATABASE ${database} TO ${reader}`,
      "REVOKE ALL ON SCHEMA public FROM PUBLIC",
      `GRANT USAGE ON SCHEMA public TO ${reader}`,
      `GRANT SELECT ON ${options.schema.map((t) => t.name).join(", ")} TO ${reader}`,
      `ALTER ROLE ${reader} IN DATABASE ${database} SET default_transaction_read_only = on`,
      `ALTER ROLE ${reader} IN DATABASE ${database} SET statement_timeout = ${timeout}`,
      `ALTER ROLE ${reader} IN DATABASE ${database} SET search_path = public`,
    ])
      await target.query(statement);
  } finally {
    source.closeSync();
    instance.closeSync();
    await target.end();
  }
  return { ...options.admin, user: reader, password: undefined, database };
}
