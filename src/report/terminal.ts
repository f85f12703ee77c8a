/** The terminal view of a summary: headline with its interval, secondary metrics, then the breakdowns. */
import type { Metrics, Score, Summary } from "../metrics/summary.js";

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

export function formatRatio(value: number | null): string {
  return value === null ? "–" : value.toFixed(3);
}

export function formatInterval([lo, hi]: [number, number]): string {
  return `[${lo.toFixed(3)}, ${hi.toFixed(3)}]`;
}

type Row = string[];

function scoreRow(label: string, s: Score): Row {
  return [
    label,
    String(s.n),
    formatRatio(s.score),
    formatInterval(s.score_ci),
    ...METRIC_KEYS.map((k) => formatRatio(s.metrics[k])),
  ];
}

const HEADER: Row = ["", "n", "score", "95% CI", ...METRIC_KEYS.map((k) => METRIC_LABELS[k])];

function table(title: string, rows: Row[], options: FormatOptions): string {
  if (options.markdown) {
    const line = (r: Row) => `| ${r.join(" | ")} |`;
    const header: Row = [title, ...HEADER.slice(1)];
    return `${[line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n")}\n`;
  }
  const all = [[title, ...HEADER.slice(1)], ...rows];
  const widths = HEADER.map((_, i) => Math.max(...all.map((r) => (r[i] ?? "").length)));
  const render = (r: Row) =>
    r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join("  ");
  const head = render(all[0] as Row);
  return `${options.color ? `\u001b[1m${head}\u001b[0m` : head}\n${rows.map(render).join("\n")}\n`;
}

function section(title: string, groups: Record<string, Score>, options: FormatOptions): string {
  return table(
    title,
    Object.entries(groups).map(([k, s]) => scoreRow(k, s)),
    options,
  );
}

/** The full summary as text: one table per view, the overall row first. */
export function formatSummary(summary: Summary, options: FormatOptions): string {
  const headline = `score ${formatRatio(summary.score)} ${formatInterval(summary.score_ci)}  (${summary.passed}/${summary.n} passed)`;
  const bold = options.color ? `\u001b[1m${headline}\u001b[0m` : headline;
  return [
    options.markdown ? `**${headline}**\n` : `${bold}\n`,
    table(
      "protocol",
      [scoreRow("all", summary), ...Object.entries(summary.by_protocol).map(([k, s]) => scoreRow(k, s))],
      options,
    ),
    section("language", summary.by_lang, options),
    section("category", summary.by_category, options),
    section("difficulty", summary.by_difficulty, options),
  ].join("\n");
}
