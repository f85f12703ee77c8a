import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { guardSql } from "./guard.js";

describe("guardSql", () => {
  it.each([
    ["SELECT 1", "SELECT 1"],
    ["  select count(*) from interactions;  ", "select count(*) from interactions"],
    ["WITH x AS (SELECT 1) SELECT * FROM x;;", "WITH x AS (SELECT 1) SELECT * FROM x"],
    ["-- a comment\nSELECT 'a;b' AS semi", "SELECT 'a;b' AS semi"],
    ['SELECT "odd;name" FROM t /* ; */', 'SELECT "odd;name" FROM t'],
    ["(SELECT 1) UNION (SELECT 2)", "(SELECT 1) UNION (SELECT 2)"],
    ["SELECT 'it''s; fine'", "SELECT 'it''s; fine'"],
  ])("accepts one query: %j", (sql, cleaned) => {
    expect(guardSql(sql)).toEqual({ ok: true, sql: cleaned });
  });

  it.each([
    ["DROP TABLE moments", /starts with DROP/],
    ["CREATE TABLE x (a INT)", /starts with CREATE/],
    ["INSERT INTO moments VALUES (1)", /starts with INSERT/],
    ["UPDATE interactions SET team = 'x'", /starts with UPDATE/],
    ["DELETE FROM interactions", /starts with DELETE/],
    ["ATTACH '/tmp/x.db' AS x", /starts with ATTACH/],
    ["COPY interactions TO '/tmp/x.csv'", /starts with COPY/],
    ["INSTALL httpfs", /starts with INSTALL/],
    ["LOAD httpfs", /starts with LOAD/],
    ["PRAGMA database_list", /starts with PRAGMA/],
    ["SET threads = 1", /starts with SET/],
    ["SELECT 1; DROP TABLE moments", /only one statement/],
    ["SELECT 1; SELECT 2;", /only one statement/],
    ["SELECT 'unterminated", /unterminated a string/],
    ["SELECT 1 /* open", /unterminated a \/\* comment/],
    ["", /no query/],
    [";;", /no query/],
  ])("refuses %j", (sql, message) => {
    const outcome = guardSql(sql);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.message).toMatch(message);
  });

  it("never throws, is idempotent, and never accepts a second statement (property)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.string({ maxLength: 40 }), (a, b) => {
        const outcome = guardSql(a);
        if (outcome.ok) expect(guardSql(outcome.sql)).toEqual(outcome);
        const plain = b.replace(/['"$;-]|\/\*/g, "");
        expect(guardSql(`SELECT 1; ${plain}x`).ok).toBe(false);
      }),
      { seed: 29, numRuns: 500 },
    );
  });
});
