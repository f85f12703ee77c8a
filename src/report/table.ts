/**
 * Renders rows as an aligned text table (bold header on a TTY) or as a Markdown table: one layout for every view.
 * Cells are plain text and may be untrusted (ids, model names): every cell goes through the one sanitiser, and colour
 * is a property of the column, added after sanitising, so no control sequence from the data reaches the output.
 */
import { markdownText, terminalText } from "../sanitize.js";

export interface TableOptions {
  color: boolean;
  markdown: boolean;
}

export interface Column {
  header: string;
  align: "left" | "right";
  /** Colour for every cell of the column (only when colour is on). */
  style?: keyof typeof style;
}

// Visible width ignores ANSI colour codes, so coloured cells still line up.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching the ESC of ANSI sequences is the point.
const ANSI = /\u001b\[[0-9;]*m/g;
export const visibleLength = (text: string) => text.replace(ANSI, "").length;

export const style = {
  bold: (text: string, on: boolean) => (on ? `\u001b[1m${text}\u001b[22m` : text),
  dim: (text: string, on: boolean) => (on ? `\u001b[2m${text}\u001b[22m` : text),
  yellow: (text: string, on: boolean) => (on ? `\u001b[33m${text}\u001b[39m` : text),
  cyan: (text: string, on: boolean) => (on ? `\u001b[36m${text}\u001b[39m` : text),
};

export function renderTable(
  columns: readonly Column[],
  rows: readonly string[][],
  options: TableOptions,
): string {
  if (options.markdown) {
    const line = (cells: readonly string[]) => `| ${cells.map(markdownText).join(" | ")} |`;
    const rule = columns.map((c) => (c.align === "right" ? "---:" : "---"));
    return `${[line(columns.map((c) => c.header)), `| ${rule.join(" | ")} |`, ...rows.map(line)].join("\n")}\n`;
  }
  const safeRows = rows.map((row) => row.map((cell) => terminalText(cell)));
  const widths = columns.map((c, i) =>
    Math.max(c.header.length, ...safeRows.map((r) => visibleLength(r[i] ?? ""))),
  );
  const render = (cells: readonly string[], styled: boolean) =>
    columns
      .map((column, i) => {
        const cell = cells[i] ?? "";
        const pad = " ".repeat(Math.max(0, (widths[i] ?? 0) - visibleLength(cell)));
        const shown = styled && column.style ? style[column.style](cell, options.color) : cell;
        return column.align === "right" ? pad + shown : shown + pad;
      })
      .join("  ")
      .trimEnd();
  const head = style.bold(
    render(
      columns.map((c) => terminalText(c.header)),
      false,
    ),
    options.color,
  );
  return `${[head, ...safeRows.map((row) => render(row, true))].join("\n")}\n`;
}

/** A horizontal bar of `width` cells for a ratio, in eighths of a cell. */
export function bar(value: number | null, width: number): string {
  if (value === null) return "";
  const eighths = Math.round(Math.min(1, Math.max(0, value)) * width * 8);
  const partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"][eighths % 8] ?? "";
  return "█".repeat(Math.floor(eighths / 8)) + partial;
}
