/**
 * The quality bar of the committed benchmark: counts and spreads, best plans with full marks, lineages that only
 * improve. Failures name the query. Train-dependent checks read whatever train files exist; the spread of the
 * train split and of the whole set is checked once the train split is complete.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CORPUS_DIR } from "../../paths.js";
import { renderPlan } from "../render.js";
import { scorePlan } from "../score.js";
import { DEFAULT_TOOL_DESCRIPTIONS as tools } from "../tool-descriptions.js";
import { METRIC_POINTS, VIOLATION_CODES } from "../violations.js";
import { buildPlanData } from "./build.js";
import { compositionProblems, QUERIES_PER_SPLIT, spreadProblems } from "./composition.js";
import { lineageProblems } from "./lineage-check.js";
import { samePlan, structureOf } from "./plan-forms.js";
import { LINEAGE_LENGTH, MISTAKE_KINDS, type QueryRecord } from "./schema.js";

const { records, manifest } = buildPlanData(join(CORPUS_DIR, "plans"), tools);
const test = records.filter((r) => r.split === "test");
const train = records.filter((r) => r.split === "train");
const trainComplete = train.length === QUERIES_PER_SPLIT;
const { all, train: trainComposition, test: testComposition } = manifest.composition;
const ids = (list: readonly QueryRecord[]) => list.map((r) => r.query_id);

const FULL_MARKS = { ...METRIC_POINTS, f1: 1 };

describe("counts and spreads", () => {
  it("has 100 test queries, te-001 … te-100, none with a lineage", () => {
    expect(ids(test)).toEqual(Array.from({ length: 100 }, (_, i) => `te-${String(i + 1).padStart(3, "0")}`));
    expect(test.every((r) => r.lineage === null)).toBe(true);
  });

  it("numbers the train queries tr-001 onwards, each with a lineage", () => {
    expect(ids(train)).toEqual(train.map((_, i) => `tr-${String(i + 1).padStart(3, "0")}`));
    expect(train.every((r) => r.lineage !== null)).toBe(true);
  });

  it("spreads the test split like the paper's test set", () => {
    expect(testComposition.queries).toBe(QUERIES_PER_SPLIT);
    expect(spreadProblems("test", testComposition)).toEqual([]);
  });

  it.runIf(trainComplete)("spreads the train split and the whole set like the paper's test set", () => {
    expect(compositionProblems({ train: trainComposition, test: testComposition }, all)).toEqual([]);
  });

  it("computes steps and hops from the best plan, never from the source", () => {
    for (const record of records)
      expect([record.steps, record.hops]).toEqual(Object.values(structureOf(record.best_plan)));
  });
});

describe("every best plan scores full marks against itself, with notices at most", () => {
  it.each(ids(records))("%s", (id) => {
    const record = records.find((r) => r.query_id === id) as QueryRecord;
    for (const candidate of [record.best_plan, renderPlan(record.best_plan)]) {
      const line = scorePlan({ candidate, reference: record.best_plan, tools });
      expect(line).toMatchObject(FULL_MARKS);
      const costly = line.violations.filter((v) => VIOLATION_CODES[v.code].metrics.length > 0);
      expect(costly).toEqual([]);
    }
  });
});

describe.runIf(train.length > 0)("every lineage improves steadily towards its best plan", () => {
  it.each(ids(train))("%s", (id) => {
    const record = records.find((r) => r.query_id === id) as QueryRecord;
    const lineage = record.lineage ?? [];
    expect(lineage.length).toBeGreaterThanOrEqual(LINEAGE_LENGTH.min);
    expect(lineage.length).toBeLessThanOrEqual(LINEAGE_LENGTH.max);
    expect(samePlan(lineage.at(-1)?.plan ?? { steps: [] }, record.best_plan)).toBe(true);
    expect(lineage[0]?.fixes).toEqual([]);
    for (const revision of lineage.slice(1)) {
      expect(revision.fixes.length).toBeGreaterThan(0);
      for (const fix of revision.fixes) expect(MISTAKE_KINDS).toContain(fix);
    }
    expect(lineageProblems(record, tools)).toEqual([]);
  });
});
