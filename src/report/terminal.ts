/** The terminal (and Markdown) view of one run: headline with its interval, scores per protocol, metrics, breakdowns. */
import type { Metrics, Score, Summary } from "../metrics/summary.js";
import type { ReportResults } from "../runner/results-schema.js";
import { markdownText, terminalText } from "../sanitize.js";
import { formatDecoding, formatInterval, formatRatio, shortDigest } from "./format.js";
import { customPromptNote } from "./prompt-note.js";
import { bar, renderTable, style } from "./table.js";

export { formatInterval, formatRatio } from "./format.js";

export interface FormatOptions {
  color: boolean;
  /** Markdown tables instead of aligned text (for model cards and pull requests). */
  markdown?: boolean;
}

export const METRIC_LABELS: Record<keyof Metrics, string> = {
  call_accuracy: "correct call",
  abstention_accuracy: "correct abstention",
  spurious_call_rate: "spurious calls",
  tool_selection_accuracy: "tool selection",
  args_exact_rate: "exact arguments",
  answer_constraint_rate: "answer constraints",
  malformed_rate: "malformed",
};

const METRIC_KEYS = Object.keys(METRIC_LABELS) as (keyof Metrics)[];
const BAR_WIDTH = 20;

/** n, score, interval and (in text) a bar: the breakdowns stay narrow; the other metrics get their own table. */
function scoreTable(title: string, groups: [string, Score][], options: FormatOptions): string {
  const markdown = options.markdown === true;
  const columns = [
    { header: title, align: "left" as const },
    { header: "n", align: "right" as const, style: "dim" as const },
    { header: "score", align: "right" as const },
    { header: "95% CI", align: "left" as const, style: "dim" as const },
    ...(markdown ? [] : [{ header: "", align: "left" as const, style: "cyan" as const }]),
  ];
  const rows = groups.map(([label, s]) => [
    label,
    String(s.n),
    formatRatio(s.score),
    formatInterval(s.score_ci),
    ...(markdown ? [] : [bar(s.score, BAR_WIDTH)]),
  ]);
  return renderTable(columns, rows, { color: options.color, markdown });
}

/** The secondary metrics transposed (one row per metric, one column per protocol), so it fits 100 columns. */
function metricsTable(summary: Summary, options: FormatOptions): string {
  const groups: [string, Score][] = [["all", summary], ...Object.entries(summary.by_protocol)];
  const columns = [
    { header: "metric", align: "left" as const },
    ...groups.map(([label]) => ({ header: label, align: "right" as const })),
  ];
  const rows = METRIC_KEYS.map((key) => [
    METRIC_LABELS[key],
    ...groups.map(([, s]) => formatRatio(s.metrics[key])),
  ]);
  return renderTable(columns, rows, { color: options.color, markdown: options.markdown === true });
}

/** The full summary: headline, score per protocol, secondary metrics, then language, category and difficulty. */
export function formatSummary(summary: Summary, options: FormatOptions): string {
  const headline = `score ${formatRatio(summary.score)} ${formatInterval(summary.score_ci)}  (${summary.passed}/${summary.n} passed)`;
  const protocols: [string, Score][] = [["all", summary], ...Object.entries(summary.by_protocol)];
  return [
    options.markdown ? `**${headline}**\n` : `${style.bold(headline, options.color)}\n`,
    scoreTable("protocol", protocols, options),
    metricsTable(summary, options),
    scoreTable("language", Object.entries(summary.by_lang), options),
    scoreTable("category", Object.entries(summary.by_category), options),
    scoreTable("difficulty", Object.entries(summary.by_difficulty), options),
    options.markdown
      ? "_score = passed / scored; 95% CI = Wilson interval; errors are not scored._\n"
      : style.dim(
          "score = passed / scored; 95% CI = Wilson interval; errors are not scored.\n",
          options.color,
        ),
  ].join("\n");
}

/** Two lines naming the run: model, corpus and settings, then what was scored (errors said loudly). */
export function formatRunHeader(results: ReportResults, options: FormatOptions): string {
  const corpus = `${results.corpus.name}${results.corpus.version ? ` ${results.corpus.version}` : ""}`;
  const title = `${results.model} (${results.backend}) · ${corpus} · corpus ${shortDigest(results.corpus.digest)} · ${formatDecoding(results.config)}`;
  const finished = terminalText(results.finished_at.slice(0, 16).replace("T", " "));
  const { records, scored, errors } = results.counts;
  const errorText =
    errors > 0 ? style.yellow(`, ${errors} ERRORS (not scored)`, options.color) : ", 0 errors";
  const grading = results.grading
    ? `${terminalText(results.grading.profile)} ${terminalText(results.grading.version)}`
    : "(profile unrecorded)";
  const counts = `${records} records: ${scored} scored${errorText} · harness ${terminalText(results.harness.version)} · graded ${grading} · ${finished}`;
  const custom = customPromptNote(results);
  const note = custom === null ? "" : `${options.markdown ? markdownText(custom) : terminalText(custom)}\n`;
  return options.markdown
    ? `### ${markdownText(title)}\n\n${counts}\n${note}`
    : `${style.bold(terminalText(title), options.color)}\n${counts}\n${note}`;
}
