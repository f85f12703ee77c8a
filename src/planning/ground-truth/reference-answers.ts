/**
 * Reference answers, computed from a workspace: each objective query's answer queries run once on its engine and
 * each fact read from their rows. They are a pure function of the workspace (generator version, seed, size) and
 * the reference SQL, so they need not be stored: any workspace computes its own (docs/workspace.md).
 */
import type { Fact, ReferenceSql } from "../../plans/data/references.js";
import type { Engine, QueryRows, SqlValue } from "../../workspace/engines/engine.js";

export type FactValue =
  | { kind: "number"; fact: Fact; value: number | null }
  /** The names the answer may give: the top row and any tied with it; empty when there are no rows. */
  | { kind: "entity"; fact: Fact; names: string[] }
  /** `required` is the set; `tied` are rows tied with its last member on the ranking column, also accepted. */
  | { kind: "set"; fact: Fact; required: string[]; tied: string[] }
  | { kind: "groups"; fact: Fact; groups: { key: string; value: number | null }[] };

export interface ReferenceAnswer {
  query_id: string;
  facts: FactValue[];
}

const LIMITS = { timeoutMs: 120_000, rowCap: 1_000_000 } as const;

function column(rows: QueryRows, name: string, where: string): number {
  const at = rows.columns.indexOf(name);
  if (at === -1)
    throw new Error(`${where}: the answer query has no column ${name} (it has ${rows.columns.join(", ")})`);
  return at;
}

const asNumber = (value: SqlValue | undefined): number | null =>
  value === null || value === undefined ? null : Number(value);

/** Names of the rows tied with the row at `index` on the ranking column. */
function tiedWith(rows: QueryRows, index: number, name: number, by: number | null): string[] {
  const target = rows.rows[index];
  if (!target) return [];
  if (by === null) return [String(target[name])];
  return rows.rows.filter((row) => row[by] === target[by]).map((row) => String(row[name]));
}

export function factValue(fact: Fact, rows: QueryRows, where: string): FactValue {
  const at = column(rows, fact.column, where);
  switch (fact.kind) {
    case "number":
      return { kind: "number", fact, value: asNumber(rows.rows[0]?.[at]) };
    case "entity": {
      const by = fact.by ? column(rows, fact.by, where) : null;
      return { kind: "entity", fact, names: tiedWith(rows, 0, at, by) };
    }
    case "set": {
      const names = rows.rows.map((row) => String(row[at]));
      if (fact.k === undefined || !fact.by) return { kind: "set", fact, required: names, tied: [] };
      const by = column(rows, fact.by, where);
      const required = names.slice(0, fact.k);
      const boundary = tiedWith(rows, Math.min(fact.k, rows.rows.length) - 1, at, by);
      return { kind: "set", fact, required, tied: boundary.filter((n) => !required.includes(n)) };
    }
    case "groups": {
      const key = column(rows, fact.key ?? "", where);
      return {
        kind: "groups",
        fact,
        groups: rows.rows.map((row) => ({ key: String(row[key]), value: asNumber(row[at]) })),
      };
    }
  }
}

/** The reference answer of every objective query the references hold, in their order. */
export async function computeReferenceAnswers(
  engine: Engine,
  references: readonly ReferenceSql[],
): Promise<ReferenceAnswer[]> {
  const answers: ReferenceAnswer[] = [];
  for (const reference of references) {
    if (!reference.answer) continue;
    const results = new Map<string, QueryRows>();
    for (const [name, sql] of Object.entries(reference.answer.queries)) {
      const outcome = await engine.query(sql, [], LIMITS);
      if (!outcome.ok)
        throw new Error(`${reference.query_id} answer.${name}: ${outcome.code}: ${outcome.message}`);
      results.set(name, outcome);
    }
    answers.push({
      query_id: reference.query_id,
      facts: reference.answer.facts.map((fact) => {
        const where = `${reference.query_id} answer.${fact.from ?? "sql"}`;
        return factValue(fact, results.get(fact.from ?? "sql") as QueryRows, where);
      }),
    });
  }
  return answers;
}
