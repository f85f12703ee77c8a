/**
 * The HTML view of repeated runs (`run --repeats K`, K > 1): per run, the case-clustered score, pass@k and pass^k,
 * the stability of each protocol, flip rate, run-to-run deviation and every unstable case. Absent (empty) when no run
 * has repeats, so a page of single runs is what it was before repeats existed.
 */
import type { Estimate } from "../../metrics/case-bootstrap.js";
import { html, type SafeHtml } from "../../render/escape.js";
import type { ReportRun } from "../../runner/results-schema.js";
import { type RepeatStatistics, repeatStatistics } from "../repeats.js";
import { runColor } from "./charts.js";

const ratio = (x: number | null) => (x === null ? "–" : x.toFixed(3));
const interval = (e: Estimate) =>
  e.low === null || e.high === null ? "" : `[${ratio(e.low)}, ${ratio(e.high)}]`;
const percent = (x: number | null) => (x === null ? "–" : `${(x * 100).toFixed(1)}%`);

function runBlock(run: ReportRun, index: number, stats: RepeatStatistics): SafeHtml {
  const { run_to_run: r2r, instability } = stats;
  const swatch = html`<i class="swatch" style="background:${runColor(index)}"></i>`;
  const pass = stats.pass.map(
    (p) =>
      html`<tr><td class="num">${p.k}</td><td class="num">${ratio(p.pass_at_k.value)}</td><td class="num mono">${interval(p.pass_at_k)}</td><td class="num">${ratio(p.pass_hat_k.value)}</td><td class="num mono">${interval(p.pass_hat_k)}</td></tr>`,
  );
  const protocols = stats.by_protocol.map(
    (p) =>
      html`<tr><td>${p.protocol}</td><td class="num">${p.units}</td><td class="num">${ratio(p.score.value)} <span class="mono">${interval(p.score)}</span></td><td class="num">${ratio(p.pass_hat_k.value)}</td><td class="num">${ratio(p.flip_rate.value)}</td><td class="num">${p.unstable_share === null ? "–" : `${percent(1 - p.unstable_share)} stable`}</td></tr>`,
  );
  const unstable = instability.list.map(
    (u) =>
      html`<li><span class="mono">${u.case_id}</span> (${u.protocol}) ${u.passes}/${u.attempts} passed</li>`,
  );
  const seen = r2r.sd === null ? "–" : `${ratio(r2r.sd)} [${ratio(r2r.low)}, ${ratio(r2r.high)}]`;
  return html`<div><h3>${swatch}${run.label}: K = ${stats.repeats}</h3>
<p>score ${ratio(stats.score.value)} <span class="mono">${interval(stats.score)}</span> (95% CI over cases) · ${stats.units} units over ${stats.cases} cases${stats.errored > 0 ? ` · ${stats.errored} attempts errored (not scored)` : ""}</p>
<table><thead><tr><th class="num">k</th><th class="num">pass@k</th><th class="num">95% CI</th><th class="num">pass^k</th><th class="num">95% CI</th></tr></thead><tbody>${pass}</tbody></table>
<table><thead><tr><th>protocol</th><th class="num">units</th><th class="num">score [95% CI]</th><th class="num">pass^${stats.repeats}</th><th class="num">flip rate</th><th class="num">stability</th></tr></thead><tbody>${protocols}</tbody></table>
<p>flip rate ${ratio(stats.flip_rate.value)} <span class="mono">${interval(stats.flip_rate)}</span> · unstable ${percent(instability.share)} of units, ${instability.cases} cases · run-to-run deviation seen ${seen}, implied ${ratio(r2r.implied.value)} <span class="mono">${interval(r2r.implied)}</span></p>
<details${unstable.length > 0 && unstable.length <= 30 ? " open" : ""}><summary>Unstable cases (${instability.list.length})</summary>${unstable.length === 0 ? html`<p>none: every unit's attempts agree</p>` : html`<ol>${unstable}</ol>`}</details></div>`;
}

/** Whether any run has repeats: the page then gets this section and its link. */
export function hasRepeats(runs: readonly ReportRun[]): boolean {
  return runs.some((run) => repeatStatistics({ config: run.results.config, records: [] }) !== null);
}

export function repeatsSection(runs: readonly ReportRun[]): SafeHtml {
  const blocks = runs.flatMap((run, i) => {
    const stats = repeatStatistics(run.results);
    return stats === null ? [] : [runBlock(run, i, stats)];
  });
  if (blocks.length === 0) return html``;
  return html`<section id="stability"><h2>Stability across repeats</h2><p class="hint">Runs made with <code>--repeats K</code>: every case asked K times. pass@k = at least one of k attempts passes, pass^k = all k pass; the flip rate is the chance two attempts at a unit (case × protocol) disagree; a unit is stable when all its attempts agree. Intervals bootstrap whole cases (docs/statistics.md).</p><div class="metrics-grid">${blocks}</div></section>`;
}
