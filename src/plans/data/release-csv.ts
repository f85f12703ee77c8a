/**
 * The paper's release format: queries.csv and plans.csv, their columns, and reading them with a real CSV parser
 * (quoted cells may span lines). Rows are numbered as a spreadsheet shows them: the header is row 1, and a record
 * is one row however many lines its cells span.
 */
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { UserError } from "../../errors.js";
import { inputLimits } from "../../input/limits.js";

export const QUERY_COLUMNS = [
  "query_id",
  "Sample",
  "query",
  "is_query_subjective",
  "is_query_compound",
  "# steps in the BPP",
  "grouped",
  "best_plan",
  "plan_lineage",
] as const;
export type QueryColumn = (typeof QUERY_COLUMNS)[number];

export const PLAN_COLUMNS = ["query_id", "llm", "prompt_type", "plan"] as const;
export type PlanColumn = (typeof PLAN_COLUMNS)[number];

/** Bad rows, each a line `file:row: column: expected …`; all of them are reported, not just the first. */
export class RowErrors extends UserError {
  override name = "RowErrors";
  constructor(readonly problems: readonly string[]) {
    super(problems.join("\n"));
  }
}

export interface CsvRow<C extends string> {
  /** The row number a spreadsheet shows (the header is row 1). */
  row: number;
  cells: Record<C, string>;
}

/** Parses a CSV file with a header; extra columns are ignored, missing ones are an error naming them. */
export function readCsv<C extends string>(text: string, file: string, columns: readonly C[]): CsvRow<C>[] {
  let table: string[][];
  try {
    // A record longer than a line may be is refused by the parser itself, whatever its quoting.
    const max_record_size = inputLimits().lineBytes;
    table = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true, max_record_size });
  } catch (error) {
    if (error instanceof UserError) throw error;
    throw new UserError(`${file}: invalid CSV (${(error as Error).message})`);
  }
  const header = (table[0] ?? []).map((name) => name.trim());
  const missing = columns.filter((column) => !header.includes(column));
  if (missing.length > 0)
    throw new UserError(
      `${file}:1: expected the columns ${missing.map((c) => JSON.stringify(c)).join(", ")}`,
    );
  const at = columns.map((column) => [column, header.indexOf(column)] as const);
  // A short row would read its missing cells as empty (an empty plan): every such row is reported instead.
  const short = table
    .slice(1)
    .flatMap((cells, index) =>
      cells.length < header.length
        ? [`${file}:${index + 2}: expected ${header.length} columns as in the header, found ${cells.length}`]
        : [],
    );
  if (short.length > 0) throw new RowErrors(short);
  return table.slice(1).map((cells, index) => ({
    row: index + 2,
    cells: Object.fromEntries(at.map(([column, position]) => [column, cells[position] ?? ""])) as Record<
      C,
      string
    >,
  }));
}

/** Writes a header and rows; cells holding commas, quotes or line breaks are quoted. */
export function writeCsv<C extends string>(
  columns: readonly C[],
  rows: readonly Record<C, string>[],
): string {
  return stringify([[...columns], ...rows.map((row) => columns.map((column) => row[column]))]);
}

const TRUE = new Set(["true", "yes", "y", "t", "1"]);
const FALSE = new Set(["false", "no", "n", "f", "0"]);

/** The flags of the release, in whatever spelling a spreadsheet left them (True, TRUE, yes, 1 …). */
export function parseFlag(cell: string): boolean | null {
  const value = cell.trim().toLowerCase();
  return TRUE.has(value) ? true : FALSE.has(value) ? false : null;
}

/** How the export writes a flag: as pandas writes a boolean column. */
export function formatFlag(value: boolean): string {
  return value ? "True" : "False";
}
