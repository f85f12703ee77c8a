/**
 * The views of a repeated run (`run --repeats K`, K > 1): a thin adapter from results records to the estimators of
 * src/metrics/ (docs/statistics.md), and the block the terminal, Markdown, JSON and HTML views show under the
 * summary: the case-clustered score, pass@k and pass^k, flip rate and unstable share, run-to-run deviation, a
 * stability column per protocol and the list of unstable cases. A run with K = 1 has none of it (null), so its views
 * stay exactly what they were.
 */
import type { Attempt } from "../metrics/attempts.js";
import type { Estimate } from "../metrics/case-bootstrap.js";
import { type RepeatSummary, summarizeRepeats } from "../metrics/repeat-summary.js";
import { markdownText, terminalText } from "../sanitize.js";
import { wrap } from "./format.js";
import { renderTable, style } from "./table.js";

/** What the adapter reads of a record: its unit, its attempt (absent = 0, a file from before repeats) and verdict. */
export interface AttemptRecord {
  id: string;
  protocol: string;
  attempt?: number | undefined;
  status: "scored" | "error";
  verdict: { passed: boolean } | null;
}

/** The bootstrap behind every interval of these views: fixed, so a report of the same file always says the same. */
const BOOTSTRAP = { samples: 2000, level: 0.95, seed: 0 };

/** The unstable units a terminal or Markdown view lists; JSON and HTML keep all of them. */
const LISTED = 20;
const WIDTH = 100;

/** Records as the estimators' attempts; an errored record is an attempt without a verdict, never a failure. */
export function attemptsOf(records: readonly AttemptRecord[]): Attempt[] {
  return records.map((r) => ({
    case_id: r.id,
    protocol: r.protocol,
    attempt: r.attempt ?? 0,
    passed: r.status === "scored" && r.verdict ? r.verdict.passed : null,
  }));
}

/** The K a results file was run with: `config.repeats`, absent (1) in every file without repeats. */
export function repeatsOfResults(results: { config: object }): number {
  const repeats = (results.config as { repeats?: unknown }).repeats;
  return typeof repeats === "number" && Number.isInteger(repeats) && repeats > 1 ? repeats : 1;
}

export interface ProtocolStability {
  protocol: string;
  units: number;
  score: Estimate;
  /** pass^K: the share of units a user can count on to pass every time. */
  pass_hat_k: Estimate;
  flip_rate: Estimate;
  unstable_share: number | null;
}

export interface RepeatStatistics extends RepeatSummary {
  by_protocol: ProtocolStability[];
}

/** Every statistic of a repeated run, overall and per protocol; null for a run with K = 1. */
export function repeatStatistics(results: {
  config: object;
  records: readonly AttemptRecord[];
}): RepeatStatistics | null {
  if (repeatsOfResults(results) === 1) return null;
  const attempts = attemptsOf(results.records);
  const protocols = [...new Set(attempts.map((a) => a.protocol))];
  const by_protocol = protocols.map((protocol) => {
    const mine = summarizeRepeats(
      attempts.filter((a) => a.protocol === protocol),
      BOOTSTRAP,
    );
    const last = mine.pass.at(-1);
    return {
      protocol,
      units: mine.units,
      score: mine.score,
      pass_hat_k: last?.pass_hat_k ?? mine.score,
      flip_rate: mine.flip_rate,
      unstable_share: mine.instability.share,
    };
  });
  return { ...summarizeRepeats(attempts, BOOTSTRAP), by_protocol };
}

const ratio = (x: number | null) => (x === null ? "–" : x.toFixed(3));
const interval = (e: Estimate) =>
  e.low === null || e.high === null ? "" : `[${ratio(e.low)}, ${ratio(e.high)}]`;
const estimate = (e: Estimate) => `${ratio(e.value)} ${interval(e)}`.trim();
const percent = (x: number | null) => (x === null ? "–" : `${(x * 100).toFixed(1)}%`);

export interface RepeatViewOptions {
  color: boolean;
  markdown?: boolean;
}

