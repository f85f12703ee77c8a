/** Building a workspace: deterministic, atomic, and internally consistent (store, transcripts and labels agree). */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import duckdb from "@duckdb/node-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeDescriptionOf } from "../planning/store-description.js";
import { smallTestWorkspace } from "../planning/test-support/workspaces.js";
import { tempDir } from "../test-support/temp.js";
import { buildWorkspace, readManifest, STORE_FILE, TRANSCRIPTS_FILE } from "./build.js";
import { WINDOW } from "./calendar.js";
import { REPEAT_CONTACT_DAYS } from "./domain.js";

const description = storeDescriptionOf();
const temp = tempDir("tooluse-ws-build-");
afterAll(() => temp.remove());

describe("buildWorkspace", () => {
  it("builds the same data from the same seed, and other data from another seed", {
    timeout: 180_000,
  }, async () => {
    const a = await buildWorkspace({ seed: 5, size: 2_000, dir: join(temp.path, "a"), description });
    const b = await buildWorkspace({ seed: 5, size: 2_000, dir: join(temp.path, "b"), description });
    const c = await buildWorkspace({ seed: 6, size: 2_000, dir: join(temp.path, "c"), description });
    expect(b.tables).toEqual(a.tables);
    expect(c.tables.interactions?.digest).not.toBe(a.tables.interactions?.digest);
    expect(a.tables.interactions?.rows).toBe(2_000);
    expect(a.today).toBe("2025-11-19");
    // Nothing but the three files is left behind: the staging files and the temporary directory are gone.
    expect(readdirSync(join(temp.path, "a")).sort()).toEqual(
      ["manifest.json", STORE_FILE, TRANSCRIPTS_FILE].sort(),
    );
    expect(readdirSync(temp.path).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("returns an existing build of the same seed and size, and replaces nothing it did not make", async () => {
    const dir = join(temp.path, "a");
    const again = await buildWorkspace({ seed: 5, size: 2_000, dir, description });
    expect(again).toEqual(readManifest(dir));
    await expect(buildWorkspace({ seed: 9, size: 2_000, dir, description })).rejects.toThrow(/pass force/);
    const foreign = join(temp.path, "not-a-workspace");
    mkdirSync(foreign);
    writeFileSync(join(foreign, "keep.txt"), "mine");
    await expect(buildWorkspace({ seed: 1, size: 2_000, dir: foreign, description })).rejects.toThrow(
      /not a workspace/,
    );
    expect(existsSync(join(foreign, "keep.txt"))).toBe(true);
  });

  it.each([
    [1, 1_999, /size: expected an integer from 2000 to 200000/],
    [1, 200_001, /size/],
    [1, 2_500.5, /size/],
    [-1, 2_000, /seed/],
  ])("refuses seed %s size %s", async (seed, size, message) => {
    await expect(buildWorkspace({ seed, size, dir: join(temp.path, "x"), description })).rejects.toThrow(
      message,
    );
  });
});

describe("a built workspace is consistent", () => {
  let connection: duckdb.DuckDBConnection;
  let instance: duckdb.DuckDBInstance;
  const one = async (sql: string) => (await connection.runAndReadAll(sql)).getRowsJS()[0]?.map(Number) ?? [];

  beforeAll(async () => {
    const dir = await smallTestWorkspace();
    instance = await duckdb.DuckDBInstance.create(":memory:");
    connection = await instance.connect();
    await connection.run(`ATTACH '${join(dir, STORE_FILE)}' AS store (READ_ONLY)`);
    await connection.run(`ATTACH '${join(dir, TRANSCRIPTS_FILE)}' AS talk (READ_ONLY)`);
    await connection.run("USE store");
  }, 120_000);
  afterAll(() => {
    connection?.closeSync();
    instance?.closeSync();
  });

  it("keeps every interaction inside the window, with one sentiment, resolution and follow-up value each", async () => {
    const [early, late] = await one(
      `SELECT count(*) FILTER (WHERE started_at < TIMESTAMP '2025-08-21'), count(*) FILTER (WHERE ended_at >= TIMESTAMP '2025-11-20') FROM interactions`,
    );
    expect([early, late]).toEqual([0, 0]);
    expect(WINDOW.end - WINDOW.start).toBe(91 * 86_400_000);
    for (const moment of ["sentiment", "issue resolved", "follow-up required"]) {
      const [missing, doubled] = await one(
        `SELECT count(*) FILTER (WHERE n = 0), count(*) FILTER (WHERE n > 1) FROM (SELECT i.interaction_id, count(m.moment) AS n FROM interactions i LEFT JOIN moments m ON m.interaction_id = i.interaction_id AND m.moment = '${moment}' GROUP BY 1)`,
      );
      expect([missing, doubled]).toEqual([0, 0]);
    }
  });

  it("scores calls and chats, never emails, and computes the overall score from the dimensions", async () => {
    const [emails, unscored] = await one(
      "SELECT count(*) FILTER (WHERE i.channel = 'email' AND e.interaction_id IS NOT NULL), count(*) FILTER (WHERE i.channel <> 'email' AND e.interaction_id IS NULL) FROM interactions i LEFT JOIN qa_evaluations e USING (interaction_id)",
    );
    expect([emails, unscored]).toEqual([0, 0]);
    const [dims] = await one(
      "SELECT max(n) - min(n) FROM (SELECT interaction_id, count(*) n FROM qa_dimension_scores GROUP BY 1)",
    );
    expect(dims).toBe(0);
  });

  it("marks a repeat contact exactly when the customer came back about the same primary driver within seven days", async () => {
    const [disagree] = await one(`
      WITH primary_driver AS (SELECT i.interaction_id, i.customer_id, i.started_at, d.call_driver FROM interactions i
        JOIN call_drivers d ON d.interaction_id = i.interaction_id AND d.is_primary),
      expected AS (SELECT a.interaction_id, count(b.interaction_id) AS later FROM primary_driver a
        LEFT JOIN primary_driver b ON b.customer_id = a.customer_id AND b.call_driver = a.call_driver
        AND b.started_at > a.started_at AND b.started_at - a.started_at <= INTERVAL ${REPEAT_CONTACT_DAYS} DAY GROUP BY 1)
      SELECT count(*) FROM expected e LEFT JOIN moments m ON m.interaction_id = e.interaction_id AND m.moment = 'repeat contact'
      WHERE coalesce(m.occurrences, 0) <> e.later`);
    expect(disagree).toBe(0);
  });

  it("says in the transcript what the store records: holds, transfers, escalations, identity checks", async () => {
    const pairs = [
      [
        "EXISTS (SELECT 1 FROM moments m WHERE m.interaction_id = i.interaction_id AND m.moment = 'hold')",
        "system.hold",
      ],
      [
        "EXISTS (SELECT 1 FROM moments m WHERE m.interaction_id = i.interaction_id AND m.moment = 'escalation')",
        "system.escalation",
      ],
      [
        "EXISTS (SELECT 1 FROM moments m WHERE m.interaction_id = i.interaction_id AND m.moment = 'transfer')",
        "system.transfer",
      ],
      [
        "EXISTS (SELECT 1 FROM moments m WHERE m.interaction_id = i.interaction_id AND m.moment = 'abusive interaction')",
        "customer.abusive",
      ],
      [
        "i.channel <> 'email' AND EXISTS (SELECT 1 FROM qa_checks c WHERE c.interaction_id = i.interaction_id AND c.check_name = 'identity verified' AND c.passed)",
        "agent.verify-identity",
      ],
    ];
    for (const [stored, label] of pairs) {
      const [mismatch] = await one(
        `SELECT count(*) FROM interactions i WHERE (${stored}) <> EXISTS (SELECT 1 FROM talk.transcript_turns t WHERE t.interaction_id = i.interaction_id AND t.label = '${label}')${label === "agent.verify-identity" ? " AND i.channel <> 'email'" : ""}`,
      );
      expect({ label, mismatch }).toEqual({ label, mismatch: 0 });
    }
    const [labelled] = await one(
      "SELECT count(*) FROM talk.transcripts t WHERE json_extract_string(t.labels, '$.reason') LIKE 'reason.%'",
    );
    expect(labelled).toBe(2_000);
  });
});
