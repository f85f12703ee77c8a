/**
 * Tab-separated staging files for the bulk load: the generator's rows go to one file per table, which DuckDB's
 * COPY reads far faster than row-by-row appends. Generated text never holds a tab or a line break (checked), so
 * no quoting is needed; NULL is written as \N.
 */
import { createHash, type Hash } from "node:crypto";
import { closeSync, openSync, writeSync } from "node:fs";
import type { ColumnSchema } from "../description.js";
import type { CellValue } from "./rows.js";

const FLUSH_CHARS = 1 << 20;
export const TSV_NULL = "\\N";
const FORBIDDEN = /[\t\n\r\\]/;

/** A timestamp as both engines read it: 2025-10-01 13:45:07.123 (UTC). */
export function timestampText(ms: number): string {
  return new Date(ms).toISOString().slice(0, 23).replace("T", " ");
}

function cell(value: CellValue, column: ColumnSchema): string {
  if (value === null) {
    return TSV_NULL;
  }
  if (column.sqlType === "TIMESTAMP") {
    if (typeof value !== "number") throw new Error(`${column.name}: a timestamp must be epoch milliseconds`);
    return timestampText(value);
  }
  const text = String(value);
  if (FORBIDDEN.test(text)) throw new Error(`${column.name}: a value holds a tab, line break or backslash`);
  return text;
}

export class TsvWriter {
  private readonly fd: number;
  /** Lines not yet written, joined by V8's cheap string concatenation. */
  private pending = "";
  /** The sha256 of the file's content, for the workspace manifest. */
  private readonly hash: Hash = createHash("sha256");
  rows = 0;

  constructor(
    readonly path: string,
    private readonly columns: readonly ColumnSchema[],
  ) {
    this.fd = openSync(path, "w");
  }

  write(row: Readonly<Record<string, CellValue>>): void {
    let line = "";
    for (let i = 0; i < this.columns.length; i++) {
      const column = this.columns[i] as ColumnSchema;
      const value = row[column.name];
      if (value === undefined) throw new Error(`row without column ${column.name}`);
      line += (i === 0 ? "" : "\t") + cell(value, column);
    }
    this.pending += `${line}\n`;
    this.rows++;
    if (this.pending.length > FLUSH_CHARS) this.flush();
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    const chunk = Buffer.from(this.pending);
    this.hash.update(chunk);
    writeSync(this.fd, chunk);
    this.pending = "";
  }

  /** Closes the file; returns the digest of everything written. */
  close(): string {
    this.flush();
    closeSync(this.fd);
    return `sha256:${this.hash.digest("hex")}`;
  }
}
