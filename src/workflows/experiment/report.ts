/**
 * The experiment report in the layout of the paper's result tables: the metric-wise totals per planner and metric
 * (tables 2–3), A+/A/B tier rates with and without lineage (table 1), breakdowns by objective/subjective,
 * simple/compound, best-plan steps and hops (tables 5–16), with-vs-without-lineage deltas with bootstrap intervals,
 * before/after the refine loop (table 4), step-tag agreement (table 25) and judge agreement — plus every stage's
 * requests and failures. One structure, three renderings: terminal text, Markdown, self-contained HTML.
 */

import { bootstrapInterval } from "../../metrics/agreement.js";
import { hashSeed, mulberry32 } from "../../metrics/random.js";
import { wilsonInterval } from "../../metrics/wilson.js";
import { DEFAULT_AGGREGATE_OPTIONS } from "../../plans/aggregate.js";
import type { AgreementReport } from "../../plans/agreement/agree.js";
import type { AnswerAgreementReport } from "../../plans/agreement/answers.js";
import type { TagAgreementReport } from "../../plans/agreement/tags.js";
import { JUDGE_METRICS, JUDGE_POINTS } from "../../plans/judge-metrics.js";
import { planStructure } from "../../plans/metrics.js";
import { parseReference } from "../../plans/parse.js";
import type { QueryRecord } from "../../plans/query-records.js";
import { inTier, RATINGS, type Rating, TIERS } from "../../plans/rating.js";
import { queryKey } from "../../plans/records.js";
import { buildPlannerReport, ownValues } from "../../plans/report/build.js";
import { chartsFor } from "../../plans/report/html/charts-section.js";
import { rankGroups } from "../../plans/report/html/sections.js";
import { PLANNER_STYLE } from "../../plans/report/html/style.js";
import type { QueryAttributes, ReportLine } from "../../plans/report/inputs.js";
import { compareLoop, type LoopComparison } from "../../plans/report/loop.js";
import { DIMENSIONS } from "../../plans/report/slices.js";
import { html, type SafeHtml } from "../../render/escape.js";
import { staticPage } from "../../render/static-page.js";
import { splitColumns, wrapText } from "../../report/fit-width.js";
import { renderTable } from "../../report/table.js";
import { terminalText } from "../../sanitize.js";
import { summariseAnswers } from "../answers/summary.js";
import { PROMPT_TYPES } from "../plan-models/generate-prompt.js";
import { accuracyRows, type ExecutedLine, groupKey, SMALL_N, scoreCorrelations } from "./executed.js";
import type { ExperimentJudgement, ExperimentOutcome } from "./run.js";

export interface Table {
  headers: string[];
  rows: string[][];
}

export interface Section {
  title: string;
  notes: string[];
  tables: { caption: string | null; table: Table }[];
}

/** Model names and other untrusted text reach a terminal or a Markdown file as the one sanitiser shows them. */
export function clean(text: string): string {
  return terminalText(text);
}

const fixed = (v: number | null | undefined, digits = 2) =>
  v === null || v === undefined || !Number.isFinite(v) ? "–" : v.toFixed(digits);
const pct = (v: number | null | undefined) =>
  v === null || v === undefined ? "–" : `${(v * 100).toFixed(2)}`;

type Line = ReportLine;
const planners = (lines: readonly Line[]) => [...new Set(lines.map((l) => l.planner ?? "–"))].sort();
const ofGroup = (lines: readonly Line[], planner: string, type: string) =>
  lines.filter((l) => (l.planner ?? "–") === planner && l.prompt_type === type);

function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
}
const numbers = (lines: readonly Line[], field: string) =>
  lines.flatMap((l) => {
    const v = (l as Record<string, unknown>)[field];
    return typeof v === "number" ? [v] : [];
  });
function tierShare(lines: readonly Line[], tier: (typeof TIERS)[number]): number | null {
  const rated = lines.flatMap((l) => (l.rating ? [l.rating as Rating] : []));
  return rated.length === 0 ? null : rated.filter((r) => inTier(r, tier)).length / rated.length;
}

