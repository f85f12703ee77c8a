// The test of src/cli/plan-score.ts lives here because this change may only add files under src/plans/.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { REFUND_BEST_PLAN, REFUND_INITIAL_PLAN, REFUND_QUERY } from "../plans/paper-examples.js";
import { PLAN_POINTS } from "../plans/points.js";
import { ScoreLineSchema } from "../plans/score-line.js";
import { runPlanScore } from "./plan-score.js";

let directory: string;
let stdout: string;
let stderr: string;
const io = {
  stdout: (s: string) => {
    stdout += s;
  },
  stderr: (s: string) => {
    stderr += s;
  },
};

function file(name: string, lines: readonly unknown[]): string {
  const path = join(directory, name);
  writeFileSync(
    path,
    lines.map((line) => (typeof line === "string" ? line : JSON.stringify(line))).join("\n"),
  );
  return path;
}

const referenceLine = { query_id: "q1", query: REFUND_QUERY, best_plan: REFUND_BEST_PLAN, grouped: "simple" };
const planLine = (planner: string, plan: string) => ({
  query_id: "q1",
  planner,
  prompt_type: "without_lineage",
  plan,
});

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), "plan-score-"));
  stdout = "";
  stderr = "";
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

describe("tooluse plan score", () => {
  it("writes one score line per plan to --out, and prints the same table without --out as with it", async () => {
    const reference = file("ref.jsonl", [referenceLine]);
    const plans = file("plans.jsonl", [
      planLine("m", REFUND_INITIAL_PLAN),
      "",
      planLine("m", REFUND_BEST_PLAN),
    ]);
    expect(await runPlanScore({ queries: reference, plans }, io)).toBe(0);
    const withoutOut = stdout;
    stdout = "";
    const out = join(directory, "scores.jsonl");
    expect(await runPlanScore({ queries: reference, plans, out }, io)).toBe(0);
    expect(withoutOut).toMatch(/^planner\s+prompt type\s+plans/);
    expect(withoutOut).toBe(stdout);
    const lines = readFileSync(out, "utf8")
      .trim()
      .split("\n")
      .map((line) => ScoreLineSchema.parse(JSON.parse(line)));
    expect(lines.map((l) => l.tool_usage_completeness)).toEqual([
      PLAN_POINTS.tool_usage_completeness / 2,
      PLAN_POINTS.tool_usage_completeness,
    ]);
    expect(lines[0]).toMatchObject({ query_id: "q1", planner: "m", prompt_type: "without_lineage" });
    expect(stderr).toBe("");
  });

  it("writes --out atomically and prints a table", async () => {
    const reference = file("ref.jsonl", [referenceLine]);
    const plans = file("plans.jsonl", [planLine("m", REFUND_INITIAL_PLAN)]);
    const out = join(directory, "scores.jsonl");
    expect(await runPlanScore({ queries: reference, plans, out }, io)).toBe(0);
    expect(readFileSync(out, "utf8").trim().split("\n")).toHaveLength(1);
    expect(readdirSync(directory).filter((name) => name.endsWith(".tmp"))).toEqual([]);
    expect(stdout).toMatch(/^planner\s+prompt type\s+plans/);
    expect(stdout).toContain("without_lineage");
  });

  it("prints per-planner aggregates with --json", async () => {
    const reference = file("ref.jsonl", [referenceLine]);
    const plans = file("plans.jsonl", [planLine("a", REFUND_INITIAL_PLAN), planLine("b", REFUND_BEST_PLAN)]);
    expect(await runPlanScore({ queries: reference, plans, json: true }, io)).toBe(0);
    const report = JSON.parse(stdout);
    expect(report.groups.map((g: { planner: string }) => g.planner)).toEqual(["a", "b"]);
    expect(report.groups[1].metrics.f1).toMatchObject({ mean: 1, low: 1, high: 1 });
    expect(report.bootstrap).toMatchObject({ samples: 1000 });
  });

  it.each([
    ["a missing field", [{ query_id: "q1", planner: "m", plan: "x" }], /plans\.jsonl:1: field prompt_type: /],
    ["invalid JSON", ["{not json"], /plans\.jsonl:1: invalid JSON/],
    [
      "an unknown query id",
      ["", { ...planLine("m", "x"), query_id: "q9" }],
      /plans\.jsonl:2: field query_id: "q9" is not in .*ref\.jsonl/,
    ],
  ])("stops with one line and exit code 2 on %s", async (_, lines, message) => {
    const reference = file("ref.jsonl", [referenceLine]);
    const plans = file("plans.jsonl", lines);
    expect(await runPlanScore({ queries: reference, plans }, io)).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stdout).toBe("");
  });

  it("refuses an unusable reference plan or a repeated query id, naming the line", async () => {
    const plans = file("plans.jsonl", [planLine("m", REFUND_INITIAL_PLAN)]);
    const bad = file("bad.jsonl", [{ ...referenceLine, best_plan: "no plan here" }]);
    expect(await runPlanScore({ queries: bad, plans }, io)).toBe(2);
    expect(stderr).toMatch(/bad\.jsonl:1: field best_plan: /);
    stderr = "";
    const twice = file("twice.jsonl", [referenceLine, referenceLine]);
    expect(await runPlanScore({ queries: twice, plans }, io)).toBe(2);
    expect(stderr).toMatch(/twice\.jsonl:2: field query_id: q1 appears twice/);
  });

  it("names a file it cannot read", async () => {
    expect(await runPlanScore({ queries: join(directory, "none.jsonl"), plans: "x" }, io)).toBe(2);
    expect(stderr).toMatch(/none\.jsonl: cannot read: no such file or folder \(ENOENT\)/);
  });

  it("matches numeric and text query ids", async () => {
    const reference = file("ref.jsonl", [{ ...referenceLine, query_id: 7 }]);
    const plans = file("plans.jsonl", [{ ...planLine("m", REFUND_BEST_PLAN), query_id: "7" }]);
    expect(await runPlanScore({ queries: reference, plans }, io)).toBe(0);
  });
});
