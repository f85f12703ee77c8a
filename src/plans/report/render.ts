/** The planner report as aligned text (about 100 columns) or Markdown; both from the same PlannerReport. */
import { wrap } from "../../report/format.js";
import { renderTable } from "../../report/table.js";
import type { MeanWithInterval } from "../aggregate.js";
import { RATINGS } from "../rating.js";
import type { Breakdown, GroupReport, PlannerReport } from "./build.js";
import { REPORT_METRICS, type ReportMetric } from "./inputs.js";
import { fixed, percent } from "./numbers.js";

export type ReportFormat = "text" | "md";

const WIDTH = 100;
const RATING_TITLES = ["EB", "VB", "Bad", "Acc", "Good", "VG", "EG"];
const titleOf = (field: ReportMetric) => REPORT_METRICS.find(([name]) => name === field)?.[1] ?? field;

function withInterval(field: ReportMetric | null, m: MeanWithInterval | null | undefined): string {
  if (!m || m.mean === null) return "–";
  return `${fixed(field, m.mean)} (${fixed(field, m.low)}–${fixed(field, m.high)})`;
}

const left = (header: string) => ({ header, align: "left" as const });
const right = (header: string) => ({ header, align: "right" as const });
const who = (g: { planner: string | null; prompt_type: string | null }) => [
  g.planner ?? "–",
  g.prompt_type ?? "–",
];

function table(format: ReportFormat, headers: string[], rows: string[][]): string {
  const columns = headers.map((header, i) => (i < 2 ? left(header) : right(header)));
  return renderTable(columns, rows, { color: false, markdown: format === "md" }).trimEnd();
}

/** Means only in the terminal (split in two when too wide); mean (interval) in Markdown. */
function metricTables(report: PlannerReport, format: ReportFormat): string[] {
  const render = (fields: readonly ReportMetric[]) =>
    table(
      format,
      ["planner", "prompt type", "plans", ...fields.map((f) => (format === "md" ? f : titleOf(f)))],
      report.groups.map((g) => [
        ...who(g),
        String(g.plans),
        ...fields.map((f) =>
          format === "md" ? withInterval(f, g.metrics[f]) : fixed(f, g.metrics[f]?.mean ?? null),
        ),
      ]),
    );
  const whole = render(report.metrics);
  const tooWide = whole.split("\n").some((line) => line.length > WIDTH);
  if (format === "md" || !tooWide || report.metrics.length < 2) return [whole];
  const half = Math.ceil(report.metrics.length / 2);
  return [render(report.metrics.slice(0, half)), "", render(report.metrics.slice(half))];
}

function scoreTable(report: PlannerReport, format: ReportFormat): string {
  const field = report.score_field;
  return table(
    format,
    [
      "planner",
      "prompt type",
      "plans",
      "parsed",
      "n",
      `${field ?? "score"} (95% interval)`,
      "rated",
      "A+",
      "A",
      "B",
    ],
    report.groups.map((g: GroupReport) => [
      ...who(g),
      String(g.plans),
      percent(g.parse_ok),
      field === null ? "0" : String(g.metrics[field]?.n ?? 0),
      field === null ? "–" : withInterval(field, g.metrics[field]),
      String(g.rated),
      percent(g.tiers?.["A+"]),
      percent(g.tiers?.A),
      percent(g.tiers?.B),
    ]),
  );
}

/** Judge failures and contradictions per group: the plans behind a judged mean are never fewer than shown here. */
function judgeTable(report: PlannerReport, format: ReportFormat): string {
  return table(
    format,
    ["planner", "prompt type", "plans", "judge failed on", "failed answers", "contradictions", "not judged"],
    report.groups.map((g) => [
      ...who(g),
      String(g.plans),
      String(g.judge?.failed_plans ?? "–"),
      String(g.judge?.failures ?? "–"),
      String(g.judge?.contradictions ?? "–"),
      String(g.judge?.skipped ?? "–"),
    ]),
  );
}