/** Tables 2–3: per prompt type, planners × (overall, seven metrics), with the normalised average row. */
function metricTables(lines: readonly Line[], source: string): Section {
  const types = PROMPT_TYPES.filter((t) => lines.some((l) => l.prompt_type === t));
  const headers = [
    "planner",
    "plans",
    "with total",
    "Overall [0-100]",
    ...JUDGE_METRICS.map((m) => `${m} [0-${JUDGE_POINTS[m]}]`),
  ];
  const tables = types.map((type) => {
    const rows = planners(lines).flatMap((planner) => {
      const group = ofGroup(lines, planner, type);
      if (group.length === 0) return [];
      return [
        [
          clean(planner),
          String(group.length),
          String(numbers(group, "total").length),
          fixed(mean(numbers(group, "total"))),
          ...JUDGE_METRICS.map((m) => fixed(mean(numbers(group, m)))),
        ],
      ];
    });
    const typed = lines.filter((l) => l.prompt_type === type);
    rows.push([
      "normalised average",
      String(typed.length),
      String(numbers(typed, "total").length),
      fixed((mean(numbers(typed, "total")) ?? Number.NaN) / 100, 3),
      ...JUDGE_METRICS.map((m) => fixed((mean(numbers(typed, m)) ?? Number.NaN) / JUDGE_POINTS[m], 3)),
    ]);
    return { caption: `prompt type: ${type}`, table: { headers, rows } };
  });
  return {
    title: `Metric-wise scores per planner (${source}; the paper's tables 2 and 3)`,
    notes: [
      "Means over the plans with a value; 'with total' counts plans whose seven metrics all have one (failed judge answers have none and are counted in the stages table).",
    ],
    tables,
  };
}

/** Table 1: planners × (A+, A, B) for each prompt type, in percent of rated plans. */
function tierTable(lines: readonly Line[], source: string): Section {
  const types = PROMPT_TYPES.filter((t) => lines.some((l) => l.prompt_type === t));
  const headers = [
    "planner",
    ...types.flatMap((t) => [`${t} rated`, ...TIERS.map((tier) => `${t} ${tier} %`)]),
  ];
  const rows = planners(lines).map((planner) => [
    clean(planner),
    ...types.flatMap((t) => {
      const group = ofGroup(lines, planner, t);
      return [
        String(group.filter((l) => l.rating).length),
        ...TIERS.map((tier) => pct(tierShare(group, tier))),
      ];
    }),
  ]);
  return {
    title: `Tier match rates (${source}; the paper's table 1)`,
    notes: ["A+ = Extremely Good or Very Good; A = A+ or Good; B = A or Acceptable. Shares of rated plans."],
    tables: [{ caption: null, table: { headers, rows } }],
  };
}

/** Tables 5–16: each dimension, each prompt type: planners × slices (A+/A/B, or the overall score). */
function breakdownSections(
  lines: readonly Line[],
  attributes: ReadonlyMap<string, QueryAttributes>,
  kind: "tiers" | "total",
  source: string,
): Section[] {
  const types = PROMPT_TYPES.filter((t) => lines.some((l) => l.prompt_type === t));
  return DIMENSIONS.map((dimension) => {
    const counts = dimension.slices.map((slice) => [...attributes.values()].filter(slice.holds).length);
    const headers = [
      "planner",
      ...dimension.slices.flatMap((slice, i) =>
        kind === "tiers"
          ? TIERS.map((tier) => `${slice.name} (${counts[i]}) ${tier} %`)
          : [`${slice.name} (${counts[i]})`],
      ),
    ];
    const tables = types.map((type) => ({
      caption: `prompt type: ${type}`,
      table: {
        headers,
        rows: planners(lines).map((planner) => [
          clean(planner),
          ...dimension.slices.flatMap((slice) => {
            const group = ofGroup(lines, planner, type).filter((l) => {
              const q = attributes.get(queryKey(l.query_id));
              return q !== undefined && slice.holds(q);
            });
            return kind === "tiers"
              ? TIERS.map((tier) => pct(tierShare(group, tier)))
              : [fixed(mean(numbers(group, "total")))];
          }),
        ]),
      },
    }));
    return {
      title: `By ${dimension.name} (${source}${kind === "tiers" ? ", tier rates" : ", overall score"})`,
      notes: [],
      tables,
    };
  });
}

/**
 * With minus without lineage per planner, paired by query: the mean difference of the overall score and of the A+
 * share, with a seeded percentile bootstrap over queries (1,000 resamples, 95 %).
 */
