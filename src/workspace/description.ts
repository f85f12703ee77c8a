/**
 * What the store promises, as the T2S tool description states it (corpus/plans/tools.yaml: tables, columns, trigger
 * terms), and the SQL schema derived from it. The workspace sits below the plans layer, so the description arrives
 * as this structural type; the planning layer hands over the packaged tool descriptions.
 */

export const TERM_GROUPS = ["call_drivers", "moments", "qa"] as const;
export type TermGroup = (typeof TERM_GROUPS)[number];

export interface DescribedColumn {
  readonly name: string;
  /** The type as the description writes it: string, integer, boolean, timestamp, enum(a, b), number 0-100, … */
  readonly type: string;
  readonly description: string;
  readonly values_from?: TermGroup | undefined;
}

export interface DescribedTable {
  readonly name: string;
  readonly description: string;
  readonly columns: readonly DescribedColumn[];
}

/** The tables and the term lists (call drivers, moments, QA terms) of the T2S description. */
export interface StoreDescription {
  readonly tables: readonly DescribedTable[];
  readonly terms: Readonly<Record<TermGroup, readonly string[]>>;
}

export type SqlType = "TEXT" | "INTEGER" | "DOUBLE PRECISION" | "BOOLEAN" | "TIMESTAMP";

export interface ColumnSchema {
  readonly name: string;
  readonly sqlType: SqlType;
  /** The allowed values of an enum column, else null. */
  readonly values: readonly string[] | null;
  readonly valuesFrom: TermGroup | null;
  /** The stated range of a numeric column ("number 0-100", "integer 1-5"), else null. */
  readonly range: readonly [number, number] | null;
  readonly nullable: boolean;
}

export interface TableSchema {
  readonly name: string;
  readonly columns: readonly ColumnSchema[];
}

const ENUM = /^enum\(([^)]*)\)$/;
const RANGE = /(-?\d+(?:\.\d+)?)\s*-\s*(-?\d+(?:\.\d+)?)/;

/** Reads a described type; throws on a type the store cannot hold (a bug of the description). */
export function columnSchema(column: DescribedColumn): ColumnSchema {
  const type = column.type.trim().toLowerCase();
  const nullable = /\bnullable\b/.test(type);
  const head = type.replace(/,?\s*nullable\b/, "").trim();
  const enumMatch = ENUM.exec(head);
  const rangeMatch = RANGE.exec(head);
  const range = rangeMatch ? ([Number(rangeMatch[1]), Number(rangeMatch[2])] as const) : null;
  const base = {
    name: column.name,
    valuesFrom: column.values_from ?? null,
    nullable,
  };
  if (enumMatch)
    return {
      ...base,
      sqlType: "TEXT",
      values: (enumMatch[1] ?? "").split(",").map((v) => v.trim()),
      range: null,
    };
  if (head === "string") return { ...base, sqlType: "TEXT", values: null, range: null };
  if (head === "timestamp") return { ...base, sqlType: "TIMESTAMP", values: null, range: null };
  if (head === "boolean") return { ...base, sqlType: "BOOLEAN", values: null, range: null };
  if (head.startsWith("integer")) return { ...base, sqlType: "INTEGER", values: null, range };
  if (head.startsWith("number")) return { ...base, sqlType: "DOUBLE PRECISION", values: null, range };
  throw new Error(`column ${column.name}: the store cannot hold the described type "${column.type}"`);
}

export function storeSchema(description: StoreDescription): TableSchema[] {
  return description.tables.map((table) => ({
    name: table.name,
    columns: table.columns.map(columnSchema),
  }));
}

/** CREATE TABLE in the subset of SQL that DuckDB and PostgreSQL read alike. */
export function createTableSql(table: TableSchema): string {
  const columns = table.columns.map((c) => `  ${c.name} ${c.sqlType}`).join(",\n");
  return `CREATE TABLE ${table.name} (\n${columns}\n)`;
}
