/** `tooluse report FILE...`: the terminal or Markdown view of results files, and optionally the HTML report. */
import { statSync } from "node:fs";
import { UserError } from "../errors.js";
import { writeFileAtomic } from "../jsonl.js";
import { buildHtmlReport } from "../report/html/page.js";
import { assertSameGrading, loadRuns } from "../report/load.js";
import { formatRunHeader, formatSummary } from "../report/terminal.js";
import { formatLeaderboard } from "../report/terminal-leaderboard.js";
import type { Io } from "./io.js";

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
  const runs = loadRuns(opts.files);
  const markdown = opts.format === "md";
  // NO_COLOR (no-color.org): a user's standing request for plain text even on a terminal.
  const options = { color: io.isTTY && !markdown && !process.env.NO_COLOR, markdown };
  const [only] = runs;
  if (runs.length === 1 && only) {
    io.stdout(`${formatRunHeader(only.results, options)}\n${formatSummary(only.results.summary, options)}`);
  } else {
    assertSameGrading(runs, "rank");
    io.stdout(formatLeaderboard(runs, options));
  }
  if (opts.html) {
    try {
      writeFileAtomic(opts.html, buildHtmlReport(runs));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === undefined) throw error;
      throw new UserError(`--html ${opts.html}: cannot write (${code})`);
    }
    const size = statSync(opts.html).size;
    io.stderr(`report: ${opts.html} (${(size / 1024).toFixed(0)} KB, opens offline in any browser)\n`);
  }
  return 0;
}
