import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UserError } from "../errors.js";
import { tempDir } from "../test-support/temp.js";
import { labelRuns, loadRuns, readResults } from "./load.js";
import { type FixtureRun, makeRun } from "./test-support/fixtures.js";

let dir: ReturnType<typeof tempDir>;
let good: FixtureRun;
beforeAll(async () => {
  dir = tempDir();
  good = await makeRun(dir.path, "good", { backend: "oracle", filters: { limit: 5 } });
});
afterAll(() => dir.remove());

function write(name: string, text: string): string {
  const file = join(dir.path, name);
  writeFileSync(file, text);
  return file;
}

function messageOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(UserError);
    return (error as Error).message;
  }
  throw new Error("expected a UserError");
}

describe("readResults", () => {
  it("reads a results file written by a run, keeping its summary as is", () => {
    const results = readResults(good.file);
    expect(results.summary).toEqual(good.results.summary);
    expect(results.records).toHaveLength(15);
  });

  it("says in one line which file is bad and why", () => {
    const missing = join(dir.path, "nope.json");
    expect(messageOf(() => readResults(missing))).toBe(
      `${missing}: cannot read: no such file or folder (ENOENT)`,
    );
    const notJson = write("not.json", "{ nope");
    expect(messageOf(() => readResults(notJson))).toMatch(/^.*not\.json: invalid JSON \(/);
    const other = write("other.json", JSON.stringify({ format: "something/2" }));
    expect(messageOf(() => readResults(other))).toBe(
      `${other}: not a valid results file: field format: expected "tooluse.results/1" (is this a tooluse results file?)`,
    );
    const value = JSON.parse(readFileSync(good.file, "utf8"));
    value.records[3].verdict.passed = "yes";
    const broken = write("broken.json", JSON.stringify(value));
    expect(messageOf(() => readResults(broken))).toBe(
      `${broken}: not a valid results file: field records[3].verdict.passed: Invalid input: expected boolean, received string`,
    );
    for (const message of [messageOf(() => readResults(broken)), messageOf(() => readResults(notJson))])
      expect(message).not.toContain("\n");
  });

  it("tolerates fields it does not read (newer harnesses add some)", () => {
    const value = JSON.parse(readFileSync(good.file, "utf8"));
    value.something_new = { a: 1 };
    value.records[0].trace = ["x"];
    value.summary.by_protocol.json.bfcl_compatible_score = 0.5;
    expect(() => readResults(write("newer.json", JSON.stringify(value)))).not.toThrow();
  });
});

describe("labelRuns", () => {
  it("labels runs by model, adding the file name only where a model appears twice", () => {
    const results = readResults(good.file);
    const other = { ...results, model: "other" };
    const labels = labelRuns([
      { file: "/a/one.json", results },
      { file: "/b/two.json", results },
      { file: "/c/three.json", results: other },
    ]).map((r) => r.label);
    expect(labels).toEqual(["oracle · one.json", "oracle · two.json", "other"]);
  });

  it("asks for at least one file", () => {
    expect(messageOf(() => loadRuns([]))).toContain("at least one results file");
  });
});
