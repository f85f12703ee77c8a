import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DATA_DIR, PACKAGE_ROOT } from "../paths.js";
import { QueryRecordSchema } from "../plans/data/index.js";
import { renderPlan, ScoreLineSchema } from "../plans/index.js";
import { runPlanBuild, runPlanExport, runPlanImport } from "./plan-data.js";
import { runPlanScore } from "./plan-score.js";

const temp = mkdtempSync(join(tmpdir(), "plan-data-cli-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const FIXTURES = join(PACKAGE_ROOT, "src", "plans", "data", "fixtures");
const QUERIES = join(DATA_DIR, "plans", "queries.jsonl");

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { stdout: (s: string) => out.push(s), stderr: (s: string) => err.push(s) }, out, err };
}

describe("tooluse plan build", () => {
  it("writes the committed queries.jsonl and manifest.json byte for byte", () => {
    const { io, out } = capture();
    const outDir = join(temp, "built");
    expect(runPlanBuild(io, { outDir })).toBe(0);
    expect(readFileSync(join(outDir, "queries.jsonl"), "utf8")).toBe(readFileSync(QUERIES, "utf8"));
    expect(readFileSync(join(outDir, "manifest.json"), "utf8")).toBe(
      readFileSync(join(DATA_DIR, "plans", "manifest.json"), "utf8"),
    );
    expect(out.join("")).toMatch(
      /^built \d+ planning queries \(train \d+, test 100; 2\.0\.0, sha256:[0-9a-f]{64}\)/,
    );
  });

  it("ends with exit code 2 and one line when a source is bad", () => {
    const sourceDir = join(temp, "bad-sources");
    rmSync(sourceDir, { recursive: true, force: true });
    const { io, err } = capture();
    expect(runPlanBuild(io, { sourceDir, outDir: join(temp, "never") })).toBe(2);
    expect(err).toEqual([
      `tooluse: ${join(sourceDir, "VERSION")}: cannot read: no such file or folder (ENOENT); check the path\n`,
    ]);
  });
});

describe("tooluse plan score --queries data/plans/queries.jsonl", () => {
  it("reads the built file directly, and every best plan scores full marks against itself", async () => {
    const records = readFileSync(QUERIES, "utf8")
      .trimEnd()
      .split("\n")
      .map((line) => QueryRecordSchema.parse(JSON.parse(line)));
    const plans = join(temp, "best-plans.jsonl");
    writeFileSync(
      plans,
      records
        .map((r) =>
          JSON.stringify({
            query_id: r.query_id,
            planner: "reference",
            prompt_type: "best",
            plan: renderPlan(r.best_plan),
          }),
        )
        .join("\n"),
    );
    const { io, err } = capture();
    const scores = join(temp, "best-scores.jsonl");
    expect(await runPlanScore({ queries: QUERIES, plans, out: scores }, io)).toBe(0);
    expect(err).toEqual([]);
    const lines = readFileSync(scores, "utf8")
      .trimEnd()
      .split("\n")
      .map((line) => ScoreLineSchema.parse(JSON.parse(line)));
    expect(lines).toHaveLength(records.length);
    for (const line of lines) expect(line).toMatchObject({ subtotal: 65, subtotal_max: 65, f1: 1 });
  });
});

describe("tooluse plan import / export", () => {
  it("imports the fixture next to itself by default, and exports it back to the same records", () => {
    const dir = mkdtempSync(join(temp, "fixture-"));
    for (const file of ["queries.csv", "plans.csv"]) copyFileSync(join(FIXTURES, file), join(dir, file));
    const first = capture();
    expect(
      runPlanImport({ queries: join(dir, "queries.csv"), plans: join(dir, "plans.csv") }, first.io),
    ).toBe(0);
    expect(first.out.join("")).toBe(
      `imported 4 queries (train 2, test 2) into ${join(dir, "queries.jsonl")}\nimported 4 plans into ${join(dir, "plans.jsonl")}\n`,
    );
    const exported = capture();
    const options = {
      queries: join(dir, "queries.jsonl"),
      out: join(dir, "queries-2.csv"),
      plans: join(dir, "plans.jsonl"),
      outPlans: join(dir, "plans-2.csv"),
    };
    expect(runPlanExport(options, exported.io)).toBe(0);
    const second = capture();
    const again = {
      queries: options.out,
      plans: options.outPlans,
      outQueries: join(dir, "queries-2.jsonl"),
      outPlans: join(dir, "plans-2.jsonl"),
    };
    expect(runPlanImport(again, second.io)).toBe(0);
    for (const name of ["queries", "plans"])
      expect(readFileSync(join(dir, `${name}-2.jsonl`), "utf8")).toBe(
        readFileSync(join(dir, `${name}.jsonl`), "utf8"),
      );
  });

  it("turns the benchmark into the paper's CSV and back into the same bytes", () => {
    const csv = join(temp, "benchmark.csv");
    const back = join(temp, "benchmark.jsonl");
    expect(runPlanExport({ queries: QUERIES, out: csv }, capture().io)).toBe(0);
    expect(runPlanImport({ queries: csv, outQueries: back }, capture().io)).toBe(0);
    expect(readFileSync(back, "utf8")).toBe(readFileSync(QUERIES, "utf8"));
  });

  it("prints one line per bad row and writes nothing", () => {
    const bad = join(temp, "bad.csv");
    const header =
      "query_id,Sample,query,is_query_subjective,is_query_compound,# steps in the BPP,grouped,best_plan,plan_lineage";
    const plan = '"{1: {""step"": T2S([], ""How many calls?""), ""depends_on"": []}}"';
    writeFileSync(bad, `${header}\n1,dev,q,True,False,1,,${plan},\n2,test,q,yes,perhaps,1,,${plan},\n`);
    const { io, err } = capture();
    expect(runPlanImport({ queries: bad, outQueries: join(temp, "bad.jsonl") }, io)).toBe(2);
    expect(err).toEqual([
      `tooluse: ${bad}:2: Sample: expected train or test, found "dev"\n`,
      `tooluse: ${bad}:3: is_query_compound: expected True or False\n`,
    ]);
    expect(() => readFileSync(join(temp, "bad.jsonl"))).toThrow();
  });

  it("asks for --plans and --out-plans together, and names unreadable files", () => {
    const lone = capture();
    expect(runPlanExport({ queries: QUERIES, out: join(temp, "x.csv"), plans: "p.jsonl" }, lone.io)).toBe(2);
    expect(lone.err).toEqual(["tooluse: --plans and --out-plans go together: give both or neither\n"]);
    const missing = capture();
    expect(runPlanImport({ queries: join(temp, "missing.csv") }, missing.io)).toBe(2);
    expect(missing.err).toEqual([
      `tooluse: ${join(temp, "missing.csv")}: cannot read: no such file or folder (ENOENT); check the path\n`,
    ]);
  });
});
