/**
 * Terminal views that must fit a fixed width: a table too wide is split into several tables that each repeat its
 * first column (the row's name), and prose is wrapped at spaces. Markdown and HTML are never cut this way.
 */
import { terminalText } from "../sanitize.js";
import { visibleLength } from "./table.js";

/** The width a terminal report is laid out for: wide enough for a laptop terminal, narrow enough for a split pane. */
export const TERMINAL_WIDTH = 120;

/** renderTable's gap between columns; a table's width is its columns plus these gaps. */
const GAP = 2;

export interface TextTable {
  headers: string[];
  rows: string[][];
}

const columnWidth = (table: TextTable, i: number) =>
  Math.max(
    visibleLength(terminalText(table.headers[i] ?? "")),
    ...table.rows.map((row) => visibleLength(terminalText(row[i] ?? ""))),
  );

/**
 * The table as one or more tables no wider than `width`, each with the first column then as many of the next
 * columns as fit (always at least one, so a single over-wide column still appears, on its own).
 */
export function splitColumns(table: TextTable, width = TERMINAL_WIDTH): TextTable[] {
  const widths = table.headers.map((_, i) => columnWidth(table, i));
  const key = widths[0] ?? 0;
  const chunks: number[][] = [];
  let current: number[] = [];
  let used = key;
  for (let i = 1; i < widths.length; i++) {
    const next = used + GAP + (widths[i] ?? 0);
    if (current.length > 0 && next > width) {
      chunks.push(current);
      current = [];
      used = key;
    }
    current.push(i);
    used += GAP + (widths[i] ?? 0);
  }
  if (current.length > 0 || chunks.length === 0) chunks.push(current);
  const pick = (cells: readonly string[], columns: readonly number[]) => [
    cells[0] ?? "",
    ...columns.map((i) => cells[i] ?? ""),
  ];
  return chunks.map((columns) => ({
    headers: pick(table.headers, columns),
    rows: table.rows.map((row) => pick(row, columns)),
  }));
}

/** Prose wrapped at spaces to `width` columns; a word longer than the width stays whole on its own line. */
export function wrapText(text: string, width = TERMINAL_WIDTH): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line !== "" && visibleLength(line) + 1 + visibleLength(word) > width) {
      lines.push(line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  lines.push(line);
  return lines.join("\n");
}
