import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CORPUS_DIR, DATA_DIR } from "../paths.js";
import { QueryRecordSchema } from "../plans/data/schema.js";
import { lineageStats, statsProblems } from "../plans/lint/lineage-stats.js";
import { DEFAULT_TOOL_DESCRIPTIONS } from "../plans/tool-descriptions.js";
import { main } from "./main.js";
import { runPlanLint } from "./plan-lint.js";

const temp = mkdtempSync(join(tmpdir(), "plan-lint-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { stdout: (s: string) => out.push(s), stderr: (s: string) => err.push(s) }, out, err };
}

const ENTRY = (plan: string, extra = "") => `- query_id: te-001
  query: "How many refund calls did we get last week?"
  is_subjective: false
  is_compound: false
  best_plan: |
    ${plan}
${extra}`;

function sourceDir(name: string, text: string): string {
  const dir = join(temp, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "te-01.yaml"), text);
  copyFileSync(join(CORPUS_DIR, "plans", "VERSION"), join(dir, "VERSION"));
  return dir;
}

describe("tooluse plan lint", () => {
  it("finds no violation in the shipped sources, through the command line", async () => {
    const { io, out, err } = capture();
    expect(await main(["plan", "lint"], { ...io, isTTY: false })).toBe(0);
    expect(out.join("")).toBe("plan lint: 0 violations\n");
    expect(err.join("")).toBe("");
  });

  it("prints file:line: rule for a plan that breaks the conventions and exits 1 (negative control)", () => {
    const plan =
      '{ 1: {"step": T2S([], "Fetch interaction_ids of interactions about the mobile app last week."), "depends_on": []},\n      2: {"step": RAG((1), "Why are customers unhappy?"), "depends_on": [1]} }';
    const dir = sourceDir("bad", ENTRY(plan));
    const { io, err } = capture();
    expect(runPlanLint(io, { dir })).toBe(1);
    const lines = err.join("").trim().split("\n");
    expect(lines).toContain(
      `${dir}/te-01.yaml:6: t2s-unstored-topic: te-001: step 1: T2S prompt names "app", which the store does not hold (section 1)`,
    );
    expect(
      lines.some((line) => line.startsWith(`${dir}/te-01.yaml:7: rag-missing-twin: te-001: step 2`)),
    ).toBe(true);
    expect(lines.some((line) => line.includes("interactions-for-calls"))).toBe(true);
    expect(lines.some((line) => line.includes("label-subjective"))).toBe(true);
  });

  it("ends with exit code 2 and one line for a directory it cannot read", () => {
    const { io, err } = capture();
    expect(runPlanLint(io, { dir: join(temp, "missing") })).toBe(2);
    expect(err.join("")).toMatch(/^tooluse: .*missing: cannot read \(ENOENT\)\n$/);
  });

  it("refuses a folder with no planning sources: nothing checked is not 0 violations", () => {
    const { io, err } = capture();
    const empty = join(temp, "empty-sources");
    mkdirSync(empty, { recursive: true });
    expect(runPlanLint(io, { dir: empty })).toBe(2);
    expect(err.join("")).toMatch(
      /^tooluse: .*empty-sources: no planning source files \(tr-NN\.yaml, te-NN\.yaml\) to lint; give --dir the folder [^\n]*\n$/,
    );
  });

  it("checks a lineage's fix tags against its diff", () => {
    const best =
      '{ 1: {"step": T2S([], "How many calls about refunds were received last week?"), "depends_on": []} }';
    const first =
      '{ 1: {"step": RAG([], "How many calls about refunds were received last week?"), "depends_on": []} }';
    const text = ENTRY(best)
      .replace("te-001", "tr-001")
      .concat(
        `  lineage:\n    - plan: |\n        ${first}\n    - fixes: [complex prompt]\n      plan: |\n        ${first.replace("RAG", "T2S").replace(" last week", "")}\n    - fixes: [query not answered]\n      plan: |\n        ${best}\n`,
      );
    const dir = join(temp, "lineage");
    sourceDir("lineage", "");
    writeFileSync(join(dir, "te-01.yaml"), "[]\n");
    writeFileSync(join(dir, "tr-01.yaml"), text);
    const { io, err } = capture();
    expect(runPlanLint(io, { dir })).toBe(1);
    const all = err.join("");
    expect(all).toMatch(/fix-not-in-diff: tr-001: revision 2: fix "complex prompt"/);
    expect(all).toMatch(/diff-not-in-fixes: tr-001: revision 2: step 1 changes tool/);
  });

  it("plan build refuses to write when lint finds violations", async () => {
    const dir = sourceDir(
      "build",
      ENTRY('{ 1: {"step": T2S([], "How many calls mention the website?"), "depends_on": []} }'),
    );
    const { io, err } = capture();
    const { runPlanBuild } = await import("./plan-data.js");
    expect(runPlanBuild(io, { sourceDir: dir, outDir: join(temp, "out") })).toBe(2);
    expect(err.join("")).toMatch(/plan lint: \d+ violation\(s\); nothing written/);
  });
});

describe("train lineage statistics (issue 16's targets)", () => {
  const records = readFileSync(join(DATA_DIR, "plans", "queries.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((line) => QueryRecordSchema.parse(JSON.parse(line)));

  it("at most 10% of revision steps change neither score, none decreases, none scores like the best early", () => {
    const stats = lineageStats(records, DEFAULT_TOOL_DESCRIPTIONS);
    expect(stats.lineages).toBe(100);
    expect(statsProblems(stats)).toEqual([]);
  });

  it("fails on a lineage whose revision lowers a score (negative control)", () => {
    const record = records.find((r) => r.lineage && r.lineage.length >= 3);
    if (!record?.lineage) throw new Error("no lineage");
    const reversed = { ...record, lineage: [...record.lineage].reverse() };
    const problems = statsProblems(lineageStats([reversed], DEFAULT_TOOL_DESCRIPTIONS));
    expect(problems.some((p) => p.includes("lower the subtotal or step F1"))).toBe(true);
  });
});
