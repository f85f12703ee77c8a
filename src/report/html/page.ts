/** The self-contained HTML report: one file, inline CSS, SVG and script, a strict CSP, data as an inert JSON block. */
import { createHash } from "node:crypto";
import { html, jsonForScript, type SafeHtml, trusted } from "../../render/escape.js";
import type { ReportRun } from "../../runner/results-schema.js";
import { HARNESS_VERSION } from "../../version.js";
import { findCorpora } from "../corpus.js";
import { runColor } from "./charts.js";
import { buildBrowserData } from "./data.js";
import { hasRepeats, repeatsSection } from "./repeats-section.js";
import { BROWSER_SCRIPT } from "./script.js";
import {
  chartsSection,
  leaderboardSection,
  metricsSection,
  runsSection,
  warningsSection,
} from "./sections.js";
import { STYLE } from "./style.js";

export interface HtmlReportOptions {
  /** Shown in the header; injectable so tests and benchmarks can build byte-identical pages. */
  generatedAt?: Date;
  /**
   * The suite every run is on, named as its config names it (a matrix run's page): shown in the header instead of
   * the corpus's own name, which for a cases file is its path.
   */
  suite?: string;
}

/**
 * Only our own script may run (allowed by its hash, so an injected inline script or handler would not be), and
 * nothing may be fetched: no network, no other file, no frame. Inline styles are ours and harmless.
 */
export function contentSecurityPolicy(script: string): string {
  const hash = createHash("sha256").update(script, "utf8").digest("base64");
  return [
    "default-src 'none'",
    `script-src 'sha256-${hash}'`,
    "style-src 'unsafe-inline'",
    "img-src data:",
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
}

/** A select the script fills; `any` is the option that filters nothing. */
function filter(id: string, label: string, any = "all"): SafeHtml {
  return html`<label>${label}<select id="${id}"><option value="">${any}</option></select></label>`;
}

function casesSection(): SafeHtml {
  return html`<section id="cases"><h2>Cases</h2><p class="hint">Every record of every run, failed and errored records first, then passes. Open one to see what the model was asked (the conversation as rendered in its protocol), what it answered (raw, exactly as received), the calls the grader extracted, what was expected, why it passed or failed, and its latency and tokens. An open record's address (<code>#case=…&amp;run=…&amp;protocol=…</code>) links to it.</p>
<div class="filters"><label>search<input id="filter-search" type="search" placeholder="id, output or reason" autocomplete="off"></label>${filter("filter-run", "model")}${filter("filter-protocol", "protocol")}${filter("filter-verdict", "verdict")}${filter("filter-category", "category")}${filter("filter-lang", "language")}${filter("filter-difficulty", "difficulty")}${filter("filter-flipped", "flipped since", "any run")}<label class="check"><input id="filter-disagree" type="checkbox">models disagree</label><button id="case-reset" type="button">Reset</button></div>
<div class="views" role="group" aria-label="view"><button id="view-list" type="button" aria-pressed="true">List</button><button id="view-matrix" type="button" aria-pressed="false">Case × model matrix</button></div>
<ul id="case-notes"></ul><p id="case-link" role="alert" hidden></p><p id="case-count" aria-live="polite"></p><div id="case-list"></div><div id="case-matrix" hidden></div><div id="matrix-detail"></div><p><button id="case-more" type="button" hidden>Show more</button></p>
<noscript><p class="empty">The case browser needs JavaScript; the sections above do not.</p></noscript></section>`;
}

export function buildHtmlReport(runs: readonly ReportRun[], options: HtmlReportOptions = {}): string {
  const data = buildBrowserData(
    runs,
    findCorpora(runs),
    runs.map((_, i) => runColor(i)),
  );
  const models = runs.map((r) => r.label).join(", ");
  const corpora = [
    ...new Set(
      runs.map(
        (r) =>
          `${options.suite ?? r.results.corpus.name}${r.results.corpus.version ? ` ${r.results.corpus.version}` : ""}`,
      ),
    ),
  ];
  const generated = (options.generatedAt ?? new Date()).toISOString().slice(0, 16).replace("T", " ");
  const page = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(BROWSER_SCRIPT)}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>ToolUse report: ${options.suite === undefined ? "" : `${options.suite} · `}${models}</title>
<style>${trusted(STYLE)}</style>
</head>
<body>
<header><h1>ToolUse report</h1><p class="sub">${runs.length} ${runs.length === 1 ? "run" : "runs"} on ${corpora.join(", ")} · ${models}</p>
<nav><a href="#leaderboard">Leaderboard</a><a href="#charts">Charts</a><a href="#metrics">Metrics</a>${hasRepeats(runs) ? html`<a href="#stability">Stability</a>` : ""}<a href="#cases">Cases</a><a href="#runs">Runs</a></nav></header>
<main>
${warningsSection(runs)}
${leaderboardSection(runs)}
${chartsSection(runs)}
${metricsSection(runs)}
${repeatsSection(runs)}${casesSection()}
${runsSection(runs)}
<footer>Generated by tooluse ${HARNESS_VERSION} on ${generated} UTC. Every number comes from the summaries in the results files; this page only formats them.</footer>
</main>
<script type="application/json" id="report-data">${trusted(jsonForScript(data))}</script>
<script>${trusted(BROWSER_SCRIPT)}</script>
</body>
</html>
`;
  return page.value;
}
