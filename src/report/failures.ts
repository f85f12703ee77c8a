/**
 * The failing cases of one run, listed where a terminal report ends: what a person looks at first after a score is
 * which cases went wrong and why. One row per failed or errored record (case, protocol, the verdict's reason or the
 * request's error, a one-line excerpt of the output), at most `limit` of them, and a line saying how many more exist
 * and how to see them. Every cell is untrusted text: the table sanitises it and long text is cut, so a row stays one
 * line whatever a model wrote.
 */
import { terminalText, truncate } from "../sanitize.js";
import { type ExportRecord, outcomeOf } from "./record-rows.js";
import { renderTable, style } from "./table.js";

const REASON_WIDTH = 44;
const OUTPUT_WIDTH = 30;

export interface FailuresOptions {
  /** At most this many rows; 0 prints nothing at all. */
  limit: number;
  color: boolean;
  markdown?: boolean;
  /** The command that lists all `n` failing cases, as the reader would type it (default: this command's flag). */
  listAll?: (n: number) => string;
}

/** The records that did not pass, in the run's order: failed verdicts and errors alike. */
export function failingRecords(records: readonly ExportRecord[]): ExportRecord[] {
  return records.filter((record) => outcomeOf(record) !== "passed");
}

/** One line of text, whitespace runs folded, cut to `width` characters. */
function excerpt(text: string | null | undefined, width: number): string {
  if (text === null || text === undefined || text === "") return "–";
  return truncate(terminalText(text).replace(/\s+/g, " ").trim(), width);
}

function caseLabel(record: ExportRecord): string {
  return record.attempt === undefined ? record.id : `${record.id} #${record.attempt}`;
}

function why(record: ExportRecord): string {
  if (outcomeOf(record) === "error") return `error: ${record.error ?? "no output"}`;
  return record.verdict?.reason ?? "failed";
}

/**
 * The failing-cases section: a title with the count, the table, and what to do to see the rest. A run where every
 * scored record passed says so in one line, so the absence of the list is never mistaken for a cut-off.
 */
export function formatFailures(records: readonly ExportRecord[], options: FailuresOptions): string {
  if (options.limit <= 0) return "";
  const failing = failingRecords(records);
  const markdown = options.markdown === true;
  if (failing.length === 0) return markdown ? "_No failing case._\n" : "no failing case\n";
  const shown = failing.slice(0, options.limit);
  const title = `failing cases: ${failing.length} of ${records.length} records`;
  const columns = [
    { header: "case", align: "left" as const },
    { header: "protocol", align: "left" as const, style: "dim" as const },
    { header: "why", align: "left" as const },
    { header: "output", align: "left" as const, style: "dim" as const },
  ];
  const rows = shown.map((record) => [
    caseLabel(record),
    record.protocol,
    excerpt(why(record), REASON_WIDTH),
    excerpt(record.output, OUTPUT_WIDTH),
  ]);
  const rest = failing.length - shown.length;
  const more =
    rest > 0
      ? `${rest} more not shown: ${(options.listAll ?? ((n) => `--failures ${n}`))(failing.length)} lists them all`
      : "";
  const table = renderTable(columns, rows, { color: options.color, markdown });
  if (markdown) return `**${title}**\n\n${table}${more ? `\n_${more}_\n` : ""}`;
  return `${style.bold(title, options.color)}\n${table}${more ? `${style.dim(more, options.color)}\n` : ""}`;
}
