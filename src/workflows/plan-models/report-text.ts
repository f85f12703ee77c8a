/** Plain-text tables for the terminal: the judge report and the refine summary. */
import { renderTable } from "../../report/table.js";
import type { JudgeReport } from "./judge-report.js";
import type { LineageLine } from "./refine.js";

/** Left-aligned plain text, the layout every terminal table of the project uses. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const columns = header.map((title) => ({ header: title, align: "left" as const }));
  return renderTable(
    columns,
    rows.map((row) => [...row]),
    { color: false, markdown: false },
  );
}

function fixed(value: number | null, digits = 2): string {
  return value === null ? "–" : value.toFixed(digits);
}

function percent(value: number | null): string {
  return value === null ? "–" : `${Math.round(value * 100)}%`;
}

function counts(byCode: Record<string, number>): string {
  const entries = Object.entries(byCode);
  return entries.length === 0 ? "" : ` (${entries.map(([code, n]) => `${code} ${n}`).join(", ")})`;
}

export function formatJudgeReport(report: JudgeReport): string {
  const lines = [
    `judge ${report.judge_model ?? "–"} (${report.mode ?? "–"}): ${report.plans} plans, ${report.skipped} unreadable (0 by code)`,
    `failures ${report.failures.total}${counts(report.failures.by_code)} on ${report.failed_plans} plans (values null, never guessed); contradictions ${report.contradictions.total}${counts(report.contradictions.by_code)}`,
    ...(report.rating_departures
      ? [
          `ratings away from the F1 guide: ${report.rating_departures.count} of ${report.rating_departures.rated} (allowed: the rating is a judgement)`,
        ]
      : []),
    "",
  ];
  const metrics = Object.keys(report.groups[0]?.means ?? {});
  const groups = table(
    ["planner", "prompt type", "plans", "fully judged", ...metrics],
    report.groups.map((g) => [
      g.planner ?? "",
      g.prompt_type ?? "",
      String(g.plans),
      String(g.fully_judged),
      ...metrics.map((m) =>
        report.mode === "one-shot" && m !== "f1" ? percent(g.means[m] ?? null) : fixed(g.means[m] ?? null),
      ),
    ]),
  );
  const agreement = table(
    ["judge vs code", "n", "exact", "mean |diff|", ""],
    report.agreement.map((a) => [
      a.metric,
      String(a.n),
      percent(a.exact),
      fixed(a.mean_abs_diff),
      a.partial ? "code checks part of the rule" : "",
    ]),
  );
  return `${lines.join("\n")}${groups}\n${agreement}`;
}

export function formatRefineSummary(lines: readonly LineageLine[]): string {
  return table(
    ["planner", "prompt type", "query", "status", "passes", "plans", "steps", "stopped", "failures"],
    lines.map((l) => [
      l.planner,
      l.prompt_type,
      String(l.query_id),
      l.status,
      String(l.passes),
      String(l.lineage.length),
      l.lineage.length > 0
        ? `${l.lineage[0]?.plan.steps.length} → ${l.lineage.at(-1)?.plan.steps.length}`
        : "–",
      l.stopped ?? l.error ?? "",
      String(l.failures),
    ]),
  );
}
