/** The static parts of the page: leaderboard, runs, charts and metric tables, all from the runs' summaries. */
import type { Metrics, Score, Summary } from "../../metrics/summary.js";
import { html, type SafeHtml } from "../../render/escape.js";
import type { ReportRun } from "../../runner/results-schema.js";
import { formatBatch, formatInterval, formatRatio, shortDigest } from "../format.js";
import { leaderboard, mixWarnings } from "../leaderboard.js";
import { METRIC_LABELS } from "../terminal.js";
import { barChart, type ChartSeries, heatMap, runColor, whisker } from "./charts.js";
import { type RunUsage, runUsage } from "./record-stats.js";

const swatch = (index: number) => html`<i class="swatch" style="background:${runColor(index)}"></i>`;

function thinking(value: boolean | null): string {
  return value === null ? "default" : value ? "on" : "off";
}

function decoding(run: ReportRun): string {
  const { temperature, max_tokens, enable_thinking, seed } = run.results.config.settings;
  return `T=${temperature}, ${max_tokens} tokens, thinking ${thinking(enable_thinking)}${seed === null ? "" : `, seed ${seed}`}`;
}

function corpusName(run: ReportRun): string {
  const { name, version } = run.results.corpus;
  return `${name}${version ? ` ${version}` : ""}`;
}

export function warningsSection(runs: readonly ReportRun[]): SafeHtml {
  return html`${mixWarnings(runs).map((w) => html`<div class="warning" role="alert"><strong>Not comparable:</strong> ${w}.</div>`)}`;
}

export function leaderboardSection(runs: readonly ReportRun[]): SafeHtml {
  const rows = leaderboard(runs).map((row) => {
    const run = runs[row.run] as ReportRun;
    const { results } = run;
    return html`<tr><td class="num">${row.rank}</td><td class="nowrap">${swatch(row.run)}${run.label}</td><td>${row.protocol}</td><td class="num score">${formatRatio(row.score.score)}</td><td class="num mono nowrap">${formatInterval(row.score.score_ci)}</td><td>${whisker(row.score, runColor(row.run))}</td><td class="num">${row.score.n}</td><td class="num">${results.counts.errors}</td><td class="mono" title="${`${corpusName(run)} ${results.corpus.digest}`}">${shortDigest(results.corpus.digest)}</td><td class="nowrap">${decoding(run)}</td><td class="num">${formatBatch(results.config.batch_size)}</td></tr>`;
  });
  return html`<section id="leaderboard"><h2>Leaderboard</h2><p class="hint">Each run in each protocol, ranked by score (passed / scored cases). The whisker is the 95% Wilson interval: when two whiskers overlap a lot, the ranking between them may be noise — use <code>tooluse compare</code> for a paired test. Errors are requests that failed; they are never scored.</p>
<table><thead><tr><th class="num">#</th><th>model</th><th>protocol</th><th class="num">score</th><th class="num">95% CI</th><th>0 — interval — 1</th><th class="num">n</th><th class="num">errors</th><th>corpus</th><th title="T = temperature; tokens = max new tokens">decoding</th><th class="num">batch</th></tr></thead><tbody>${rows}</tbody></table></section>`;
}

/** An absent figure is a dash, never 0: a run without token counts did not use zero tokens. */
const DASH = "–";
const ms = (value: number | null) => (value === null ? DASH : `${Math.round(value)} ms`);
const count = (value: number | null) => (value === null ? DASH : Math.round(value).toLocaleString("en-US"));

function usageCells(usage: RunUsage): SafeHtml {
  const latencyNote = `over ${usage.latencyRecords} of ${usage.records} records`;
  const tokenNote = `summed over the ${usage.tokenRecords} of ${usage.records} records that report token counts`;
  return html`<td class="num" title="${latencyNote}">${ms(usage.medianLatencyMs)}</td><td class="num" title="${latencyNote}">${ms(usage.p95LatencyMs)}</td><td class="num" title="${tokenNote}">${count(usage.promptTokens)}</td><td class="num" title="${tokenNote}">${count(usage.completionTokens)}</td>`;
}