function lineageDeltas(lines: readonly Line[], field: "total" | "A+", source: string): Section | null {
  const rows: string[][] = [];
  const o = DEFAULT_AGGREGATE_OPTIONS;
  for (const planner of planners(lines)) {
    const value = (l: Line | undefined): number | null => {
      if (!l) return null;
      if (field === "A+") return l.rating ? (inTier(l.rating as Rating, "A+") ? 1 : 0) : null;
      return typeof l.total === "number" ? l.total : null;
    };
    const by = (type: string) =>
      new Map(ofGroup(lines, planner, type).map((l) => [queryKey(l.query_id), value(l)]));
    const withL = by("with_lineage");
    const without = by("without_lineage");
    const diffs = [...withL.keys()].sort().flatMap((q) => {
      const a = withL.get(q);
      const b = without.get(q);
      return a === null || a === undefined || b === null || b === undefined ? [] : [a - b];
    });
    if (diffs.length === 0) continue;
    const stat = (indices: readonly number[]) => mean(indices.map((i) => diffs[i] as number));
    const all = stat(diffs.map((_, i) => i));
    const { low, high } = bootstrapInterval(diffs.length, stat, {
      samples: o.samples,
      level: o.level,
      random: mulberry32(hashSeed(`${planner}\u0000delta\u0000${field}`, o.seed)),
    });
    const scale = field === "A+" ? 100 : 1;
    const f = (v: number | null) => (v === null ? "–" : (v * scale).toFixed(2));
    rows.push([clean(planner), String(diffs.length), f(all), `[${f(low)}, ${f(high)}]`]);
  }
  if (rows.length === 0) return null;
  return {
    title: `With minus without lineage: ${field === "A+" ? "A+ share (points)" : "overall score"} (${source})`,
    notes: [
      `Paired by query (queries with a value under both prompt types); ${o.level * 100}% percentile bootstrap over queries, ${o.samples} resamples, seed ${o.seed}. Positive: lineage helps.`,
    ],
    tables: [{ caption: null, table: { headers: ["planner", "queries", "Δ mean", "interval"], rows } }],
  };
}

function loopSection(loop: LoopComparison, source: string): Section {
  const share = (s: LoopComparison["before"], r: Rating) => (s.rated === 0 ? null : s.counts[r] / s.rated);
  const rows = RATINGS.map((r) => [
    r,
    String(loop.before.counts[r]),
    pct(share(loop.before, r)),
    String(loop.after.counts[r]),
    pct(share(loop.after, r)),
  ]);
  rows.push([
    "not rated (failed or unreadable)",
    String(loop.before.unrated),
    "",
    String(loop.after.unrated),
    "",
  ]);
  return {
    title: `Before and after the evaluator → optimizer loop (${source}; the paper's table 4)`,
    notes: [],
    tables: [
      {
        caption: null,
        table: { headers: ["rating", "pre-loop #", "pre-loop %", "post-loop #", "post-loop %"], rows },
      },
    ],
  };
}

function stagesSection(outcome: ExperimentOutcome): Section {
  const rows = outcome.stages.map((s) => [
    s.stage,
    clean(s.model ?? "–"),
    String(s.lines),
    String(s.sent),
    String(s.cached),
    Object.entries(s.failures)
      .map(([code, n]) => `${code} ${n}`)
      .join(", ") || "0",
    s.notes.join("; "),
  ]);
  return {
    title: "Stages: requests and failures",
    notes: [
      "Every failure is counted here and makes the command exit 1; failed values are null in the files, never guessed.",
    ],
    tables: [
      {
        caption: null,
        table: { headers: ["stage", "model", "lines", "sent", "from cache", "failures", "notes"], rows },
      },
    ],
  };
}

type Interval = { value: number | null; low: number | null; high: number | null } | null | undefined;
type Captioned = Section["tables"][number];

/** A statistic with its 95% interval, "–" where there is none. */
const iv = (e: Interval) =>
  !e || e.value === null ? "–" : `${fixed(e.value)} [${fixed(e.low)}, ${fixed(e.high)}]`;

function captioned(caption: string, headers: string[], rows: string[][]): Captioned {
  return { caption, table: { headers, rows } };
}

