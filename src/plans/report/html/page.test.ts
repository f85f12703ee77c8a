import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { MeanWithInterval } from "../../aggregate.js";
import { RATINGS } from "../../rating.js";
import { buildPlannerReport, type PlannerReport } from "../build.js";
import type { QueryAttributes, ReportLine } from "../inputs.js";
import { METRIC_MAX } from "./format.js";
import { buildPlannerHtml, type PlannerHtmlInputs } from "./page.js";

const HOSTILE = "<img src=x onerror=window.__pwned=1>";

const line = (query_id: string, planner: string, prompt_type: string, extra: Partial<ReportLine>) =>
  ({ query_id, planner, prompt_type, ...extra }) as ReportLine;

const attributes = new Map<string, QueryAttributes>([
  ["q1", { is_subjective: false, is_compound: false, steps: 2, hops: 0 }],
  ["q2", { is_subjective: true, is_compound: true, steps: 6, hops: 3 }],
  ["q3", { is_subjective: true, is_compound: null, steps: 4, hops: 1 }],
]);

const LINES = [
  line("q1", "m", "with_lineage", { total: 90, f1: 0.97, rating: "Extremely Good", parse_ok: true }),
  line("q2", "m", "with_lineage", { total: 60, f1: 0.7, rating: "Acceptable", parse_ok: false }),
  line("q3", "m", "with_lineage", { total: 75, f1: 0.8, rating: "Good", parse_ok: true }),
  line("q1", HOSTILE, "without_lineage", { total: 40, f1: 0.5, rating: "Bad", parse_ok: true }),
  line("q2", HOSTILE, "without_lineage", { total: 20, f1: 0.2, rating: "Extremely Bad", parse_ok: true }),
  line("q9", HOSTILE, "without_lineage", { total: 30, f1: null, rating: null }),
];

const INPUTS: PlannerHtmlInputs = {
  scores: { file: "runs/scores.jsonl", lines: LINES.length },
  reference: { file: "data/plans/queries.jsonl", queries: attributes.size },
};
const AT = { generatedAt: new Date("2026-02-16T12:00:00Z") };
const report = () => buildPlannerReport(LINES, attributes, { samples: 200 });

function section(page: string, id: string): string {
  const found = new RegExp(`<section id="${id}">([\\s\\S]*?)</section>`).exec(page)?.[1];
  if (found === undefined) throw new Error(`no section ${id}`);
  return found;
}

/** Rows of a section by the report index of their group. */
function rows(page: string, id: string): Map<number, string> {
  const matches = section(page, id).matchAll(/<tr data-group="(\d+)">([\s\S]*?)<\/tr>/g);
  return new Map([...matches].map((m) => [Number(m[1]), m[2] as string]));
}

/** The text after an attribute (exactly as written) up to the next tag. */
function textAfter(row: string, attribute: string): string | undefined {
  const start = row.indexOf(`${attribute}>`);
  if (start === -1) return undefined;
  const from = start + attribute.length + 1;
  return row.slice(from, row.indexOf("<", from));
}

const dp = (field: string) => (field === "f1" ? 2 : 1);
const shown = (field: string, m: MeanWithInterval | undefined) =>
  m?.mean == null || m.low === null || m.high === null
    ? ["–", "–"]
    : [m.mean.toFixed(dp(field)), `${m.low.toFixed(dp(field))}–${m.high.toFixed(dp(field))}`];
const pct = (share: number | null | undefined) => (share == null ? "–" : `${Math.round(share * 100)}%`);

