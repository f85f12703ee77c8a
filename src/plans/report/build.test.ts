import { describe, expect, it } from "vitest";
import { buildPlannerReport } from "./build.js";
import type { QueryAttributes, ReportLine } from "./inputs.js";
import { renderPlannerReport } from "./render.js";

const line = (
  query_id: string,
  planner: string,
  total: number | null,
  rating: ReportLine["rating"],
  extra = {},
) =>
  ({
    query_id,
    planner,
    prompt_type: "without_lineage",
    total,
    subtotal: 40,
    rating,
    ...extra,
  }) as ReportLine;

const attributes = new Map<string, QueryAttributes>([
  ["q1", { is_subjective: false, is_compound: false, steps: 2, hops: 0 }],
  ["q2", { is_subjective: true, is_compound: true, steps: 6, hops: 3 }],
  ["q3", { is_subjective: true, is_compound: null, steps: 4, hops: 1 }],
]);

const LINES = [
  line("q1", "m", 90, "Extremely Good", { parse_ok: true }),
  line("q2", "m", 60, "Acceptable", { parse_ok: false }),
  line("q3", "m", 75, "Good", { parse_ok: true }),
  line("q1", "a", 50, "Bad"),
  line("q9", "a", 70, null),
];

describe("buildPlannerReport", () => {
  const report = buildPlannerReport(LINES, attributes, { samples: 200 });

  it("groups by planner and prompt type in sorted order, with means, ratings and tiers", () => {
    expect(report.groups.map((g) => g.planner)).toEqual(["a", "m"]);
    const m = report.groups[1];
    expect(m?.metrics.total).toMatchObject({ n: 3, mean: 75 });
    expect(m?.metrics.total?.low).toBeLessThanOrEqual(75);
    expect(m?.parse_ok).toBeCloseTo(2 / 3, 12);
    expect(m?.ratings).toMatchObject({ "Extremely Good": 1 / 3, Good: 1 / 3, Acceptable: 1 / 3, Bad: 0 });
    expect(m?.tiers).toEqual({ "A+": 1 / 3, A: 2 / 3, B: 1 });
    // Planner a: one rated plan (Bad) and one without a rating; parse_ok not given.
    expect(report.groups[0]).toMatchObject({
      plans: 2,
      rated: 1,
      parse_ok: null,
      tiers: { "A+": 0, A: 0, B: 0 },
    });
  });

  it("averages total when the lines carry it, and lists only metrics present", () => {
    expect(report.score_field).toBe("total");
    expect(report.metrics).toEqual(["total", "subtotal"]);
    const subtotalOnly = buildPlannerReport(
      LINES.map((l) => ({ ...l, total: null })),
      null,
      { samples: 10 },
    );
    expect(subtotalOnly.score_field).toBe("subtotal");
    expect(subtotalOnly.breakdowns).toEqual([]);
  });

  it("breaks results down by the reference's query attributes", () => {
    const [objective, composition, steps, hops] = report.breakdowns;
    expect(objective?.slices).toEqual([
      { name: "objective", queries: 1 },
      { name: "subjective", queries: 2 },
    ]);
    const m = objective?.groups[1];
    expect(m?.cells.map((c) => [c.plans, c.score?.mean])).toEqual([
      [1, 90],
      [2, 67.5],
    ]);
    // q3's is_compound is unknown: it is in neither slice.
    expect(composition?.groups[1]?.cells.map((c) => c.plans)).toEqual([1, 1]);
    expect(steps?.groups[1]?.cells.map((c) => c.score?.mean)).toEqual([82.5, 60]);
    expect(hops?.slices.map((s) => s.queries)).toEqual([1, 1, 0, 1]);
    expect(hops?.groups[1]?.cells[1]?.tiers).toEqual({ "A+": 0, A: 1, B: 1 });
    expect(report.unmatched).toBe(1);
  });

  it("renders text within 100 columns and Markdown tables", () => {
    const text = renderPlannerReport(report, "text");
    for (const row of text.split("\n")) expect(row.length).toBeLessThanOrEqual(100);
    expect(text).toMatch(/^m\s+without_lineage\s+3\s+75\.0\s+40\.0$/m);
    expect(text).toMatch(/^m\s+without_lineage\s+90\.0 · 100%\s+67\.5 · 0%$/m);
    expect(text).toContain("1 score line(s) name a query not in the reference");
    const md = renderPlannerReport(report, "md");
    expect(md).toContain("### By hops");
    expect(md).toContain("| m | without_lineage | 3 | 75.0 (");
    expect(md).toContain("90.0 · A+ 100% · A 100% · B 100%");
  });
});