export function runsSection(runs: readonly ReportRun[]): SafeHtml {
  const rows = runs.map((run, i) => {
    const r = run.results;
    return html`<tr><td>${swatch(i)}${run.label}</td><td class="mono">${run.file}</td><td>${r.backend}</td><td>${corpusName(run)} <span class="mono">${r.corpus.digest}</span></td><td>${r.config.protocols.join(", ")}</td><td class="num">${r.counts.scored}/${r.counts.records}</td><td class="num">${r.counts.errors}</td>${usageCells(runUsage(r.records))}<td>${r.harness.version}</td><td>${r.finished_at.slice(0, 16).replace("T", " ")}</td></tr>`;
  });
  return html`<section id="runs"><h2>Runs</h2><p class="hint">What each results file says about how it was made: cite the corpus digest and decoding settings with any number. Latency is per request (median and 95th percentile, nearest rank); tokens are totals as the server reported them; "–" means the records do not say.</p>
<table><thead><tr><th>run</th><th>file</th><th>backend</th><th>corpus</th><th>protocols</th><th class="num">scored</th><th class="num">errors</th><th class="num">latency median</th><th class="num">latency p95</th><th class="num">prompt tokens</th><th class="num">completion tokens</th><th>harness</th><th>finished (UTC)</th></tr></thead><tbody>${rows}</tbody></table></section>`;
}

/** Keys in the order the summaries list them (summarize orders them), first appearance wins across runs. */
function keysOf(runs: readonly ReportRun[], pick: (s: Summary) => Record<string, Score>): string[] {
  const keys: string[] = [];
  for (const run of runs)
    for (const k of Object.keys(pick(run.results.summary))) if (!keys.includes(k)) keys.push(k);
  return keys;
}

export function chartsSection(runs: readonly ReportRun[]): SafeHtml {
  const series = (pick: (s: Summary) => Record<string, Score>): ChartSeries[] =>
    runs.map((run, i) => ({ label: run.label, color: runColor(i), groups: pick(run.results.summary) }));
  const chart = (title: string, pick: (s: Summary) => Record<string, Score>) =>
    barChart(title, keysOf(runs, pick), series(pick));
  const legend = runs.map((run, i) => html`<span>${swatch(i)}${run.label}</span>`);
  const byCategory = (s: Summary) => s.by_category;
  return html`<section id="charts"><h2>Where the score comes from</h2><p class="hint">Bars are scores, whiskers their 95% intervals; hover a bar for the counts. Category, language and difficulty pool all protocols of a run.</p>
<div class="legend">${legend}</div><div class="charts">${chart("Score by protocol", (s) => s.by_protocol)}${chart("Score by language", (s) => s.by_lang)}${chart("Score by category", byCategory)}<div>${chart("Score by difficulty", (s) => s.by_difficulty)}${heatMap("Category × model: score (blue high, red low)", keysOf(runs, byCategory), series(byCategory))}</div></div>
</section>`;
}

function metricsTable(run: ReportRun, index: number): SafeHtml {
  const s = run.results.summary;
  const groups: [string, Score][] = [["all", s], ...Object.entries(s.by_protocol)];
  const keys = Object.keys(METRIC_LABELS) as (keyof Metrics)[];
  const head = groups.map(([k]) => html`<th class="num">${k}</th>`);
  const row = (label: string, cell: (score: Score) => string) =>
    html`<tr><td>${label}</td>${groups.map(([, g]) => html`<td class="num">${cell(g)}</td>`)}</tr>`;
  return html`<div><h3>${swatch(index)}${run.label}</h3><table><thead><tr><th>metric</th>${head}</tr></thead><tbody>${row("score", (g) => formatRatio(g.score))}${row("n", (g) => String(g.n))}${keys.map((k) => row(METRIC_LABELS[k], (g) => formatRatio(g.metrics[k])))}</tbody></table></div>`;
}

export function metricsSection(runs: readonly ReportRun[]): SafeHtml {
  return html`<section id="metrics"><h2>Metrics per protocol</h2><p class="hint">Correct call and tool selection are over cases that expect a call; abstention and spurious calls over cases that expect none; malformed over all outputs.</p><div class="metrics-grid">${runs.map(metricsTable)}</div></section>`;
}
