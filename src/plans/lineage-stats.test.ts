import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DATA_DIR } from "../paths.js";
import { type LineageInput, lineageStatistics } from "./lineage-stats.js";
import { parseReference } from "./parse.js";
import { DEFAULT_TOOL_DESCRIPTIONS as tools } from "./tool-descriptions.js";

const records: LineageInput[] = readFileSync(join(DATA_DIR, "plans", "queries.jsonl"), "utf8")
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line))
  .filter((record) => record.lineage !== null);

describe("the train lineages under the evaluator (issue 15's done-when)", () => {
  const stats = lineageStatistics(records, tools);

  it("makes nearly every fix visible: at most 10% of revision steps leave subtotal and F1 unchanged", () => {
    expect(stats.steps).toBeGreaterThan(0);
    expect(stats.unchanged.length / stats.steps).toBeLessThanOrEqual(0.1);
  });

  it("scores no earlier revision like the best plan", () => {
    expect(stats.earlyBest).toEqual([]);
  });

  it("never lowers the subtotal or F1 along a lineage", () => {
    expect(stats.decreases).toEqual([]);
  });

  it("sees a revision that changes nothing (the negative control)", () => {
    const [record] = records;
    if (!record?.lineage) throw new Error("no lineage");
    const stalled = { ...record, lineage: [record.lineage[0], ...record.lineage] } as LineageInput;
    const control = lineageStatistics([stalled], tools);
    expect(control.unchanged.map((u) => u.revision)).toContain(2);
    const backwards = { ...record, lineage: [...record.lineage].reverse(), best_plan: record.best_plan };
    expect(lineageStatistics([backwards as LineageInput], tools).decreases.length).toBeGreaterThan(0);
  });
});

// The reference plan of every record parses: the statistics never silently skip a lineage.
it("reads every best plan", () => {
  for (const record of records) expect(parseReference(record.best_plan).ok, record.query_id).toBe(true);
});
