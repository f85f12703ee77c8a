/** The page's sections, each a view of the PlannerReport: they format its numbers and never compute new ones. */
import { html, type SafeHtml } from "../../../render/escape.js";
import { RATINGS } from "../../rating.js";
import type { Breakdown, GroupReport, PlannerReport, SliceCell } from "../build.js";
import { groupColor, intervalWhisker, ratingBar, ratingLegend, swatch } from "./charts.js";
import { fixed, interval, METRIC_MAX, metricLabel, onScale, percent, withInterval } from "./format.js";
import { heatClass } from "./style.js";

/** A group with its place in the report (its colour) and on the leaderboard. */
export interface RankedGroup {
  group: GroupReport;
  index: number;
  rank: number;
}

const scoreOf = (report: PlannerReport, g: GroupReport) =>
  report.score_field === null ? null : (g.metrics[report.score_field]?.mean ?? null);

/** Best overall score first, groups without one last; ties keep the report's order (the sort is stable). */
export function rankGroups(report: PlannerReport): RankedGroup[] {
  const score = (g: GroupReport) => scoreOf(report, g) ?? Number.NEGATIVE_INFINITY;
  const order = (a: GroupReport, b: GroupReport) => (score(a) > score(b) ? -1 : score(a) < score(b) ? 1 : 0);
  return report.groups
    .map((group, index) => ({ group, index }))
    .sort((a, b) => order(a.group, b.group))
    .map((entry, position) => ({ ...entry, rank: position + 1 }));
}

const nameOf = (g: { planner: string | null; prompt_type: string | null }) =>
  `${g.planner ?? "–"} · ${g.prompt_type ?? "–"}`;

/** Planner and prompt type in one cell (the prompt type under the name), so wide tables still fit a screen. */
function who(r: RankedGroup): SafeHtml {
  return html`<td class="who"><span class="planner">${swatch(r.index)}${r.group.planner ?? "–"}</span><span class="cell-note prompt-type">${r.group.prompt_type ?? "–"}</span></td>`;
}

const WHO_HEAD = html`<th>planner<span class="cell-note">prompt type</span></th>`;

export function leaderboardSection(report: PlannerReport, ranked: readonly RankedGroup[]): SafeHtml {
  const field = report.score_field;
  const max = field === null ? 1 : METRIC_MAX[field];
  const rows = ranked.map((r) => {
    const g = r.group;
    const m = field === null ? null : g.metrics[field];
    const label = `${nameOf(g)}: ${metricLabel(field)} ${withInterval(field, m)}`;
    return html`<tr data-group="${r.index}"><td class="num">${r.rank}</td>${who(r)}<td class="num">${g.plans}</td><td class="num" data-field="parse_ok">${percent(g.parse_ok)}</td><td class="num score" data-field="score">${fixed(field, m?.mean)}</td><td class="num nowrap" data-field="interval">${interval(field, m)}</td><td>${intervalWhisker(m, max, groupColor(r.index), label, 160)}</td><td class="num">${g.rated}</td>${(["A+", "A", "B"] as const).map((tier) => html`<td class="num" data-field="${tier}">${percent(g.tiers?.[tier])}</td>`)}</tr>`;
  });
  const b = report.bootstrap;
  return html`<section id="leaderboard"><h2>Leaderboard</h2><p class="hint">Each planner under each prompt type, ${field === null ? "in the report's order (no line carries total, subtotal or F1 to rank by)" : `ranked by mean ${metricLabel(field)} (out of ${max})`}. Intervals: ${b.level * 100}% percentile bootstrap, ${b.samples} resamples, seed ${b.seed}; when two whiskers overlap a lot, the order between them may be noise. Parsed: share of plans that parsed. Tiers are cumulative (A+ ⊂ A ⊂ B), as shares of rated plans.</p>
<div class="table-wrap"><table><thead><tr><th class="num">#</th>${WHO_HEAD}<th class="num">plans</th><th class="num">parsed</th><th class="num">${metricLabel(field)}</th><th class="num">${b.level * 100}% interval</th><th>0 — interval — ${max}</th><th class="num">rated</th><th class="num">A+</th><th class="num">A</th><th class="num">B</th></tr></thead><tbody>${rows}</tbody></table></div></section>`;
}

export function metricsSection(report: PlannerReport, ranked: readonly RankedGroup[]): SafeHtml {
  if (report.metrics.length === 0)
    return html`<section id="metrics"><h2>Metric-wise means</h2><p class="empty">No score line carries a metric (ratings only).</p></section>`;
  const head = report.metrics.map(
    (f) =>
      html`<th class="num" title="${f}, out of ${METRIC_MAX[f]}">${metricLabel(f)}<span class="cell-note">0–${METRIC_MAX[f]}</span></th>`,
  );
  const rows = ranked.map((r) => {
    const cells = report.metrics.map((f) => {
      const m = r.group.metrics[f];
      const label = `${nameOf(r.group)}: ${metricLabel(f)} ${withInterval(f, m)}, ${m?.n ?? 0} plans`;
      return html`<td class="num metric" data-metric="${f}"><span class="cell-mean">${fixed(f, m?.mean)}</span><span class="cell-note">${interval(f, m)}</span>${intervalWhisker(m, METRIC_MAX[f], groupColor(r.index), label)}</td>`;
    });
    return html`<tr data-group="${r.index}">${who(r)}<td class="num">${r.group.plans}</td>${cells}</tr>`;
  });
  return html`<section id="metrics"><h2>Metric-wise means</h2><p class="hint">Mean of each metric over the plans that have a value for it, with its bootstrap interval below; the whisker spans the interval on the metric's scale (its points in the paper's weighting).</p>
<div class="table-wrap"><table><thead><tr>${WHO_HEAD}<th class="num">plans</th>${head}</tr></thead><tbody>${rows}</tbody></table></div></section>`;
}

