/**
 * Both engines under the same tests: queries with input tables, the time limit and the row cap, and hostile SQL of
 * every class refused (DDL, DML, several statements, ATTACH/COPY/INSTALL/LOAD, file and network functions,
 * PRAGMA/SET) with nothing changed. PostgreSQL runs on a throw-away server on 127.0.0.1.
 */

import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeDescriptionOf } from "../../planning/store-description.js";
import { smallTestWorkspace } from "../../planning/test-support/workspaces.js";
import { describeWith } from "../../test-support/requirements.js";
import { STORE_FILE } from "../build.js";
import { storeSchema } from "../description.js";
import { POSTGRES_SERVER, startPostgres, type TestPostgres } from "../test-support/postgres.js";
import { openDuckDbEngine } from "./duckdb.js";
import type { Engine, QueryOutcome } from "./engine.js";
import { openPostgresEngine } from "./postgres.js";
import { loadIntoPostgres } from "./postgres-load.js";

const LIMITS = { timeoutMs: 5_000, rowCap: 1_000 };

/** The hostile classes: each query, and what must have been kept from happening. */
const COMMON_HOSTILE: [string, string][] = [
  ["DDL", "DROP TABLE moments"],
  ["DDL", "CREATE TABLE stolen AS SELECT * FROM interactions"],
  ["DDL", "ALTER TABLE interactions ADD COLUMN x INTEGER"],
  ["DML", "DELETE FROM interactions"],
  ["DML", "UPDATE interactions SET team = 'pwned'"],
  ["DML", "INSERT INTO moments VALUES ('IX0000001', 'escalation', NULL, 1, NULL)"],
  ["several statements", "SELECT 1; DELETE FROM interactions"],
  ["several statements", "SELECT 1; SELECT 2"],
  ["COPY", "COPY interactions TO '/tmp/tooluse-stolen.csv'"],
  ["SET", "SET statement_timeout = 0"],
  ["writing WITH", "WITH gone AS (DELETE FROM interactions RETURNING *) SELECT count(*) FROM gone"],
];
const DUCKDB_HOSTILE: [string, string][] = [
  ["ATTACH", "ATTACH '/tmp/tooluse-other.duckdb' AS other"],
  ["INSTALL", "INSTALL httpfs"],
  ["LOAD", "LOAD httpfs"],
  ["PRAGMA", "PRAGMA database_list"],
  ["file function", "SELECT * FROM read_csv('/etc/passwd')"],
  ["file function", "SELECT * FROM read_text('/etc/hostname')"],
  ["file function", "SELECT * FROM glob('/etc/*')"],
  ["file function", "SELECT * FROM read_blob('/etc/hostname')"],
  ["file function", "SELECT * FROM '/etc/passwd'"],
  ["network function", "SELECT * FROM read_parquet('https://example.com/x.parquet')"],
  ["SET", "SET enable_external_access = true"],
  ["nested SQL", "SELECT * FROM query('DROP TABLE moments')"],
];
const POSTGRES_HOSTILE: [string, string][] = [
  ["file function", "SELECT pg_read_file('/etc/passwd')"],
  ["file function", "SELECT lo_import('/etc/passwd')"],
  ["file function", "SELECT * FROM pg_ls_dir('/')"],
  ["program", "COPY (SELECT 1) TO PROGRAM 'id'"],
  ["temp table", "SELECT 1 INTO TEMP stolen"],
];

async function count(engine: Engine, sql: string): Promise<number> {
  const outcome = await engine.query(sql, [], LIMITS);
  if (!outcome.ok) throw new Error(outcome.message);
  return Number(outcome.rows[0]?.[0]);
}

