import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { REFUND_BEST_PLAN, REFUND_INITIAL_PLAN, REFUND_QUERY } from "../plans/paper-examples.js";
import { parseReference } from "../plans/parse.js";
import { scorePlan } from "../plans/score.js";
import { DEFAULT_TOOL_DESCRIPTIONS } from "../plans/tool-descriptions.js";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import { main } from "./main.js";
import { runPlanReport } from "./plan-report.js";
import { runPlanScore } from "./plan-score.js";

let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => dir.remove());

function file(name: string, lines: readonly unknown[]): string {
  const path = join(dir.path, name);
  writeFileSync(path, lines.map((line) => JSON.stringify(line)).join("\n"));
  return path;
}

/** Scores the paper's refund example for two planners with `tooluse plan score --out`. */
async function scored(): Promise<{ scores: string; queries: string }> {
  // No steps or hops in the reference: the report reads them off the best plan (4 steps, 2 hops).
  const reference = file("ref.jsonl", [
    {
      query_id: "q1",
      query: REFUND_QUERY,
      best_plan: REFUND_BEST_PLAN,
      is_subjective: true,
      is_compound: false,
    },
  ]);
  const plans = file("plans.jsonl", [
    { query_id: "q1", planner: "weak", prompt_type: "without_lineage", plan: REFUND_INITIAL_PLAN },
    { query_id: "q1", planner: "strong", prompt_type: "with_lineage", plan: REFUND_BEST_PLAN },
  ]);
  const scores = join(dir.path, "scores.jsonl");
  expect(await runPlanScore({ queries: reference, plans, out: scores }, captureIo())).toBe(0);
  return { scores, queries: reference };
}

describe("tooluse plan report", () => {
  it("reports the output of tooluse plan score with the breakdowns of its reference", async () => {
    const io = captureIo();
    expect(await runPlanReport(await scored(), io)).toBe(0);
    expect(io.out).toMatch(/^strong\s+with_lineage\s+1\s+20\.0/m);
    expect(io.out).toMatch(
      /^strong\s+with_lineage\s+1\s+100%\s+1\s+[\d.]+ \([\d.]+–[\d.]+\)\s+1\s+100%\s+100%\s+100%$/m,
    );
    expect(io.out).toContain("By objective vs subjective");
    expect(io.out).toMatch(
      /^By hops[^\n]*\nplanner\s+prompt type\s+0 hops \(0\)\s+1 hop \(0\)\s+2 hops \(1\)\s+3\+ hops \(0\)$/m,
    );
    expect(io.out).toMatch(/^By steps[^\n]*\nplanner\s+prompt type\s+1–4 steps \(1\)\s+5–15 steps \(0\)$/m);
    for (const row of io.out.split("\n")) expect(row.length).toBeLessThanOrEqual(100);
  });

  it("writes Markdown and JSON", async () => {
    const files = await scored();
    const md = captureIo();
    expect(await runPlanReport({ ...files, format: "md" }, md)).toBe(0);
    expect(md.out).toMatch(/^\| planner \| prompt type \| plans \| format \|/m);
    const json = captureIo();
    expect(await runPlanReport({ ...files, json: true }, json)).toBe(0);
    const report = JSON.parse(json.out);
    expect(report.score_field).toBe("subtotal");
    expect(report.groups.map((g: { planner: string }) => g.planner)).toEqual(["strong", "weak"]);
    expect(report.breakdowns).toHaveLength(4);
  });

  it("works without a reference, saying how to get the breakdowns", async () => {
    const { scores } = await scored();
    const io = captureIo();
    expect(await runPlanReport({ scores }, io)).toBe(0);
    expect(io.out).toContain("No breakdowns: give --queries FILE");
  });

  it("refuses an unknown format and an invalid score line", async () => {
    const { scores } = await scored();
    const io = captureIo();
    expect(await runPlanReport({ scores, format: "html" }, io)).toBe(2);
    expect(io.err).toMatch(/--format: expected text or md, got "html"/);
    const bad = file("bad.jsonl", [{ query_id: "q1", planner: "m", prompt_type: "t", total: "high" }]);
    expect(await runPlanReport({ scores: bad }, io)).toBe(2);
    expect(io.err).toMatch(/bad\.jsonl:1: field total: /);
  });
});

describe("plan report --plans", () => {
  it("needs the best plans and a page: without --queries or --html it is one line, exit 2", async () => {
    const { scores, queries } = await scored();
    const plans = file("viewer-plans.jsonl", []);
    for (const options of [
      { scores, plans },
      { scores, plans, queries },
    ]) {
      const io = captureIo();
      expect(await runPlanReport(options, io)).toBe(2);
      expect(io.err).toBe(
        "tooluse: --plans needs --queries (the best plans to show beside them) and --html (the page the viewer is on)\n",
      );
    }
  });
});

describe("plan report --html: the lineage improvement curve", () => {
  const lineaged = (lineages: string[][]) =>
    file(
      "lineaged.jsonl",
      lineages.map((revisions, i) => ({
        query_id: `tr-00${i + 1}`,
        query: REFUND_QUERY,
        best_plan: REFUND_BEST_PLAN,
        is_subjective: true,
        is_compound: false,
        lineage: revisions.map((plan) => ({ plan, fixes: [] })),
      })),
    );
  const subtotal = (plan: string) => {
    const reference = parseReference(REFUND_BEST_PLAN);
    if (!reference.ok) throw new Error(reference.message);
    return (
      scorePlan({ candidate: plan, reference: reference.plan, tools: DEFAULT_TOOL_DESCRIPTIONS }).subtotal ??
      0
    );
  };

  it("plots the mean code score of each revision position, with how many lineages reach it", async () => {
    const { scores } = await scored();
    const weak = REFUND_INITIAL_PLAN;
    const best = REFUND_BEST_PLAN;
    const queries = lineaged([
      [weak, best],
      [weak, weak, best],
    ]);
    const html = join(dir.path, "lineage.html");
    const io = captureIo();
    expect(await main(["plan", "report", "--scores", scores, "--queries", queries, "--html", html], io)).toBe(
      0,
    );
    const page = readFileSync(html, "utf8");
    expect(page).toContain('id="chart-lineage"');
    const points = [...page.matchAll(/data-revision="(\d+)" data-mean="([\d.]+)" data-n="(\d+)"/g)].map(
      (m) => ({
        revision: Number(m[1]),
        mean: Number(m[2]),
        n: Number(m[3]),
      }),
    );
    const expected = [
      { revision: 1, mean: subtotal(weak), n: 2 },
      { revision: 2, mean: (subtotal(best) + subtotal(weak)) / 2, n: 2 },
      { revision: 3, mean: subtotal(best), n: 1 },
    ];
    expect(points).toEqual(expected.map((p) => ({ ...p, mean: Number(p.mean.toFixed(2)) })));
    // The curve rises: the first revision is the weak plan, the last the best.
    expect(subtotal(best)).toBeGreaterThan(subtotal(weak));
  });

  it("draws no curve when the queries have no lineage (negative control)", async () => {
    const { scores, queries } = await scored();
    const html = join(dir.path, "no-lineage.html");
    expect(
      await main(["plan", "report", "--scores", scores, "--queries", queries, "--html", html], captureIo()),
    ).toBe(0);
    expect(readFileSync(html, "utf8")).not.toContain('id="chart-lineage"');
  });
});