/** One agreement's table, by what its report holds: per-metric statistics, per-tag scores, or answer agreement. */
function agreementTable(
  name: string,
  r: Partial<AgreementReport & TagAgreementReport & AnswerAgreementReport>,
): Captioned {
  if (Array.isArray(r.metrics))
    return captioned(
      `${name} (${r.paired} plans paired)`,
      ["metric", "plans", "exact", "Cohen's κ", "weighted κ", "Spearman ρ"],
      (r as AgreementReport).metrics.map((m) => [
        m.metric,
        String(m.plans),
        ...[m.exact, m.kappa, m.weighted_kappa, m.spearman].map(iv),
      ]),
    );
  if (Array.isArray(r.tags))
    return captioned(
      `${name} (${r.paired} steps; ${r.judged_failed} failed evaluator answers left out; the paper's table 25)`,
      ["tag", "gold", "judged", "precision", "recall", "F1"],
      (r as TagAgreementReport).tags.map((t) => [
        t.tag,
        String(t.gold),
        String(t.judged),
        fixed(t.precision),
        fixed(t.recall),
        iv(t.f1),
      ]),
    );
  const ans = r as AnswerAgreementReport;
  return captioned(
    `${name} (${ans.paired} queries; ${ans.judged_failed} failed judgements left out)`,
    ["statistic", "value [95% interval]"],
    [
      ["exact", iv(ans.exact)],
      ["Cohen's κ", iv(ans.kappa)],
    ],
  );
}

function agreementSection(outcome: ExperimentOutcome): Section | null {
  if (outcome.agreements.length === 0) return null;
  const tables: Section["tables"] = [];
  const notes: string[] = [];
  for (const a of outcome.agreements) {
    if (a.report === null) {
      notes.push(`${a.name}: no agreement to report — ${clean(a.reason ?? "")}`);
      continue;
    }
    const r = a.report as Partial<AgreementReport & TagAgreementReport & AnswerAgreementReport>;
    tables.push(agreementTable(a.name, r));
  }
  return { title: "Agreement", notes, tables };
}

/** The paper's end-to-end win rates, one row per R3 planner and prompt type (or one for a responses file). */
function winRateSection(
  answers: readonly ExperimentJudgement[],
  executed: boolean,
  unjudged: number,
): Section {
  const labels = [...new Set(answers.flatMap((a) => a.labels))].sort();
  const groups = new Map<string, ExperimentJudgement[]>();
  for (const a of answers) {
    const key = groupKey(a.planner, a.prompt_type);
    groups.set(key, [...(groups.get(key) ?? []), a]);
  }
  const rows = [...groups.keys()].sort().map((key) => {
    const group = groups.get(key) as ExperimentJudgement[];
    const summary = summariseAnswers(group);
    const first = group[0] as ExperimentJudgement;
    return [
      clean(first.planner ?? (executed ? "–" : "responses file")),
      clean(first.prompt_type ?? "–"),
      String(summary.queries),
      String(summary.judged),
      ...labels.map((label) => {
        const w = summary.win_rates.find((r) => r.label === label);
        return w ? `${pct(w.rate)} (${w.wins}/${w.judged})` : "–";
      }),
      pct(summary.judged === 0 ? null : (summary.decisions.Neither ?? 0) / summary.judged),
    ];
  });
  return {
    title: `End-to-end answers: win rates${executed ? " from executed answers" : ""} (the paper's answer study)`,
    notes: [
      executed
        ? "R1: the model with the three tools and no plan; R2: the best plan executed; R3: this planner's plan executed. One judgement per R3 plan, R1 and R2 of its query beside it."
        : "Responses from the configured file.",
      "A win counts for every label the decision names (ties count for each), so a row may add up to more than 100 %. Shares of judged comparisons; failed judgements are counted in the stages table.",
      ...(unjudged > 0
        ? [
            `${unjudged} comparisons were not judged: fewer than two of R1, R2, R3 were answered (failed executions, counted in the stages table).`,
          ]
        : []),
    ],
    tables: [
      {
        caption: null,
        table: {
          headers: [
            "planner",
            "prompt type",
            "compared",
            "judged",
            ...labels.map((l) => `${l} wins %`),
            "Neither %",
          ],
          rows,
        },
      },
    ],
  };
}

const SOURCE_NAMES = { R1: "R1 (no plan)", R2: "R2 (best plan)", R3: "R3" } as const;

/** Beyond the paper: how many executed answers are right, by the workspace's ground truth. */
function accuracySection(lines: readonly ExecutedLine[]): Section {
  const rows = accuracyRows(lines).map((row) => {
    const [low, high] = wilsonInterval(row.correct, row.with_reference);
    return [
      SOURCE_NAMES[row.source],
      clean(row.planner ?? "–"),
      clean(row.prompt_type ?? "–"),
      String(row.answers),
      String(row.failed),
      String(row.with_reference),
      String(row.correct),
      pct(row.accuracy),
      row.with_reference === 0 ? "–" : `[${pct(low)}, ${pct(high)}]`,
    ];
  });
  return {
    title: "Answer accuracy against the ground truth (executed answers)",
    notes: [
      "Correct: the answer states the reference figures within the tolerance of its answer kind (docs/workspace.md, 'Ground truth'). Only objective queries have a reference; a failed execution has no answer and counts as not correct. Interval: Wilson 95 %.",
    ],
    tables: [
      {
        caption: null,
        table: {
          headers: [
            "answer source",
            "planner",
            "prompt type",
            "answers",
            "failed",
            "with reference",
            "correct",
            "accuracy %",
            "95% interval",
          ],
          rows,
        },
      },
    ],
  };
}

