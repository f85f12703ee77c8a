/**
 * One CSV row per record (RFC 4180: comma-separated, quoted when needed, CRLF line ends), for spreadsheets and
 * pandas. Leniency, written down: a cell of untrusted text that starts with = + - @, a TAB or a CR (what a
 * spreadsheet reads as the start of a formula, OWASP's list) is prefixed with an apostrophe, so opening the file
 * never runs a model's output as a formula.
 */
import { type ExportRun, hasAttempts, outcomeOf } from "./record-rows.js";

const COLUMNS = [
  "model",
  "backend",
  "id",
  "protocol",
  "outcome",
  "reason",
  "error",
  "latency_ms",
  "prompt_tokens",
  "completion_tokens",
  "attempts",
  "cached",
  "endpoint",
  "output",
] as const;

type Column = (typeof COLUMNS)[number] | "attempt";

/** What a spreadsheet takes for the start of a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * One row per record; with repeats (`run --repeats`), one row per attempt and an `attempt` column after `protocol`
 * (empty for the records of a run without repeats). Without repeats the columns are what they always were.
 */
export function buildCsv(runs: readonly ExportRun[]): string {
  const attempts = hasAttempts(runs);
  const columns: readonly Column[] = attempts
    ? [...COLUMNS.slice(0, 4), "attempt", ...COLUMNS.slice(4)]
    : COLUMNS;
  const rows = [columns.join(",")];
  for (const run of runs) {
    for (const r of run.records) {
      const values: Record<Column, string | number | boolean | null | undefined> = {
        model: run.model,
        backend: run.backend,
        id: r.id,
        protocol: r.protocol,
        attempt: r.attempt,
        outcome: outcomeOf(r),
        reason: r.verdict?.reason,
        error: r.error,
        latency_ms: r.latency_ms,
        prompt_tokens: r.prompt_tokens,
        completion_tokens: r.completion_tokens,
        attempts: r.attempts,
        cached: r.cached,
        endpoint: r.endpoint,
        output: r.output,
      };
      rows.push(columns.map((column) => cell(values[column])).join(","));
    }
  }
  return `${rows.join("\r\n")}\r\n`;
}
