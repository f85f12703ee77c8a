import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CORPUS_DIR, DATA_DIR } from "../../paths.js";
import { tempDir } from "../../test-support/temp.js";
import { DEFAULT_TOOL_DESCRIPTIONS as tools } from "../tool-descriptions.js";
import { buildPlanData } from "./build.js";
import { expandReferenceSql } from "./reference-sql.js";
import { buildReferences } from "./references.js";

const built = buildPlanData(join(CORPUS_DIR, "plans"), tools);

describe("the committed reference SQL", () => {
  it("is exactly what `tooluse plan build` produces, with its digest in the manifest", () => {
    expect(readFileSync(join(DATA_DIR, "plans", "references.jsonl"), "utf8")).toBe(built.references?.jsonl);
    expect(built.manifest.references).toEqual({
      file: "references.jsonl",
      digest: built.references?.digest,
      queries: 193,
      steps: 447,
      answers: 91,
    });
  });

  it("holds no shorthand left unexpanded", () => {
    expect(built.references?.jsonl).not.toMatch(/@[a-z_]+\(/);
  });
});

describe("expandReferenceSql", () => {
  it("expands periods, drivers, moments and nested shorthands into plain SQL", () => {
    expect(expandReferenceSql("SELECT 1 FROM interactions i WHERE @period(last month, i.started_at)")).toBe(
      "SELECT 1 FROM interactions i WHERE (i.started_at >= TIMESTAMP '2025-10-01 00:00:00' AND i.started_at < TIMESTAMP '2025-11-01 00:00:00')",
    );
    expect(expandReferenceSql("@share(@failed(customer's name used, i))")).toBe(
      "avg(CASE WHEN EXISTS (SELECT 1 FROM qa_checks qc WHERE qc.interaction_id = i.interaction_id AND qc.check_name = 'customer''s name used' AND NOT qc.passed) THEN 1.0 ELSE 0.0 END)",
    );
  });

  it("refuses an unknown shorthand, a wrong argument count and an unclosed call", () => {
    expect(() => expandReferenceSql("@drivers(refund, i)")).toThrow(/unknown shorthand @drivers/);
    expect(() => expandReferenceSql("@driver(refund)")).toThrow(/takes 2 argument/);
    expect(() => expandReferenceSql("@qa(i")).toThrow(/closing parenthesis/);
    expect(() => expandReferenceSql("@period(next decade, i.started_at)")).toThrow(/unknown period/);
  });
});

describe("buildReferences on bad sources", () => {
  const temp = tempDir("tooluse-refs-");
  afterAll(() => temp.remove());
  let count = 0;
  const te001 = built.records.find((r) => r.query_id === "te-001");
  const te002 = built.records.find((r) => r.query_id === "te-002");
  const records = [te001, te002].filter((r) => r !== undefined);
  const answer =
    "  answer:\n    sql: SELECT 1 AS calls\n    facts:\n      - { kind: number, column: calls, unit: count }\n";

  function problem(yaml: string): string {
    const dir = join(temp.path, String(count++));
    mkdirSync(dir);
    writeFileSync(join(dir, "references.yaml"), yaml);
    try {
      buildReferences(dir, records);
      return "";
    } catch (error) {
      return (error as Error).message;
    }
  }

  const full = `te-001:\n  steps:\n    1: SELECT 1\n    2: SELECT 2\n${answer}te-002:\n  steps:\n    1: SELECT 1\n`;

  it("accepts a complete file", () => {
    expect(problem(full)).toBe("");
  });

  it.each([
    [
      "a T2S step without SQL",
      full.replace("    2: SELECT 2\n", ""),
      /te-001: steps: no SQL for T2S step\(s\) 2/,
    ],
    [
      "SQL for a step that is not T2S",
      full.replace("    2: SELECT 2\n", "    2: SELECT 2\n    3: SELECT 3\n"),
      /3 is not a T2S step/,
    ],
    [
      "an objective query without its answer",
      full.replace(answer, ""),
      /an objective query needs its reference answer/,
    ],
    ["a subjective query with an answer", `${full}${answer}`, /a subjective query has no reference answer/],
    ["a fact without its unit", full.replace(", unit: count", ""), /number and groups facts have a unit/],
    [
      "a fact reading a missing query",
      full.replace("unit: count }", "unit: count, from: totals }"),
      /reads a query "totals" that is not there/,
    ],
    [
      "a query the corpus does not have",
      `${full}te-999:\n  steps:\n    1: SELECT 1\n`,
      /te-999: no such query/,
    ],
    ["a missing query", `te-001:\n  steps:\n    1: SELECT 1\n    2: SELECT 2\n${answer}`, /te-002: missing/],
  ])("refuses %s", (_, yaml, message) => {
    expect(problem(yaml)).toMatch(message);
  });
});