/** Does a better plan score mean a better answer? Point-biserial r per score and scorer, over R3 answers. */
function correlationSection(outcome: ExperimentOutcome, lines: readonly ExecutedLine[]): Section {
  const scorers: [string, readonly unknown[] | null][] = [
    ["code", outcome.scores],
    ["one-shot judge", outcome.oneShot],
    ["metric-wise judge", outcome.metricWise],
  ];
  const tables = scorers.flatMap(([source, scores]) => {
    if (!scores) return [];
    const rows = scoreCorrelations(lines, scores as Record<string, unknown>[], source)
      .filter((c) => c.n > 0)
      .map((c) => [
        c.score,
        String(c.n),
        fixed(c.r, 3),
        fixed(c.mean_correct),
        fixed(c.mean_incorrect),
        c.n < SMALL_N ? `small n: fewer than ${SMALL_N} pairs` : "",
      ]);
    return rows.length === 0
      ? []
      : [
          {
            caption: `scores by ${source}`,
            table: {
              headers: ["score", "n", "point-biserial r", "mean if correct", "mean if wrong", "note"],
              rows,
            },
          },
        ];
  });
  return {
    title: "Plan scores vs answer correctness (R3 answers with a reference)",
    notes: [
      "Point-biserial r: Pearson's r between a plan's score and its executed answer's correctness (1 correct, 0 not); rating as 1 (Extremely Bad) … 7 (Extremely Good). Positive: plans the evaluator scores higher return right answers more often. '–' when the score or correctness does not vary. With fewer than 30 pairs, read only the sign.",
      ...(tables.length === 0 ? ["No R3 answer with a reference was paired with a plan score."] : []),
    ],
    tables,
  };
}

/** What the breakdowns need of each query: its flags, and the steps and hops of its best plan. */
function attributesOf(queries: readonly QueryRecord[]): Map<string, QueryAttributes> {
  return new Map(
    queries.map((q) => {
      const parsed = parseReference(q.best_plan);
      const structure = parsed.ok ? planStructure(parsed.plan.steps) : null;
      const flag = (field: string) => (typeof q[field] === "boolean" ? (q[field] as boolean) : null);
      return [
        queryKey(q.query_id),
        {
          is_subjective: flag("is_subjective"),
          is_compound: flag("is_compound"),
          steps: structure?.steps ?? null,
          hops: structure?.hops ?? null,
        },
      ];
    }),
  );
}

/**
 * The planner report's charts over the experiment's lines: the rating distribution of the lines the tiers come from
 * (one-shot judge, else code) and the seven metrics of the lines the metric tables come from.
 */
export function experimentCharts(outcome: ExperimentOutcome): SafeHtml | "" {
  const report = (lines: readonly Line[]) => buildPlannerReport(onlyOwn(lines), null);
  const metric = report((outcome.metricWise ?? outcome.scores) as Line[]);
  const tiers = report((outcome.oneShot ?? outcome.scores) as Line[]);
  return chartsFor({ ratings: rankGroups(tiers), metrics: { report: metric, ranked: rankGroups(metric) } });
}

/** Every section of the report, in reading order. */
export function experimentSections(outcome: ExperimentOutcome): Section[] {
  const attributes = attributesOf(outcome.queries);
  const sections: Section[] = [stagesSection(outcome)];
  const metricLines = (outcome.metricWise ?? outcome.scores) as Line[];
  const metricSource = outcome.metricWise ? "metric-wise judge" : "code";
  const tierLines = (outcome.oneShot ?? outcome.scores) as Line[];
  const tierSource = outcome.oneShot ? "one-shot judge" : "code";
  sections.push(metricTables(onlyOwn(metricLines), metricSource));
  sections.push(tierTable(onlyOwn(tierLines), tierSource));
  const deltas = [
    lineageDeltas(onlyOwn(metricLines), "total", metricSource),
    lineageDeltas(onlyOwn(tierLines), "A+", tierSource),
  ].filter((s): s is Section => s !== null);
  sections.push(...deltas);
  sections.push(...breakdownSections(onlyOwn(tierLines), attributes, "tiers", tierSource));
  sections.push(...breakdownSections(onlyOwn(metricLines), attributes, "total", metricSource));
  if (outcome.before && outcome.after)
    sections.push(
      loopSection(
        compareLoop(onlyOwn(outcome.before as Line[]), onlyOwn(outcome.after as Line[])),
        outcome.oneShot ? "one-shot judge" : "code",
      ),
    );
  if (outcome.answers)
    sections.push(winRateSection(outcome.answers, outcome.executed !== null, outcome.unjudged.length));
  if (outcome.executed) {
    sections.push(accuracySection(outcome.executed));
    sections.push(correlationSection(outcome, outcome.executed));
  }
  const agreement = agreementSection(outcome);
  if (agreement) sections.push(agreement);
  return sections;
}

