/** The planner report as one self-contained HTML file: static (no script at all), inline CSS and SVG, strict CSP. */

import { html, type SafeHtml } from "../../../render/escape.js";
import { type NavLink, staticPage } from "../../../render/static-page.js";
import type { PlannerReport } from "../build.js";
import type { LineageCurve } from "../lineage-curve.js";
import { chartsSection } from "./charts-section.js";
import { type PlanView, plansSection } from "./plan-viewer.js";
import {
  breakdownsSection,
  judgeSection,
  leaderboardSection,
  metricsSection,
  rankGroups,
  ratingsSection,
} from "./sections.js";
import { PLANNER_STYLE } from "./style.js";

/** What the report was built from, as the command read it: shown on the page so a number can be traced back. */
export interface PlannerHtmlInputs {
  scores: { file: string; lines: number };
  reference: { file: string; queries: number } | null;
}

export interface PlannerHtmlOptions {
  /** Shown in the footer; injectable so tests can build byte-identical pages. */
  generatedAt?: Date;
  /** Every plan for the viewer (`plan report --plans`), or null for none. */
  plans?: readonly PlanView[] | null;
  /** The queries' lineage improvement curve (`plan report --queries` with lineages), or null for none. */
  lineage?: LineageCurve | null;
}

function inputsSection(report: PlannerReport, inputs: PlannerHtmlInputs): SafeHtml {
  const { scores, reference } = inputs;
  const b = report.bootstrap;
  return html`<section id="inputs"><h2>Inputs</h2><dl class="inputs"><dt>score lines</dt><dd><span class="mono" data-input="scores">${scores.file}</span> · ${scores.lines} line(s) in ${report.groups.length} planner × prompt-type group(s)</dd><dt>reference</dt><dd>${reference ? html`<span class="mono" data-input="reference">${reference.file}</span> · ${reference.queries} quer${reference.queries === 1 ? "y" : "ies"}${report.unmatched > 0 ? ` · ${report.unmatched} score line(s) not in it` : ""}` : html`<span class="empty">none (no breakdowns)</span>`}</dd><dt>metrics</dt><dd>${report.metrics.join(", ") || "–"}</dd><dt>overall score</dt><dd>${report.score_field ?? "none (no line carries total, subtotal or f1)"}</dd><dt>bootstrap</dt><dd>${b.level * 100}% percentile, ${b.samples} resamples, seed ${b.seed}</dd></dl></section>`;
}

const NAV: NavLink[] = [
  { id: "leaderboard", label: "Leaderboard" },
  { id: "metrics", label: "Metrics" },
  { id: "ratings", label: "Ratings" },
  { id: "breakdowns", label: "Breakdowns" },
  { id: "inputs", label: "Inputs" },
];

/** The page for `tooluse plan report --html`: the same PlannerReport the terminal and Markdown views print. */
export function buildPlannerHtml(
  report: PlannerReport,
  inputs: PlannerHtmlInputs,
  options: PlannerHtmlOptions = {},
): string {
  const ranked = rankGroups(report);
  const planners = [...new Set(report.groups.map((g) => g.planner ?? "–"))];
  const charts = chartsSection(report, ranked, options.lineage ?? null);
  return staticPage({
    title: `Planner report: ${planners.join(", ")}`,
    style: PLANNER_STYLE,
    heading: "Planner report",
    sub: `${report.groups.length} planner × prompt-type group(s) · ${inputs.scores.lines} score line(s)${inputs.reference ? ` · ${inputs.reference.queries} reference queries` : ""}`,
    // The charts link only when there is something to chart (ratings or the seven metrics).
    nav: [
      ...(charts === "" ? NAV : [NAV[0] as NavLink, { id: "charts", label: "Charts" }, ...NAV.slice(1)]),
      ...(options.plans ? [{ id: "plans", label: "Plans" }] : []),
    ],
    main: html`${leaderboardSection(report, ranked)}
${charts}
${metricsSection(report, ranked)}
${judgeSection(report, ranked)}
${ratingsSection(report, ranked)}
${breakdownsSection(report, ranked)}
${plansSection(options.plans ?? null)}
${inputsSection(report, inputs)}`,
    footer: html`Every number comes from the planner report (the one <code>--json</code> prints); this page only formats it.`,
    generatedAt: options.generatedAt ?? new Date(),
  });
}
