/**
 * The runner never drops a record: a throwing grader or reporter stops the run with that error (it is a bug, not
 * an error record), what was done stays in the journal, and a resume finishes every record exactly once.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { referenceAnswerer } from "../backends/reference.js";
import { loadCases } from "../cases/load.js";
import { grade } from "../grade/grade.js";
import { gradingProfile } from "../grade/profiles.js";
import { DEFAULT_CASES_FILE } from "../paths.js";
import { SINGLE_CALL } from "../protocols/prompts.js";
import { TOOLUSE_VERSION } from "../test-support/profile-version.js";
import { tempDir } from "../test-support/temp.js";
import { definedRun } from "./define-run.js";
import { execute } from "./execute.js";
import { journalPath } from "./journal.js";
import { type ProgressReporter, silentProgress } from "./progress.js";
import type { RunRecord } from "./record.js";
import { buildResults } from "./results.js";
import { runBenchmark } from "./run.js";

const cases = loadCases(DEFAULT_CASES_FILE).slice(0, 6);

let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => dir.remove());

function options(overrides: Partial<Parameters<typeof execute>[0]>) {
  return {
    cases,
    protocols: ["json"] as const,
    backend: referenceAnswerer("oracle"),
    settings: { temperature: 0, max_tokens: 64, enable_thinking: null, seed: null },
    promptOptions: SINGLE_CALL,
    grader: gradingProfile("tooluse"),
    concurrency: 2,
    retries: 0,
    done: new Set<string>(),
    cache: null,
    signal: new AbortController().signal,
    onRecord: () => {},
    ...overrides,
  };
}

describe("execute", () => {
  it("surfaces a grader bug instead of turning it into an error record", async () => {
    const records: RunRecord[] = [];
    let calls = 0;
    const broken: typeof grade = (testCase, output) => {
      calls++;
      if (calls === 3) throw new TypeError("grader bug");
      return grade(testCase, output);
    };
    await expect(execute(options({ grade: broken, onRecord: (r) => records.push(r) }))).rejects.toThrow(
      "grader bug",
    );
    expect(records.every((r) => r.status === "scored")).toBe(true);
    expect(records.some((r) => r.error?.includes("grader bug"))).toBe(false);
  });

  it("surfaces a reporter that throws, after the requests in flight settle", async () => {
    let seen = 0;
    const onRecord = () => {
      seen++;
      if (seen === 2) throw new Error("reporter bug");
    };
    await expect(execute(options({ onRecord }))).rejects.toThrow("reporter bug");
    expect(seen).toBeLessThan(cases.length + 1);
  });
});

describe("runBenchmark with a throwing reporter", () => {
  it("keeps what was done in the journal, and a resume completes each record exactly once", async () => {
    const out = join(dir.path, "r.json");
    const config = definedRun({
      backend: "oracle",
      api_key_env: "X",
      protocols: ["json"],
      cases_file: DEFAULT_CASES_FILE,
      filters: { ids: cases.map((c) => c.id) },
      concurrency: 1,
      timeout_ms: 10_000,
      retries: 0,
      cache: false,
      settings: { max_tokens: 64 },
      out,
    });
    let shown = 0;
    const throwing: ProgressReporter = {
      ...silentProgress,
      record() {
        shown++;
        if (shown === 3) throw new Error("progress bar bug");
      },
    };
    const env = {
      env: {},
      cacheDir: join(dir.path, "cache"),
      log: () => {},
      signal: new AbortController().signal,
    };
    await expect(runBenchmark(config, false, { ...env, progress: throwing })).rejects.toThrow(
      "progress bar bug",
    );
    const journaled = readFileSync(journalPath(out), "utf8").trim().split("\n").slice(1);
    // The record whose report threw is journaled first; a request already started when it threw may finish too.
    expect(journaled.length).toBeGreaterThanOrEqual(3);
    expect(journaled.length).toBeLessThan(6);
    const results = await runBenchmark(config, true, { ...env, progress: silentProgress });
    expect(results.counts).toEqual({ records: 6, scored: 6, errors: 0, missing: 0 });
    const all = readFileSync(journalPath(out), "utf8").trim().split("\n").slice(1);
    expect(all.map((line) => JSON.parse(line).id).sort()).toEqual(cases.map((c) => c.id).sort());
  });
});

describe("buildResults", () => {
  it("counts and lists every selected record that is missing, in the results and the summary", () => {
    const config = definedRun({
      backend: "oracle",
      api_key_env: "X",
      protocols: ["json", "xml"],
      cases_file: DEFAULT_CASES_FILE,
      concurrency: 1,
      timeout_ms: 10_000,
      retries: 0,
      cache: false,
      settings: { max_tokens: 64 },
      out: join(dir.path, "x.json"),
    });
    const first = cases[0];
    if (!first) throw new Error("no cases");
    const record: RunRecord = {
      id: first.id,
      protocol: "json",
      status: "error",
      output: null,
      verdict: null,
      error: "boom",
      latency_ms: 1,
      prompt_tokens: null,
      completion_tokens: null,
      finish_reason: null,
      attempts: 1,
      cached: false,
    };
    const results = buildResults({
      harnessVersion: "test",
      corpus: { name: "t", version: null, digest: "sha256:x", file: "t", cases: 2 },
      model: "m",
      grading: { profile: "tooluse", version: TOOLUSE_VERSION },
      config,
      cases: cases.slice(0, 2),
      records: [record],
      startedAt: "",
      finishedAt: "",
    });
    expect(results.counts).toEqual({ records: 1, scored: 0, errors: 1, missing: 3 });
    expect(results.missing).toEqual([
      { id: first.id, protocol: "xml" },
      { id: cases[1]?.id, protocol: "json" },
      { id: cases[1]?.id, protocol: "xml" },
    ]);
    expect(results.summary.missing).toBe(3);
  });
});