export function ratingsSection(report: PlannerReport, ranked: readonly RankedGroup[]): SafeHtml {
  if (!report.groups.some((g) => g.rated > 0))
    return html`<section id="ratings"><h2>Rating distribution</h2><p class="empty">No score line carries a rating.</p></section>`;
  const rows = ranked.map(
    (r) =>
      html`<tr data-group="${r.index}">${who(r)}<td class="num">${r.group.rated}</td><td>${ratingBar(r.group.ratings, r.group.rated)}</td>${RATINGS.map((rating) => html`<td class="num" data-rating="${rating}">${percent(r.group.ratings?.[rating])}</td>`)}</tr>`,
  );
  return html`<section id="ratings"><h2>Rating distribution</h2><p class="hint">The 7-point rating, as shares of each group's rated plans, worst on the left.</p>${ratingLegend()}
<div class="table-wrap"><table><thead><tr>${WHO_HEAD}<th class="num">rated</th><th>distribution</th>${RATINGS.map((rating) => html`<th class="num">${rating}</th>`)}</tr></thead><tbody>${rows}</tbody></table></div></section>`;
}

function heatCell(
  report: PlannerReport,
  owner: string,
  slice: string,
  cell: SliceCell | undefined,
): SafeHtml {
  const field = report.score_field;
  if (!cell || cell.plans === 0)
    return html`<td class="cell none" title="${`${owner} · ${slice}: no plans`}">–</td>`;
  const tiers = `A+ ${percent(cell.tiers?.["A+"])} · A ${percent(cell.tiers?.A)} · B ${percent(cell.tiers?.B)}`;
  const score = field === null ? tiers : `${metricLabel(field)} ${withInterval(field, cell.score)}, ${tiers}`;
  const title = `${owner} · ${slice}: ${score} over ${cell.plans} plan(s)`;
  const mean = cell.score?.mean ?? null;
  const heat = field === null || mean === null ? "none" : heatClass(onScale(mean, METRIC_MAX[field]));
  return html`<td class="cell ${heat}" title="${title}"><span class="cell-mean">${fixed(field, mean)}</span><span class="cell-note">A+ ${percent(cell.tiers?.["A+"])} · n ${cell.plans}</span></td>`;
}

function breakdownTable(
  report: PlannerReport,
  breakdown: Breakdown,
  ranked: readonly RankedGroup[],
): SafeHtml {
  const rows = ranked.map((r) => {
    const cells = breakdown.groups[r.index]?.cells ?? [];
    return html`<tr data-group="${r.index}">${who(r)}${breakdown.slices.map((slice, i) => heatCell(report, nameOf(r.group), slice.name, cells[i]))}</tr>`;
  });
  return html`<div class="breakdown" data-dimension="${breakdown.dimension}"><h3>By ${breakdown.dimension}</h3><div class="table-wrap"><table class="heat"><thead><tr>${WHO_HEAD}${breakdown.slices.map((s) => html`<th class="num" title="reference queries in this slice">${s.name} <span class="cell-note">${s.queries} ${s.queries === 1 ? "query" : "queries"}</span></th>`)}</tr></thead><tbody>${rows}</tbody></table></div></div>`;
}

export function breakdownsSection(report: PlannerReport, ranked: readonly RankedGroup[]): SafeHtml {
  const field = report.score_field;
  const body =
    report.breakdowns.length === 0
      ? html`<p class="empty">No breakdowns: give --queries FILE (queries with is_subjective, is_compound, steps, hops).</p>`
      : html`<div class="breakdowns">${report.breakdowns.map((b) => breakdownTable(report, b, ranked))}</div>`;
  const unmatched =
    report.unmatched > 0
      ? html`<p class="warning">${report.unmatched} score line(s) name a query not in the reference: left out of the breakdowns.</p>`
      : "";
  return html`<section id="breakdowns"><h2>Breakdowns</h2><p class="hint">The paper's slices of the queries. Each cell: mean ${metricLabel(field)}${field === null ? "" : ` (0–${METRIC_MAX[field]}; red low, blue high)`}, the share of its plans in tier A+, and the number of plans; hover a cell for the interval and all tiers. Column heads count the reference's queries in each slice; a query whose attribute is unknown is in no slice.</p>${unmatched}${body}</section>`;
}

/** Judged lines only: per group, plans with a failed judge answer, failed answers, contradictions, plans not judged. */
export function judgeSection(report: PlannerReport, ranked: readonly RankedGroup[]): SafeHtml | "" {
  if (!report.groups.some((g) => g.judge !== null)) return "";
  const rows = ranked.map(
    (r) =>
      html`<tr data-group="${r.index}">${who(r)}<td class="num">${r.group.plans}</td><td class="num" data-judge="failed-plans">${r.group.judge?.failed_plans ?? "–"}</td><td class="num">${r.group.judge?.failures ?? "–"}</td><td class="num">${r.group.judge?.contradictions ?? "–"}</td><td class="num">${r.group.judge?.skipped ?? "–"}</td></tr>`,
  );
  return html`<section id="judge"><h2>Judge failures and contradictions</h2><p class="hint">A failed judge answer has no value: the means above are over fewer plans where this is not zero.</p>
<div class="table-wrap"><table><thead><tr>${WHO_HEAD}<th class="num">plans</th><th class="num">judge failed on</th><th class="num">failed answers</th><th class="num">contradictions</th><th class="num">not judged</th></tr></thead><tbody>${rows}</tbody></table></div></section>`;
}
