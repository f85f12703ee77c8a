import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CORPUS_DIR, DATA_DIR } from "../../paths.js";
import { DEFAULT_TOOL_DESCRIPTIONS as tools } from "../tool-descriptions.js";
import { buildPlanData, manifestText } from "./build.js";
import { compositionOf } from "./composition.js";
import { QueryRecordSchema } from "./schema.js";

const SOURCES = join(CORPUS_DIR, "plans");
const built = buildPlanData(SOURCES, tools);

describe("the committed planning benchmark", () => {
  it("is exactly what `tooluse plan build` produces from corpus/plans/", () => {
    expect(readFileSync(join(DATA_DIR, "plans", "queries.jsonl"), "utf8")).toBe(built.jsonl);
    expect(readFileSync(join(DATA_DIR, "plans", "manifest.json"), "utf8")).toBe(manifestText(built.manifest));
  });

  it("builds the same bytes twice", () => {
    expect(buildPlanData(SOURCES, tools).jsonl).toBe(built.jsonl);
  });

  it("writes one valid line per query, sorted by query_id, with keys in a fixed order", () => {
    const lines = built.jsonl.trimEnd().split("\n");
    expect(lines).toHaveLength(built.records.length);
    const ids = built.records.map((r) => r.query_id);
    expect(ids).toEqual([...ids].sort());
    for (const line of lines) {
      const value = JSON.parse(line);
      expect(QueryRecordSchema.parse(value)).toEqual(value);
      expect(Object.keys(value)).toEqual([
        "query_id",
        "split",
        "query",
        "is_subjective",
        "is_compound",
        "best_plan",
        "steps",
        "hops",
        "lineage",
      ]);
    }
  });

  it("describes itself in the manifest: version, digest and the composition of each split", () => {
    const { manifest, records } = built;
    expect(manifest.version).toBe(readFileSync(join(SOURCES, "VERSION"), "utf8").trim());
    expect(manifest.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(manifest.composition.all).toEqual(compositionOf(records));
    expect(manifest.composition.test).toEqual(compositionOf(records.filter((r) => r.split === "test")));
    expect(manifest.lineages.queries).toBe(records.filter((r) => r.split === "train").length);
  });
});

describe("buildPlanData on bad sources", () => {
  const temp = mkdtempSync(join(tmpdir(), "plan-build-"));
  afterAll(() => rmSync(temp, { recursive: true, force: true }));
  let count = 0;

  const ONE_STEP =
    '{ 1: {"step": T2S([], "How many calls about refunds came in last week?"), "depends_on": []} }';
  const TWO_STEPS =
    '{ 1: {"step": T2S([], "Fetch call_ids of refund calls."), "depends_on": []}, 2: {"step": RAG((1), "Why are customers unhappy?"), "depends_on": [1]} }';

  /** Builds a directory holding one source file; returns the error message, or "" when the build succeeds. */
  function buildError(file: string, yaml: string): string {
    const dir = join(temp, String(count++));
    mkdirSync(dir);
    writeFileSync(join(dir, "VERSION"), "0.0.1\n");
    writeFileSync(join(dir, file), yaml);
    try {
      buildPlanData(dir, tools);
      return "";
    } catch (error) {
      return (error as Error).message;
    }
  }

  const entry = (fields: Record<string, unknown>) =>
    `- ${JSON.stringify({ query_id: "te-001", query: "q?", is_subjective: false, is_compound: false, best_plan: ONE_STEP, ...fields })}\n`;

  it("accepts a good test entry", () => {
    expect(buildError("te-01.yaml", entry({}))).toBe("");
  });

  it("names file, entry, field and what was expected", () => {
    expect(buildError("te-01.yaml", entry({ is_subjective: "yes" }))).toBe(
      "corpus/plans/te-01.yaml: entry #1 (te-001): field is_subjective: Invalid input: expected boolean, received string",
    );
  });

  it("refuses a best plan with a violation, naming it and its step", () => {
    const flawed = TWO_STEPS.replace('"depends_on": [1]}', '"depends_on": []}');
    expect(buildError("te-01.yaml", entry({ best_plan: flawed }))).toBe(
      "corpus/plans/te-01.yaml: entry #1 (te-001): field best_plan: expected a plan without violations, found ignored-step at step 1 (the step's output never reaches the final step)",
    );
  });

  it("refuses a T2S step with more than three trigger phrases in a best plan", () => {
    const heavy =
      '{ 1: {"step": T2S([], "How many refund calls were escalated, transferred and put on hold?"), "depends_on": []} }';
    expect(buildError("te-01.yaml", entry({ best_plan: heavy }))).toMatch(
      /field best_plan: expected a plan without violations, found too-many-trigger-phrases at step 1/,
    );
  });

  it("keeps lineages to train queries and ids to their file's split", () => {
    const lineage = [
      { plan: ONE_STEP },
      { plan: ONE_STEP, fixes: ["wrong tool"] },
      { plan: ONE_STEP, fixes: ["wrong tool"] },
    ];
    expect(buildError("te-01.yaml", entry({ lineage }))).toMatch(/field lineage: expected no lineage/);
    expect(buildError("tr-01.yaml", entry({ query_id: "tr-001" }))).toMatch(
      /field lineage: expected 3–6 revisions/,
    );
    expect(buildError("tr-01.yaml", entry({}))).toMatch(/field query_id: expected an id starting with tr-/);
  });

  it("checks the lineage: fixes named, last revision the best plan, each revision a change", () => {
    const train = (lineage: unknown) =>
      buildError("tr-01.yaml", entry({ query_id: "tr-001", best_plan: TWO_STEPS, lineage }));
    const weak = { plan: ONE_STEP };
    const best = { plan: TWO_STEPS, fixes: ["missing dual-tool step"] };
    expect(train([weak, { plan: ONE_STEP, fixes: ["wrong tool"] }, best])).toMatch(
      /field lineage\[1\]\.plan: expected a change from revision 1/,
    );
    expect(train([weak, { plan: TWO_STEPS }, best])).toMatch(
      /field lineage\[1\]\.fixes: expected the mistakes/,
    );
    expect(train([{ ...weak, fixes: ["wrong tool"] }, best, best])).toMatch(
      /field lineage\[0\]\.fixes: expected none/,
    );
    expect(train([weak, best, { plan: ONE_STEP, fixes: ["wrong tool"] }])).toMatch(
      /field lineage\[2\]\.plan: expected the last revision to be the best plan/,
    );
    expect(train([weak, { ...best, fixes: ["typo"] }, best])).toMatch(
      /field lineage\[1\]\.fixes\[0\]: Invalid option/,
    );
    expect(train([weak, best])).toMatch(/field lineage: Too small/);
  });

  it("refuses a query_id or a query used twice", () => {
    const twice = entry({}) + entry({ query: "another?" });
    expect(buildError("te-01.yaml", twice)).toBe("corpus/plans: query_id te-001 appears twice");
    const same = entry({}) + entry({ query_id: "te-002" });
    expect(buildError("te-01.yaml", same)).toBe("corpus/plans: te-002 repeats the query of te-001");
  });

  it("reports invalid YAML with its line", () => {
    expect(buildError("te-01.yaml", "- query_id: [\n")).toMatch(
      /^corpus\/plans\/te-01\.yaml:\d+: invalid YAML/,
    );
  });
});
