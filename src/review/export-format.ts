/**
 * The file format of `tooluse review export`: what `--out`'s extension says (.jsonl, .json, .yaml/.yml, .csv), or
 * `--format`, which must then agree with the extension. A file named `x.jsonl` holding YAML misleads every reader
 * that trusts the name, `plan agree` among them (it picks CSV or JSON lines by the extension). An extension that
 * names no format (or `-`, stdout) gets the kind's own format, the one its consumer reads.
 */
import { extname } from "node:path";
import { stringify } from "yaml";
import { UserError } from "../errors.js";
import { toJsonLines } from "../jsonl.js";
import { writeCsv } from "../plans/data/release-csv.js";

export const EXPORT_FORMATS = ["jsonl", "json", "yaml", "csv"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const BY_EXTENSION: Readonly<Record<string, ExportFormat>> = {
  ".jsonl": "jsonl",
  ".ndjson": "jsonl",
  ".json": "json",
  ".yaml": "yaml",
  ".yml": "yaml",
  ".csv": "csv",
};

/** The format a file name announces, or null when its extension names none. */
export function formatOfPath(path: string): ExportFormat | null {
  return BY_EXTENSION[extname(path).toLowerCase()] ?? null;
}

export interface FormatChoice {
  out: string;
  /** `--format`, as typed (undefined: not given). */
  flag: string | undefined;
  /** The kind's own format, for an extension that names none. */
  native: ExportFormat;
  /** The CSV columns, when the kind's records are flat enough for CSV; else CSV is refused. */
  csvColumns: readonly string[] | undefined;
  kind: string;
}

export function chooseFormat({ out, flag, native, csvColumns, kind }: FormatChoice): ExportFormat {
  let given: ExportFormat | undefined;
  if (flag !== undefined) {
    if (!(EXPORT_FORMATS as readonly string[]).includes(flag))
      throw new UserError(`--format: expected one of ${EXPORT_FORMATS.join(", ")}, got "${flag}"`);
    given = flag as ExportFormat;
  }
  const named = formatOfPath(out);
  if (given !== undefined && named !== null && given !== named)
    throw new UserError(`--format ${given}: --out ${out} has the extension of ${named}`, {
      hint: `name the file .${given}, or leave --format out`,
    });
  const format = given ?? named ?? native;
  if (format === "csv" && csvColumns === undefined)
    throw new UserError(`--kind ${kind}: its lines are nested, so there is no CSV of them`, {
      hint: "write .jsonl, .json or .yaml",
    });
  return format;
}

/** A CSV cell: a list (step tags) joined by ";", as `plan agree` reads tag cells; nothing for a missing value. */
function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.join(";");
  return String(value);
}

/** The records as text in the format; YAML entries are set apart by a blank line, as the plan sources are. */
export function serialiseRecords(
  records: readonly Record<string, unknown>[],
  format: ExportFormat,
  csvColumns: readonly string[] | undefined,
): string {
  switch (format) {
    case "jsonl":
      return toJsonLines(records);
    case "json":
      return `${JSON.stringify(records, null, 2)}\n`;
    case "yaml":
      return records.length === 0
        ? "[]\n"
        : stringify(records, { lineWidth: 0, blockQuote: "literal" }).replace(/\n- /g, "\n\n- ");
    case "csv": {
      const columns = csvColumns ?? [];
      const rows = records.map((record) =>
        Object.fromEntries(columns.map((column) => [column, csvCell(record[column])])),
      );
      return writeCsv(columns, rows);
    }
  }
}
