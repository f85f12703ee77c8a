import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../test-support/temp.js";
import { findCorpora } from "./corpus.js";
import { labelRuns, readResults } from "./load.js";
import { makeRun, someCases, writeCorpus } from "./test-support/fixtures.js";

let dir: ReturnType<typeof tempDir>;
beforeAll(() => {
  dir = tempDir();
});
afterAll(() => dir.remove());

describe("findCorpora", () => {
  it("finds a run's corpus by digest, and refuses a file whose content changed", async () => {
    const corpus = writeCorpus(dir.path, "cases.jsonl", someCases(4));
    const run = await makeRun(dir.path, "run", { backend: "oracle", cases_file: corpus });
    const runs = labelRuns([{ file: run.file, results: readResults(run.file) }]);
    const found = findCorpora(runs);
    expect([...(found.cases.get(run.results.corpus.digest)?.keys() ?? [])]).toHaveLength(4);
    expect(found.missing.size).toBe(0);

    writeFileSync(corpus, "");
    const changed = findCorpora(runs);
    expect(changed.cases.size).toBe(0);
    expect(changed.missing.get(run.results.corpus.digest)).toContain(
      `no corpus file with digest ${run.results.corpus.digest}`,
    );
  });

  it("looks next to the results file when the recorded path no longer exists", async () => {
    const corpus = writeCorpus(dir.path, "moved.jsonl", someCases(2));
    const run = await makeRun(dir.path, "moved-run", { backend: "oracle", cases_file: corpus });
    const results = readResults(run.file);
    results.config.cases_file = join(dir.path, "gone", "moved.jsonl");
    results.corpus.file = "moved.jsonl";
    const found = findCorpora(labelRuns([{ file: run.file, results }]));
    expect(found.cases.size).toBe(1);
  });
});