function ratingTable(report: PlannerReport, format: ReportFormat): string {
  const titles = format === "md" ? [...RATINGS] : RATING_TITLES;
  return table(
    format,
    ["planner", "prompt type", "rated", ...titles],
    report.groups.map((g) => [...who(g), String(g.rated), ...RATINGS.map((r) => percent(g.ratings?.[r]))]),
  );
}

function breakdownTable(report: PlannerReport, breakdown: Breakdown, format: ReportFormat): string {
  const field = report.score_field;
  const cell = (c: Breakdown["groups"][number]["cells"][number]) => {
    if (c.plans === 0) return "–";
    const score = fixed(field, c.score?.mean ?? null);
    if (format === "md")
      return `${score} · A+ ${percent(c.tiers?.["A+"])} · A ${percent(c.tiers?.A)} · B ${percent(c.tiers?.B)}`;
    return `${score} · ${percent(c.tiers?.["A+"])}`;
  };
  return table(
    format,
    ["planner", "prompt type", ...breakdown.slices.map((s) => `${s.name} (${s.queries})`)],
    breakdown.groups.map((g) => [...who(g), ...g.cells.map(cell)]),
  );
}

function heading(format: ReportFormat, text: string): string {
  return format === "md" ? `### ${text}` : text;
}

export function renderPlannerReport(report: PlannerReport, format: ReportFormat): string {
  const b = report.bootstrap;
  const note = (text: string) => (format === "md" ? text : wrap(text, WIDTH, "  "));
  const parts = [
    format === "md" ? "## Planner report" : "Planner report",
    note(
      `${report.groups.length} planner × prompt-type group(s). Intervals: ${b.level * 100}% percentile bootstrap, ` +
        `${b.samples} resamples, seed ${b.seed}${format === "text" ? " (per metric: --format md or --json)" : ""}.`,
    ),
    "",
    heading(format, "Metric-wise means"),
    ...metricTables(report, format),
  ];
  const counts = report.groups.flatMap((g) =>
    report.metrics.map((f) => ({ plans: g.plans, n: g.metrics[f]?.n ?? 0 })),
  );
  if (counts.some((c) => c.n < c.plans))
    parts.push(
      note(
        "Some means are over fewer plans than the group has (failed judge answers have no value): the counts are in --json (n per metric) and below.",
      ),
    );
  if (report.groups.some((g) => g.judge !== null))
    parts.push("", heading(format, "Judge failures and contradictions"), judgeTable(report, format));
  if (format === "text")
    parts.push(note(`columns: ${report.metrics.map((f) => `${titleOf(f)} = ${f}`).join(", ")}`));
  parts.push(
    "",
    heading(
      format,
      `Overall score and tiers (n: plans with a ${report.score_field ?? "score"}; A+ ⊂ A ⊂ B, shares of rated plans)`,
    ),
    scoreTable(report, format),
  );
  if (report.groups.some((g) => g.rated > 0)) {
    parts.push(
      "",
      heading(format, "Rating distribution (shares of rated plans)"),
      ratingTable(report, format),
    );
    if (format === "text")
      parts.push(note(`columns: ${RATING_TITLES.map((t, i) => `${t} = ${RATINGS[i]}`).join(", ")}`));
  }
  for (const breakdown of report.breakdowns) {
    const legend = format === "md" ? "mean · tiers" : "mean · A+ share";
    parts.push(
      "",
      heading(
        format,
        `By ${breakdown.dimension} (reference queries per slice; cells: ${report.score_field ?? "score"} ${legend})`,
      ),
    );
    parts.push(breakdownTable(report, breakdown, format));
  }
  if (report.breakdowns.length === 0)
    parts.push(
      "",
      note("No breakdowns: give --queries FILE (queries with is_subjective, is_compound, steps, hops)."),
    );
  if (report.unmatched > 0)
    parts.push(
      "",
      note(
        `${report.unmatched} score line(s) name a query not in the reference: left out of the breakdowns.`,
      ),
    );
  return `${parts.join("\n")}\n`;
}