describe("buildPlannerHtml", () => {
  it("is a static page: no script element, a CSP that allows no script and only its own stylesheet", () => {
    const page = buildPlannerHtml(report(), INPUTS, AT);
    expect(page).not.toMatch(/<script/i);
    const style = /<style>([\s\S]*?)<\/style>/.exec(page)?.[1] ?? "";
    const hash = createHash("sha256").update(style).digest("base64");
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/
      .exec(page)?.[1]
      ?.replace(/&#39;/g, "'");
    expect(csp).toBe(
      `default-src 'none'; script-src 'none'; style-src 'sha256-${hash}'; img-src data:; base-uri 'none'; form-action 'none'`,
    );
    // A style attribute would be refused by that policy, and nothing may be fetched.
    expect(page).not.toMatch(/\sstyle="/);
    expect(page).not.toMatch(/\b(src|href)="(?!#|data:)/);
  });

  it("sets a hostile planner name as text everywhere", () => {
    const page = buildPlannerHtml(report(), INPUTS, AT);
    expect(page).not.toContain(HOSTILE);
    expect(page).not.toMatch(/<img/i);
    expect(page).toContain("&lt;img src=x onerror=window.__pwned=1&gt;");
    const sneaky = buildPlannerHtml(
      report(),
      { scores: { file: `"><style>*{}</style>.jsonl`, lines: 1 }, reference: null },
      AT,
    );
    expect(sneaky.match(/<style>/g)).toHaveLength(1);
  });

  it("shows the report's metric means and intervals, row by row and metric by metric", () => {
    const r = report();
    const page = buildPlannerHtml(r, INPUTS, AT);
    const metrics = rows(page, "metrics");
    expect(metrics.size).toBe(r.groups.length);
    r.groups.forEach((g, index) => {
      const row = metrics.get(index) ?? "";
      for (const field of r.metrics) {
        const cell = new RegExp(
          `data-metric="${field}"><span class="cell-mean">([^<]*)</span><span class="cell-note">([^<]*)</span>`,
        ).exec(row);
        expect([cell?.[1], cell?.[2]]).toEqual(shown(field, g.metrics[field]));
      }
    });
  });

  it("ranks the leaderboard by the overall score and shows parsed share, tiers and ratings from the report", () => {
    const r = report();
    const page = buildPlannerHtml(r, INPUTS, AT);
    const board = section(page, "leaderboard");
    // m (mean total 75) before the hostile planner (30), though the report lists the hostile planner first.
    expect(r.groups.map((g) => g.planner)).toEqual([HOSTILE, "m"]);
    expect([...board.matchAll(/<tr data-group="(\d+)">/g)].map((m) => m[1])).toEqual(["1", "0"]);
    const leaders = rows(page, "leaderboard");
    r.groups.forEach((g, index) => {
      const row = leaders.get(index) ?? "";
      const field = (name: string) => textAfter(row, `data-field="${name}"`);
      expect(field("parse_ok")).toBe(pct(g.parse_ok));
      expect([field("score"), field("interval")]).toEqual(shown("total", g.metrics.total));
      for (const tier of ["A+", "A", "B"] as const) expect(field(tier)).toBe(pct(g.tiers?.[tier]));
      const ratings = rows(page, "ratings").get(index) ?? "";
      for (const rating of RATINGS)
        expect(textAfter(ratings, `data-rating="${rating}"`)).toBe(pct(g.ratings?.[rating]));
    });
    expect(board).toContain("out of 100");
  });

  it("formats the numbers it is given and computes none: tampered values appear as they are", () => {
    const r = report();
    const tampered: PlannerReport = structuredClone(r);
    const m = tampered.groups[1];
    if (!m) throw new Error("no group");
    m.metrics.total = { n: 3, mean: 42.42, low: 1.04, high: 99.96 };
    m.parse_ok = 0.123;
    m.tiers = { "A+": 0.011, A: 0.5, B: 0.987 };
    const cell = tampered.breakdowns[3]?.groups[1]?.cells[3];
    if (!cell) throw new Error("no cell");
    cell.score = { n: 1, mean: 12.34, low: 0, high: 50 };
    const page = buildPlannerHtml(tampered, INPUTS, AT);
    const row = rows(page, "leaderboard").get(1) ?? "";
    expect(row).toContain(">42.4<");
    expect(row).toContain(">1.0–100.0<");
    expect(row).toContain(">12%<");
    expect(row).toContain(">99%<");
    expect(rows(page, "metrics").get(1)).toContain(">42.4<");
    const hops = /data-dimension="hops">([\s\S]*?)<\/table>/.exec(page)?.[1] ?? "";
    expect(hops).toContain("12.3");
    expect(hops).toContain("total 12.3 (0.0–50.0), A+ 0% · A 0% · B 100% over 1 plan(s)");
  });

  it("shows each breakdown as a heat map: slices with their query counts, cells from the report", () => {
    const r = report();
    const page = buildPlannerHtml(r, INPUTS, AT);
    for (const breakdown of r.breakdowns) {
      const table = new RegExp(`data-dimension="${breakdown.dimension}">([\\s\\S]*?)</table>`).exec(
        page,
      )?.[1];
      expect(table).toBeDefined();
      for (const slice of breakdown.slices)
        expect(table).toContain(
          `${slice.name} <span class="cell-note">${slice.queries} ${slice.queries === 1 ? "query" : "queries"}</span>`,
        );
      const cellsOf = (index: number) =>
        [
          ...(
            new RegExp(`<tr data-group="${index}">([\\s\\S]*?)</tr>`).exec(table ?? "")?.[1] ?? ""
          ).matchAll(/<td class="cell ([\w-]+)"[^>]*>(?:<span class="cell-mean">([^<]*)<\/span>)?/g),
        ].map((m) => [m[1], m[2] ?? "–"]);
      breakdown.groups.forEach((g, index) => {
        const expected = g.cells.map((c) => {
          if (c.plans === 0 || c.score?.mean == null) return ["none", "–"];
          return [`heat-${Math.round((c.score.mean / METRIC_MAX.total) * 20)}`, c.score.mean.toFixed(1)];
        });
        expect(cellsOf(index)).toEqual(expected);
      });
    }
    expect(section(page, "breakdowns")).toContain("1 score line(s) name a query not in the reference");
  });

  it("names its inputs with their counts, and says how to get breakdowns without a reference", () => {
    const page = buildPlannerHtml(report(), INPUTS, AT);
    const inputs = section(page, "inputs");
    expect(inputs).toContain('data-input="scores">runs/scores.jsonl</span> · 6 line(s) in 2');
    expect(inputs).toContain('data-input="reference">data/plans/queries.jsonl</span> · 3 queries');
    const bare = buildPlannerHtml(buildPlannerReport(LINES, null, { samples: 50 }), {
      ...INPUTS,
      reference: null,
    });
    expect(section(bare, "breakdowns")).toContain("No breakdowns: give --queries FILE");
    expect(section(bare, "inputs")).toContain("none (no breakdowns)");
  });

  it("copes with lines that carry only ratings, and builds the same bytes from the same report", () => {
    const ratingsOnly = LINES.map((l) => ({
      query_id: l.query_id,
      planner: l.planner,
      prompt_type: l.prompt_type,
      rating: l.rating,
    }));
    const r = buildPlannerReport(ratingsOnly as ReportLine[], attributes, { samples: 50 });
    expect(r.score_field).toBeNull();
    const page = buildPlannerHtml(r, INPUTS, AT);
    expect(rows(page, "leaderboard").get(1)).toContain('data-field="score">–<');
    expect(section(page, "metrics")).toContain("No score line carries a metric");
    expect(section(page, "ratings")).toContain('data-rating="Good">33%<');
    expect(section(page, "breakdowns")).toContain("0 hops: A+ 100% · A 100% · B 100% over 1 plan(s)");
    expect(buildPlannerHtml(report(), INPUTS, AT)).toBe(buildPlannerHtml(report(), INPUTS, AT));
  });
});