/** The unstable units, most evenly split first: `id (protocol) 1/3` each, at most LISTED of them. */
function unstableList(stats: RepeatStatistics, markdown: boolean): string {
  const { list } = stats.instability;
  if (list.length === 0) return "unstable cases: none (every unit's attempts agree)\n";
  const text = markdown ? markdownText : terminalText;
  const items = list
    .slice(0, LISTED)
    .map((u) => `${text(u.case_id)} (${u.protocol}) ${u.passes}/${u.attempts} passed`);
  const more = list.length > LISTED ? `${markdown ? "- " : "  "}… and ${list.length - LISTED} more\n` : "";
  const head = `unstable cases (${list.length} units in ${stats.instability.cases} cases, most evenly split first):`;
  return `${head}\n${items.map((item) => `${markdown ? "- " : "  "}${item}`).join("\n")}\n${more}`;
}

/** The block under a repeated run's summary; empty for K = 1. */
export function formatRepeats(stats: RepeatStatistics | null, options: RepeatViewOptions): string {
  if (stats === null) return "";
  const markdown = options.markdown === true;
  const table = { color: options.color, markdown };
  const { run_to_run: r2r } = stats;
  const errored = stats.errored > 0 ? `, ${stats.errored} attempts errored (not scored)` : "";
  const headline = `repeats: K = ${stats.repeats} · ${stats.units} units (case × protocol) over ${stats.cases} cases${errored}`;
  const score = `score ${estimate(stats.score)}, 95% CI over cases (bootstrap of whole cases, not Wilson over K × N)`;
  const passTable = renderTable(
    [
      { header: "k", align: "right" },
      { header: "pass@k", align: "right" },
      { header: "95% CI", align: "left", style: "dim" },
      { header: "pass^k", align: "right" },
      { header: "95% CI", align: "left", style: "dim" },
    ],
    stats.pass.map((p) => [
      String(p.k),
      ratio(p.pass_at_k.value),
      interval(p.pass_at_k),
      ratio(p.pass_hat_k.value),
      interval(p.pass_hat_k),
    ]),
    table,
  );
  const stability = renderTable(
    [
      { header: "protocol", align: "left" },
      { header: "units", align: "right", style: "dim" },
      { header: "score [95% CI]", align: "left" },
      { header: `pass^${stats.repeats}`, align: "right" },
      { header: "flip rate", align: "right" },
      { header: "stability", align: "right" },
    ],
    stats.by_protocol.map((p) => [
      p.protocol,
      String(p.units),
      estimate(p.score),
      ratio(p.pass_hat_k.value),
      ratio(p.flip_rate.value),
      p.unstable_share === null ? "–" : `${percent(1 - p.unstable_share)} stable`,
    ]),
    table,
  );
  const flips = `flip rate ${estimate(stats.flip_rate)} (the chance two attempts at a unit disagree); unstable: ${percent(stats.instability.share)} of units, ${stats.instability.cases} cases (at K = ${stats.repeats}: grows with K)`;
  const seen = r2r.sd === null ? "–" : `${ratio(r2r.sd)} [${ratio(r2r.low)}, ${ratio(r2r.high)}]`;
  const deviation = `run-to-run deviation of the score: seen ${seen} over ${r2r.per_repeat.length} repeats (${r2r.per_repeat.map((s) => ratio(s.score)).join(", ")}); implied by the flips ${estimate(r2r.implied)}`;
  const note =
    "pass@k = at least one of k attempts passes; pass^k = all k pass (unbiased estimators from the K attempts); " +
    "stability = units whose attempts all agree. docs/statistics.md gives every formula.";
  // Terminal lines wrap at 100 columns like the rest of the report; Markdown paragraphs wrap in the reader.
  const wrapped = (text: string) => (markdown ? text : wrap(text, WIDTH));
  const bold = (text: string) => (markdown ? `**${text}**` : style.bold(text, options.color));
  const dim = (text: string) => (markdown ? `_${text}_` : style.dim(wrapped(text), options.color));
  return [
    `${bold(headline)}\n`,
    `${wrapped(score)}\n`,
    passTable,
    stability,
    `${wrapped(flips)}\n`,
    `${wrapped(deviation)}\n`,
    unstableList(stats, markdown),
    `${dim(note)}\n`,
  ].join("\n");
}
