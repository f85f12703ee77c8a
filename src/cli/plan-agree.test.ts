import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { REFUND_BEST_PLAN, REFUND_INITIAL_PLAN, REFUND_QUERY } from "../plans/paper-examples.js";
import { PLAN_POINTS } from "../plans/points.js";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import { runPlanAgree } from "./plan-agree.js";
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

const line = (query_id: string, planner: string, format: number, rating: string, extra = {}) => ({
  query_id,
  planner,
  prompt_type: "without_lineage",
  format,
  rating,
  ...extra,
});

/** Three planners on two queries and one lineage triplet, scored by "humans" and by a "judge". */
const GOLD = [
  line("q1", "a", 20, "Good"),
  line("q1", "b", 10, "Bad"),
  line("q1", "c", 15, "Acceptable"),
  line("q2", "a", 20, "Very Good"),
  line("q2", "b", 5, "Very Bad"),
  line("q2", "c", 20, "Good"),
  line("q3", "best", 20, "Extremely Good"),
  line("q3", "penultimate", 15, "Good"),
  line("q3", "antepenultimate", 10, "Bad"),
];
const JUDGED = [
  line("q1", "a", 20, "Good"),
  line("q1", "b", 20, "Acceptable"),
  line("q1", "c", 15, "Acceptable"),
  line("q2", "a", 20, "Very Good"),
  line("q2", "b", 5, "Very Bad"),
  line("q2", "c", 10, "Good"),
  line("q3", "best", 20, "Very Good"),
  line("q3", "penultimate", 20, "Good"),
  line("q3", "antepenultimate", 10, "Bad"),
  line("q9", "a", 20, "Good"),
];

describe("tooluse plan agree", () => {
  it("prints every statistic per metric in aligned text", async () => {
    const io = captureIo();
    expect(
      await runPlanAgree({ gold: file("gold.jsonl", GOLD), judged: file("judged.jsonl", JUDGED) }, io),
    ).toBe(0);
    expect(io.out).toContain("9 paired; 0 only in gold and 1 only in judged are left out");
    expect(io.out).toMatch(/^format\s+9\s+67 \[\d+,\d+\]/m);
    expect(io.out).toMatch(/^rating, weighted κ\s+\d\.\d\d \[/m);
    expect(io.out).toContain("Pass/fail agreement (gold as reference)");
    expect(io.out).toMatch(/^Extremely Good\s+1\s+0\s+0\s+–\s+0\.00\s+–$/m);
    expect(io.out).toContain("planners best > penultimate > antepenultimate");
    // File names are as long as the paths given; everything else fits a 100-column terminal.
    const rows = io.out.split("\n").filter((row) => !/^(gold|judged):/.test(row));
    for (const row of rows) expect(row.length).toBeLessThanOrEqual(100);
  });

  it("gives the numbers in JSON", async () => {
    const io = captureIo();
    await runPlanAgree(
      { gold: file("gold.jsonl", GOLD), judged: file("judged.jsonl", JUDGED), json: true },
      io,
    );
    const report = JSON.parse(io.out);
    const format = report.metrics.find((m: { metric: string }) => m.metric === "format");
    expect(format.plans).toBe(9);
    expect(format.exact.value).toBeCloseTo(6 / 9, 12);
    // Triplet q3: gold 20 > 15 > 10, judged 20 = 20 > 10 → relaxed 2/2, strict 1/2.
    expect(format.triplets).toMatchObject({ triplets: 1, relaxed: { value: 1 }, strict: { value: 0.5 } });
    // Six planners (a, b, c and the three lineage names), one mean each per side.
    expect(format.spearman.planners).toBe(6);
    expect(report.skipped).toContain("tool_prompt_alignment");
    expect(report.bootstrap).toMatchObject({ samples: 1000, level: 0.95 });
  });

  it("compares human labels with the output of tooluse plan score", async () => {
    const reference = file("ref.jsonl", [
      { query_id: "q1", query: REFUND_QUERY, best_plan: REFUND_BEST_PLAN },
    ]);
    const plans = file("plans.jsonl", [
      { query_id: "q1", planner: "m1", prompt_type: "without_lineage", plan: REFUND_INITIAL_PLAN },
      { query_id: "q1", planner: "m2", prompt_type: "without_lineage", plan: REFUND_BEST_PLAN },
    ]);
    const scores = join(dir.path, "scores.jsonl");
    expect(await runPlanScore({ queries: reference, plans, out: scores }, captureIo())).toBe(0);
    const human = file("human.jsonl", [
      {
        query_id: "q1",
        planner: "m1",
        prompt_type: "without_lineage",
        tool_usage_completeness: PLAN_POINTS.tool_usage_completeness / 2,
        format: PLAN_POINTS.format,
      },
      {
        query_id: "q1",
        planner: "m2",
        prompt_type: "without_lineage",
        tool_usage_completeness: PLAN_POINTS.tool_usage_completeness,
        format: PLAN_POINTS.format,
      },
    ]);
    const io = captureIo();
    expect(
      await runPlanAgree(
        { gold: human, judged: scores, json: true, metrics: "tool_usage_completeness,format" },
        io,
      ),
    ).toBe(0);
    const report = JSON.parse(io.out);
    expect(
      report.metrics.map((m: { metric: string; exact: { value: number } }) => [m.metric, m.exact.value]),
    ).toEqual([
      ["tool_usage_completeness", 1],
      ["format", 1],
    ]);
  });

  it.each([
    ["an unknown metric", { metrics: "speed" }, /--metrics: "speed" is not one of format/],
    [
      "a triplet of two names",
      { triplet: "best,worst" },
      /--triplet: expected three different planner names/,
    ],
  ])("refuses %s", async (_, options, message) => {
    const io = captureIo();
    const code = await runPlanAgree(
      { gold: file("g.jsonl", GOLD), judged: file("j.jsonl", JUDGED), ...options },
      io,
    );
    expect(code).toBe(2);
    expect(io.err).toMatch(message);
  });

  it("refuses a repeated key, files with nothing in common, and a missing file", async () => {
    const io = captureIo();
    expect(
      await runPlanAgree({ gold: file("g.jsonl", [GOLD[0], GOLD[0]]), judged: file("j.jsonl", JUDGED) }, io),
    ).toBe(2);
    expect(io.err).toMatch(/g\.jsonl: query_id q1, planner a, prompt_type without_lineage appears twice/);
    expect(
      await runPlanAgree(
        { gold: file("g.jsonl", [line("x", "a", 1, "Bad")]), judged: file("j.jsonl", JUDGED) },
        io,
      ),
    ).toBe(2);
    expect(io.err).toMatch(/share no \(query_id, planner, prompt_type\) line/);
    expect(
      await runPlanAgree({ gold: join(dir.path, "none.jsonl"), judged: file("j.jsonl", JUDGED) }, io),
    ).toBe(2);
    expect(io.err).toMatch(/none\.jsonl: cannot read: no such file or folder \(ENOENT\)/);
  });
});
