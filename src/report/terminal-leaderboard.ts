/** The terminal (and Markdown) leaderboard of several runs, with a warning line when the runs are not comparable. */
import { formatBatch, formatInterval, formatRatio, shortDigest, truncate, wrap } from "./format.js";
import { leaderboard, mixWarnings } from "./leaderboard.js";
import type { ReportRun } from "./load.js";
import { type Column, renderTable, style, visibleLength } from "./table.js";
import type { FormatOptions } from "./terminal.js";

const WIDTH = 100;

function decoding(run: ReportRun): string {
  const { temperature, max_tokens, enable_thinking, seed } = run.results.config.settings;
  const thinking = enable_thinking === null ? "default" : enable_thinking ? "on" : "off";
  return `T=${temperature} max=${max_tokens} think=${thinking}${seed === null ? "" : ` seed=${seed}`}`;
}

const settings = (run: ReportRun) => `${decoding(run)} batch=${formatBatch(run.results.config.batch_size)}`;

/**
 * Ranked (run, protocol) rows. Decoding settings shared by every run are said once above the table; only when they
 * differ do they take two columns, and then the model column is cut so the text table stays within 100 columns.
 */
export function formatLeaderboard(runs: readonly ReportRun[], options: FormatOptions): string {
  const markdown = options.markdown === true;
  const shared = new Set(runs.map(settings)).size === 1;
  const rows = leaderboard(runs).map((row) => {
    const run = runs[row.run] as ReportRun;
    return [
      String(row.rank),
      run.label,
      row.protocol,
      style.bold(formatRatio(row.score.score), options.color),
      style.dim(formatInterval(row.score.score_ci), options.color),
      String(row.score.n),
      shortDigest(run.results.corpus.digest),
      ...(shared ? [] : [decoding(run), formatBatch(run.results.config.batch_size)]),
    ];
  });
  const columns: Column[] = [
    { header: "#", align: "right" },
    { header: "model", align: "left" },
    { header: "protocol", align: "left" },
    { header: "score", align: "right" },
    { header: "95% CI", align: "left" },
    { header: "n", align: "right" },
    { header: "corpus", align: "left" },
    ...(shared ? [] : [{ header: "decoding", align: "left" as const }, { header: "batch", align: "right" as const }]),
  ];
  if (!markdown) {
    const widthOf = (i: number) =>
      Math.max(columns[i]?.header.length ?? 0, ...rows.map((r) => visibleLength(r[i] ?? "")));
    const others = columns.reduce((sum, _, i) => (i === 1 ? sum : sum + widthOf(i) + 2), 0);
    const modelWidth = Math.max(12, WIDTH - others - 2);
    for (const row of rows) row[1] = truncate(row[1] ?? "", modelWidth);
  }
  const notes = mixWarnings(runs).map((w) => `warning: ${w}`);
  if (shared && runs[0]) notes.push(`decoding (every run): ${settings(runs[0])}`);
  const errors = runs.filter((r) => r.results.counts.errors > 0);
  if (errors.length > 0)
    notes.push(
      `errors (never scored): ${errors.map((r) => `${r.label} ${r.results.counts.errors}`).join(", ")}`,
    );
  const legend =
    "Ranked by score (passed / scored) per run and protocol; 95% CI = Wilson interval; corpus = digest; " +
    "T = temperature; max = max new tokens.";
  const note = (line: string) =>
    markdown
      ? `${line.startsWith("warning") ? `> **Warning:** ${line.slice(9)}` : line}\n`
      : `${line.startsWith("warning") ? style.yellow(wrap(line, WIDTH, "         "), options.color) : wrap(line, WIDTH, "  ")}\n`;
  return [
    notes.map(note).join(markdown ? "\n" : ""),
    renderTable(columns, rows, { color: options.color, markdown }),
    markdown ? `_${legend}_\n` : `${style.dim(wrap(legend, WIDTH), options.color)}\n`,
  ].join("\n");
}
