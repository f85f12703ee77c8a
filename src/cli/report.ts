/** `tooluse report FILE...`: the terminal or Markdown view of results files, and optionally the HTML report. */
import { UserError } from "../errors.js";
import { formatFailures } from "../report/failures.js";
import { assertSameGrading, loadRuns } from "../report/load.js";
import { formatRepeats, repeatStatistics } from "../report/repeats.js";
import { reportJson } from "../report/report-json.js";
import { formatRunHeader, formatSummary } from "../report/terminal.js";
import { formatLeaderboard } from "../report/terminal-leaderboard.js";
import type { ReportRun } from "../runner/results-schema.js";
import { terminalText } from "../sanitize.js";
import { type ExportFlags, writeReports } from "./export-formats.js";
import { failuresFlag } from "./failures-flag.js";
import { type Io, stdoutColor } from "./io.js";

export interface ReportOptions extends ExportFlags {
  files: string[];
  format: "text" | "md";
  /** Also write the self-contained HTML report to this path. */
  html?: string;
  /** `--failures N`: how many failing cases one run's summary lists (0 none). */
  failures?: string;
  /** Print the runs as one JSON document instead of the tables. */
  json?: boolean;
}

const FORMATS = ["text", "md"];

/** One run: its header and full summary. Several: the leaderboard (details per run are in the HTML report). */
export async function runReport(opts: ReportOptions, io: Io): Promise<number> {
  if (!FORMATS.includes(opts.format))
    throw new UserError(`--format: expected text or md, got "${String(opts.format)}"`);
  const runs = loadRuns(opts.files, (note) => io.stderr(`warning: ${terminalText(note)}\n`));
  const failuresShown = failuresFlag(opts.failures);
  const markdown = opts.format === "md";
  const options = { color: stdoutColor(io) && !markdown, markdown };
  const [only] = runs;
  if (opts.json) {
    // The tables' own options would be silently dropped: refused instead.
    if (markdown) throw new UserError("--json and --format md both choose what is printed; give one");
    if (opts.failures !== undefined)
      throw new UserError("--failures lists failing cases in the tables; --json prints no tables", {
        hint: "every record is in the results file",
      });
    if (runs.length > 1) assertSameGrading(runs, "rank");
    io.stdout(`${JSON.stringify(reportJson(runs), null, 2)}\n`);
  } else if (runs.length === 1 && only) {
    const repeats = formatRepeats(repeatStatistics(only.results), options);
    const failing = formatFailures(only.results.records, {
      ...options,
      limit: failuresShown,
      listAll: (n) => `tooluse report ${only.file} --failures ${n}`,
    });
    io.stdout(
      `${formatRunHeader(only.results, options)}\n${formatSummary(only.results.summary, options)}${repeats ? `\n${repeats}` : ""}${failing ? `\n${failing}` : ""}`,
    );
  } else {
    if (opts.failures !== undefined)
      throw new UserError(
        "--failures lists the failing cases of one run: give one results file (report --html shows every run's)",
      );
    assertSameGrading(runs, "rank");
    io.stdout(formatLeaderboard(runs, options));
  }
  await writeReports(runs, opts, io);
  return incompleteRuns(runs, io) > 0 ? 1 : 0;
}

/**
 * Runs with failed or missing records, each named in one line on stderr: a report of them exits 1, so a CI step
 * that only reports a run still fails when a third of its records are errors.
 */
export function incompleteRuns(runs: readonly ReportRun[], io: Io): number {
  let incomplete = 0;
  for (const { file, results } of runs) {
    const { errors, missing = 0, records } = results.counts;
    if (errors === 0 && missing === 0) continue;
    incomplete++;
    io.stderr(
      `tooluse: ${file}: ${errors} of ${records} records errored (not scored)${missing > 0 ? `, ${missing} missing` : ""}\n`,
    );
  }
  return incomplete;
}
