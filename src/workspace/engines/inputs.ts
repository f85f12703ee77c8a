/**
 * Input tables as common table expressions in front of the query, in SQL that DuckDB and PostgreSQL read alike:
 * `WITH step_1(interaction_id) AS (VALUES ('IX0000001'), …) <query>`. A query that has its own WITH list gets the
 * inputs prepended to it. Values are literals written here, never text from the model.
 */
import type { InputTable, SqlValue } from "./engine.js";

const NAME = /^[a-z_][a-z0-9_]*$/;

function quoteName(name: string): string {
  return NAME.test(name) ? name : `"${name.replaceAll('"', '""')}"`;
}

type ColumnType = "TEXT" | "BIGINT" | "DOUBLE PRECISION" | "BOOLEAN";

function columnType(rows: readonly (readonly SqlValue[])[], index: number): ColumnType {
  let type: ColumnType | null = null;
  for (const row of rows) {
    const value = row[index] ?? null;
    if (value === null) continue;
    const kind: ColumnType =
      typeof value === "boolean"
        ? "BOOLEAN"
        : typeof value === "number"
          ? Number.isInteger(value)
            ? "BIGINT"
            : "DOUBLE PRECISION"
          : "TEXT";
    if (type === null || type === kind) type = kind;
    else if (
      (type === "BIGINT" && kind === "DOUBLE PRECISION") ||
      (type === "DOUBLE PRECISION" && kind === "BIGINT")
    )
      type = "DOUBLE PRECISION";
    else return "TEXT";
  }
  return type ?? "TEXT";
}

function literal(value: SqlValue, type: ColumnType): string {
  if (value === null) return `CAST(NULL AS ${type})`;
  if (type === "TEXT") return `'${String(value).replaceAll("'", "''")}'`;
  if (type === "BOOLEAN") return value ? "TRUE" : "FALSE";
  if (type === "DOUBLE PRECISION") return `CAST(${Number(value)} AS DOUBLE PRECISION)`;
  return String(Math.trunc(Number(value)));
}

function tableExpression(table: InputTable): string {
  if (!NAME.test(table.name)) throw new Error(`input table name ${table.name} is not a plain name`);
  const columns = table.columns.length > 0 ? table.columns : ["value"];
  const types = columns.map((_, i) => columnType(table.rows, i));
  const names = columns.map(quoteName).join(", ");
  if (table.rows.length === 0) {
    const empty = columns.map((c, i) => `CAST(NULL AS ${types[i]}) AS ${quoteName(c)}`).join(", ");
    return `${table.name}(${names}) AS (SELECT ${empty} WHERE 1 = 0)`;
  }
  const rows = table.rows.map(
    (row) => `(${columns.map((_, i) => literal(row[i] ?? null, types[i] ?? "TEXT")).join(", ")})`,
  );
  return `${table.name}(${names}) AS (SELECT * FROM (VALUES ${rows.join(", ")}) AS input_rows(${names}))`;
}

const LEADING_WITH = /^\s*with\s+(recursive\s+)?/i;

/** The query with the input tables in front of it; `sql` has passed the guard (one query, no trailing ;). */
export function withInputs(sql: string, inputs: readonly InputTable[]): string {
  if (inputs.length === 0) return sql;
  const ctes = inputs.map(tableExpression).join(",\n");
  const own = LEADING_WITH.exec(sql);
  if (own) return `WITH ${own[1] ?? ""}${ctes},\n${sql.slice(own[0].length)}`;
  return `WITH ${ctes}\n${sql}`;
}
