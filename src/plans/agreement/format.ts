/** The agreement report in the terminal: one row per metric, then per-label tables (aligned, about 100 columns). */
import { wrap } from "../../report/format.js";
import { renderTable } from "../../report/table.js";
import { terminalText } from "../../sanitize.js";
import type { AgreementReport, MetricReport } from "./agree.js";
import type { Estimate } from "./estimate.js";

const PLAIN = { color: false, markdown: false };

function number(value: number | null): string {
  return value === null ? "–" : value.toFixed(2);
}

function withInterval(e: Estimate | null, scale = 1, digits = 2): string {
  if (e === null || e.value === null) return "–";
  const f = (x: number | null) => (x === null ? "–" : (x * scale).toFixed(digits));
  return `${f(e.value)} [${f(e.low)},${f(e.high)}]`;
}

const percent = (e: Estimate | null) => withInterval(e, 100, 0);

function mainTable(metrics: readonly MetricReport[]): string {
  const rows = metrics.flatMap((m) => {
    const row = [
      m.metric,
      String(m.plans),
      percent(m.exact),
      withInterval(m.kappa),
      withInterval(m.spearman),
      m.triplets.triplets === 0 ? "–" : percent(m.triplets.relaxed),
    ];
    const weighted = m.weighted_kappa
      ? [[`${m.metric}, weighted κ`, "", "", withInterval(m.weighted_kappa), "", ""]]
      : [];
    return [row, ...weighted];
  });
  return renderTable(
    [
      { header: "metric", align: "left" },
      { header: "plans", align: "right" },
      { header: "exact %", align: "right" },
      { header: "Cohen's κ", align: "right" },
      { header: "Spearman ρ", align: "right" },
      { header: "triplets %", align: "right" },
    ],
    rows,
    PLAIN,
  );
}

function labelTable(first: string, rows: string[][]): string {
  return renderTable(
    [first, "gold", "judged", "overlap", "precision", "recall", "F1"].map((header, i) => ({
      header,
      align: i === 0 ? "left" : "right",
    })),
    rows,
    PLAIN,
  );
}

/** Pass/fail per score metric: how well the judged side finds the plans gold says lose points. */
function failTable(metrics: readonly MetricReport[]): string {
  const rows = metrics
    .filter((m) => m.kind === "score")
    .flatMap((m) => {
      const fail = m.labels.find((label) => label.label === "fail");
      if (!fail) return [];
      return [
        [
          m.metric,
          String(fail.gold),
          String(fail.judged),
          String(fail.overlap),
          number(fail.precision),
          number(fail.recall),
          withInterval(fail.f1_interval),
        ],
      ];
    });
  return rows.length === 0 ? "" : labelTable("metric (fail = below full points)", rows);
}

function ratingTable(metrics: readonly MetricReport[]): string {
  const rating = metrics.find((m) => m.kind === "rating");
  if (!rating) return "";
  const rows = rating.labels.map((l) => [
    l.label,
    String(l.gold),
    String(l.judged),
    String(l.overlap),
    number(l.precision),
    number(l.recall),
    withInterval(l.f1_interval),
  ]);
  return labelTable("rating", rows);
}

const WIDTH = 100;

export function formatAgreement(report: AgreementReport): string {
  const b = report.bootstrap;
  const groups = Math.max(0, ...report.metrics.map((m) => m.spearman.planners));
  const lineages = Math.max(0, ...report.metrics.map((m) => m.triplets.triplets));
  const notes = [
    `κ: over pass/fail (full points = pass) for scores, over the seven ratings for the rating.`,
    `ρ: ${groups} planner × prompt-type groups ranked by their mean (needs 3 or more).`,
    `triplets: relaxed agreement on ${lineages} lineage(s), planners ${report.triplet_planners.join(" > ")}.`,
  ];
  const parts = [
    `gold:   ${report.gold.file} (${report.gold.lines} lines)`,
    `judged: ${report.judged.file} (${report.judged.lines} lines)`,
    `${report.paired} paired; ${report.gold_only} only in gold and ${report.judged_only} only in judged are left out`,
    `[low,high]: ${b.level * 100}% bootstrap interval, ${b.samples} resamples, seed ${b.seed}`,
    "",
    mainTable(report.metrics).trimEnd(),
    "",
    ...notes.map((note) => wrap(note, WIDTH, "  ")),
  ];
  const fails = failTable(report.metrics);
  if (fails) parts.push("", "Pass/fail agreement (gold as reference)", fails.trimEnd());
  const ratings = ratingTable(report.metrics);
  if (ratings) parts.push("", "Rating agreement per label (gold as reference)", ratings.trimEnd());
  if (report.skipped.length > 0)
    parts.push("", wrap(`not on both sides: ${report.skipped.join(", ")}`, WIDTH, "  "));
  // Planner names and file names come from the inputs: no control character of theirs reaches the terminal.
  return `${terminalText(parts.join("\n"), { multiline: true })}\n`;
}