function onlyOwn(lines: readonly Line[]): Line[] {
  return lines.map(ownValues);
}

/**
 * Markdown keeps every table whole (a viewer scrolls it); the terminal view fits TERMINAL_WIDTH columns: notes are
 * wrapped and a wide table is split into parts that each repeat the planner (or stage) column.
 */
export function renderText(sections: readonly Section[], markdown: boolean): string {
  const parts: string[] = [markdown ? "# Planning experiment" : "Planning experiment", ""];
  const prose = (text: string) => (markdown ? clean(text) : wrapText(clean(text)));
  for (const section of sections) {
    parts.push(markdown ? `## ${section.title}` : prose(section.title.toUpperCase()), "");
    for (const note of section.notes) parts.push(prose(note), "");
    for (const { caption, table } of section.tables) {
      if (caption) parts.push(markdown ? `**${clean(caption)}**` : prose(caption), "");
      const cleaned = { headers: table.headers, rows: table.rows.map((row) => row.map(clean)) };
      for (const part of markdown ? [cleaned] : splitColumns(cleaned))
        parts.push(
          renderTable(
            part.headers.map((header, i) => ({
              header,
              align: i === 0 ? ("left" as const) : ("right" as const),
            })),
            part.rows,
            { color: false, markdown },
          ).trimEnd(),
          "",
        );
    }
  }
  return `${parts.join("\n")}\n`;
}

/** A section's address on the page: its title's words, numbered so two sections of one title stay apart. */
function sectionId(title: string, index: number): string {
  const words = title
    .toLowerCase()
    .split(" (")[0]
    ?.replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `s${index + 1}-${words || "section"}`;
}

/** A table in its own scrolling box, so a wide one scrolls there and never widens the page. */
function tableHtml(caption: string | null, table: Table): SafeHtml {
  const align = (i: number) => (i === 0 ? "" : "num");
  return html`${caption ? html`<h3>${caption}</h3>` : ""}<div class="table-wrap"><table><thead><tr>${table.headers.map((h, i) => html`<th class="${align(i)}">${h}</th>`)}</tr></thead><tbody>${table.rows.map((row) => html`<tr>${row.map((cell, i) => html`<td class="${align(i)}">${cell}</td>`)}</tr>`)}</tbody></table></div>`;
}

export interface ExperimentHtmlOptions {
  /** Shown in the footer; injectable so tests can build byte-identical pages. */
  generatedAt?: Date;
  /** Charts drawn from the experiment's score lines (the planner report's), before the tables. */
  charts?: SafeHtml | "";
}

/** One self-contained page in the planner report's shell and stylesheet (no script, strict CSP); every value escaped. */
export function renderHtml(sections: readonly Section[], options: ExperimentHtmlOptions = {}): string {
  const ids = sections.map((section, i) => sectionId(section.title, i));
  const body = sections.map(
    (section, i) =>
      html`<section id="${ids[i]}"><h2>${section.title}</h2>${section.notes.map((n) => html`<p class="hint">${n}</p>`)}${section.tables.map(({ caption, table }) => tableHtml(caption, table))}</section>`,
  );
  const nav = sections.map((section, i) => ({ id: ids[i] ?? "", label: section.title.split(" (")[0] ?? "" }));
  return staticPage({
    title: "Planning experiment",
    style: PLANNER_STYLE,
    heading: "Planning experiment",
    sub: `${sections.length} section(s): the paper's result tables, every stage's requests and failures`,
    nav: options.charts ? [{ id: "charts", label: "Charts" }, ...nav] : nav,
    main: html`${options.charts ?? ""}${body}`,
    footer: "",
    generatedAt: options.generatedAt ?? new Date(),
  });
}
