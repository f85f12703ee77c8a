/** `tooluse report FILE...`: the terminal or Markdown view of results files, and optionally the HTML report. */
import { statSync } from "node:fs";
import { UserError } from "../errors.js";
import { writeFileAtomic } from "../jsonl.js";
import { buildHtmlReport } from "../report/html/page.js";
import { assertSameGrading, loadRuns } from "../report/load.js";
import { formatRunHeader, formatSummary } from "../report/terminal.js";
import { formatLeaderboard } from "../report/terminal-leaderboard.js";
import { terminalText } from "../sanitize.js";
import { type Io, stdoutColor } from "./io.js";

export interface ReportOptions {
  files: string[];
  format: "text" | "md";
  /** Also write the self-contained HTML report to this path. */
  html?: string;
}

const FORMATS = ["text", "md"];

/** One run: its header and full summary. Several: the leaderboard (details per run are in the HTML report). */
export async function runReport(opts: ReportOptions, io: Io): Promise<number> {
  if (!FORMATS.includes(opts.format))
    throw new UserError(`--format: expected text or md, got "${String(opts.format)}"`);
  const runs = loadRuns(opts.files, (note) => io.stderr(`warning: ${terminalText(note)}\n`));
  const markdown = opts.format === "md";
  const options = { color: stdoutColor(io) && !markdown, markdown };
  const [only] = runs;
  if (runs.length === 1 && only) {
    io.stdout(`${formatRunHeader(only.results, options)}\n${formatSummary(only.results.summary, options)}`);
  } else {
    assertSameGrading(runs, "rank");
    io.stdout(formatLeaderboard(runs, options));
  }
  if (opts.html) {
    writeFileAtomic(opts.html, buildHtmlReport(runs));
    const size = statSync(opts.html).size;
    io.stderr(`report: ${opts.html} (${(size / 1024).toFixed(0)} KB, opens offline in any browser)\n`);
  }
  return 0;
}
