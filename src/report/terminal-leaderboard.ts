/** The terminal (and Markdown) leaderboard of several runs, with a warning line when the runs are not comparable. */

import type { ReportRun } from "../runner/results-schema.js";
import { markdownText, terminalText, truncate } from "../sanitize.js";
import { formatBatch, formatInterval, formatRatio, shortDigest, wrap } from "./format.js";
import { leaderboard, mixWarnings } from "./leaderboard.js";
import { type Column, renderTable, style, visibleLength } from "./table.js";
import type { FormatOptions } from "./terminal.js";

const WIDTH = 100;
const DECODING_COLUMNS: Column[] = [
  { header: "decoding", align: "left" },
  { header: "batch", align: "right" },
];

function decoding(run: ReportRun): string {
  const { temperature, max_tokens, enable_thinking, seed } = run.results.config.settings;
  const thinking = enable_thinking === null ? "default" : enable_thinking ? "on" : "off";
  return `T=${temperature} max=${max_tokens} think=${thinking}${seed === null ? "" : ` seed=${seed}`}`;
}

const settings = (run: ReportRun) => `${decoding(run)} batch=${formatBatch(run.results.config.batch_size)}`;

/**
 * Cuts the model column (index 1) so the whole text table fits WIDTH; other columns keep their width. Cut names
 * that would read the same get their run's number in front. Returns the cut names, to be given in full below.
 */
function fitModelColumn(columns: readonly Column[], rows: string[][], runOfRow: readonly number[]): string[] {
  const widthOf = (i: number) =>
    Math.max(columns[i]?.header.length ?? 0, ...rows.map((r) => visibleLength(r[i] ?? "")));
  const others = columns.reduce((sum, _, i) => (i === 1 ? sum : sum + widthOf(i) + 2), 0);
  const width = Math.max(10, WIDTH - others - 2);
  const names = rows.map((row) => row[1] ?? "");
  const shorts = names.map((name) => truncate(name, width));
  const ambiguous = new Set(
    shorts.filter((short, i) => shorts.some((s, j) => s === short && names[j] !== names[i])),
  );
  const cut = new Map<string, string>();
  rows.forEach((row, i) => {
    const name = names[i] ?? "";
    const number = `${(runOfRow[i] ?? 0) + 1}:`;
    const short = ambiguous.has(shorts[i] ?? "")
      ? number + truncate(name, width - number.length)
      : (shorts[i] ?? "");
    row[1] = short;
    if (short !== name) cut.set(short, name);
  });
  return [...cut].map(([short, full]) => `${short} = ${full}`);
}

/** Lines above the table: warnings first, then what every run shares, then errors (never scored). */
function notes(runs: readonly ReportRun[], shared: boolean, options: FormatOptions): string {
  const markdown = options.markdown === true;
  const warnings = mixWarnings(runs).map((w) =>
    markdown
      ? `> **Warning:** ${markdownText(w)}`
      : style.yellow(wrap(`warning: ${terminalText(w)}`, WIDTH, "         "), options.color),
  );
  const facts: string[] = [];
  if (shared && runs[0]) facts.push(`decoding (every run): ${settings(runs[0])}`);
  const errors = runs.filter((r) => r.results.counts.errors > 0);
  if (errors.length > 0)
    facts.push(
      `errors (never scored): ${errors.map((r) => `${r.label} ${r.results.counts.errors}`).join(", ")}`,
    );
  const lines = [
    ...warnings,
    ...facts.map((f) => (markdown ? markdownText(f) : wrap(terminalText(f), WIDTH, "  "))),
  ];
  return lines.map((line) => `${line}\n`).join(markdown ? "\n" : "");
}

/**
 * Ranked (run, protocol) rows. Decoding settings shared by every run are said once above the table; only when they
 * differ do they take two columns, and then the model column is cut so the text table stays within 100 columns.
 */
export function formatLeaderboard(runs: readonly ReportRun[], options: FormatOptions): string {
  const markdown = options.markdown === true;
  const shared = new Set(runs.map(settings)).size === 1;
  const ranked = leaderboard(runs);
  const rows = ranked.map((row) => {
    const run = runs[row.run] as ReportRun;
    return [
      String(row.rank),
      terminalText(run.label),
      row.protocol,
      formatRatio(row.score.score),
      formatInterval(row.score.score_ci),
      String(row.score.n),
      shortDigest(run.results.corpus.digest),
      ...(shared ? [] : [decoding(run), formatBatch(run.results.config.batch_size)]),
    ];
  });
  const columns: Column[] = [
    { header: "#", align: "right" },
    { header: "model", align: "left" },
    { header: "protocol", align: "left" },
    { header: "score", align: "right", style: "bold" },
    { header: "95% CI", align: "left", style: "dim" },
    { header: "n", align: "right" },
    { header: "corpus", align: "left" },
    ...(shared ? [] : DECODING_COLUMNS),
  ];
  const cut = markdown
    ? []
    : fitModelColumn(
        columns,
        rows,
        ranked.map((row) => row.run),
      );
  const legend =
    "Ranked by score (passed / scored) per run and protocol; 95% CI = Wilson interval; corpus = digest; " +
    "T = temperature; max = max new tokens.";
  return [
    notes(runs, shared, options),
    renderTable(columns, rows, { color: options.color, markdown }),
    cut.map((line) => `${wrap(line, WIDTH, "  ")}\n`).join(""),
    markdown ? `_${legend}_\n` : `${style.dim(wrap(legend, WIDTH), options.color)}\n`,
  ]
    .filter((block) => block !== "")
    .join("\n");
}