function engineSuite(
  name: string,
  open: () => Promise<Engine>,
  hostile: [string, string][],
  slowQuery: string,
  more: (engine: () => Engine) => void = () => {},
) {
  describe(`the ${name} engine`, () => {
    let engine: Engine;
    let before: number[];
    const sizes = () =>
      Promise.all(
        ["interactions", "moments", "qa_checks"].map((t) => count(engine, `SELECT count(*) FROM ${t}`)),
      );
    beforeAll(async () => {
      engine = await open();
      before = await sizes();
    }, 300_000);
    afterAll(async () => engine?.close());

    it("answers a query with numbers as numbers and column names kept", async () => {
      const outcome = await engine.query(
        "SELECT channel, count(*) AS n, avg(duration_seconds) AS average FROM interactions GROUP BY channel ORDER BY channel",
        [],
        LIMITS,
      );
      expect(outcome.ok && outcome.columns).toEqual(["channel", "n", "average"]);
      if (!outcome.ok) return;
      expect(outcome.rows.map((r) => r[0])).toEqual(["call", "chat", "email"]);
      expect(outcome.rows.reduce((s, r) => s + Number(r[1]), 0)).toBe(2_000);
      expect(typeof outcome.rows[0]?.[2]).toBe("number");
    });

    it("gives earlier steps' rows as input tables, also in front of the query's own WITH, and empty ones", async () => {
      const ids = await engine.query(
        "SELECT interaction_id FROM interactions ORDER BY 1 LIMIT 25",
        [],
        LIMITS,
      );
      if (!ids.ok) throw new Error(ids.message);
      const step_1 = { name: "step_1", columns: ["interaction_id"], rows: ids.rows };
      const joined = await engine.query(
        "WITH calls AS (SELECT * FROM interactions WHERE channel = 'call') SELECT count(*) AS n FROM step_1 s LEFT JOIN calls c ON c.interaction_id = s.interaction_id",
        [
          step_1,
          {
            name: "step_2",
            columns: ["agent_id", "score"],
            rows: [
              ["AG0001", 1.5],
              ["AG0002", null],
            ],
          },
        ],
        LIMITS,
      );
      expect(joined.ok && joined.rows).toEqual([[25]]);
      const empty = await engine.query(
        "SELECT count(*) AS n FROM step_1",
        [{ name: "step_1", columns: ["interaction_id"], rows: [] }],
        LIMITS,
      );
      expect(empty.ok && empty.rows).toEqual([[0]]);
      const quoted = await engine.query(
        "SELECT * FROM step_3",
        [{ name: "step_3", columns: ["topic"], rows: [["it's; DROP TABLE moments --"]] }],
        LIMITS,
      );
      expect(quoted.ok && quoted.rows).toEqual([["it's; DROP TABLE moments --"]]);
    });

    it("stops a query at its time limit and refuses more rows than the cap", async () => {
      const slow = await engine.query(slowQuery, [], { timeoutMs: 300, rowCap: 10 });
      expect(slow.ok || slow.code).toBe("timeout");
      const many = await engine.query("SELECT interaction_id FROM interactions", [], {
        timeoutMs: 5_000,
        rowCap: 100,
      });
      expect(many.ok || [many.code, many.message]).toEqual([
        "row-cap",
        "the query returned more than 100 rows (the row cap)",
      ]);
    });

    it.each([...COMMON_HOSTILE, ...hostile])("refuses %s: %s", async (_, sql) => {
      const outcome: QueryOutcome = await engine.query(sql, [], LIMITS);
      expect(outcome.ok).toBe(false);
      if (!outcome.ok) expect(["refused", "sql-error"]).toContain(outcome.code);
    });

    more(() => engine);

    it("still holds every row after the hostile queries", async () => {
      expect(await sizes()).toEqual(before);
      expect(await count(engine, "SELECT count(*) FROM interactions WHERE team = 'pwned'")).toBe(0);
    });
  });
}

engineSuite(
  "DuckDB",
  async () => openDuckDbEngine({ file: join(await smallTestWorkspace(), STORE_FILE) }),
  DUCKDB_HOSTILE,
  "SELECT count(*) FROM range(100000000000) a",
);

let server: TestPostgres | null = null;
afterAll(async () => server?.stop());

describeWith(POSTGRES_SERVER, "PostgreSQL", () => {
  engineSuite(
    "PostgreSQL",
    async () => {
      server = await startPostgres();
      const reader = await loadIntoPostgres({
        storeFile: join(await smallTestWorkspace(), STORE_FILE),
        schema: storeSchema(storeDescriptionOf()),
        admin: server.admin,
        database: "workspace",
        reader: "t2s_reader",
      });
      const { host, port, user, database } = reader;
      return openPostgresEngine({ connectionString: `postgres://${user}@${host}:${port}/${database}` });
    },
    POSTGRES_HOSTILE,
    "SELECT pg_sleep(5)",
    (engine) => {
      it("lets no set_config outlive its query: the session stays read-only with its timeout", async () => {
        // set_config is a function PostgreSQL lets a read-only query call; its change dies with the rolled-back
        // transaction, and the role could not write anyway.
        await engine().query(
          "SELECT set_config('default_transaction_read_only', 'off', false), set_config('statement_timeout', '0', false)",
          [],
          LIMITS,
        );
        for (let i = 0; i < 8; i++) {
          const outcome = await engine().query(
            "SELECT current_setting('default_transaction_read_only') AS ro, current_setting('transaction_read_only') AS tx",
            [],
            LIMITS,
          );
          expect(outcome.ok && outcome.rows).toEqual([["on", "on"]]);
        }
      });
    },
  );
});
