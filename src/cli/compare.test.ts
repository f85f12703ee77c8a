import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { referenceOutput } from "../backends/reference-outputs.js";
import { loadCases } from "../cases/load.js";
import { UserError } from "../errors.js";
import { gradingProfile } from "../grade/profiles.js";
import { DEFAULT_CASES_FILE } from "../paths.js";
import { editRun, type FixtureRun, makeRun } from "../report/test-support/fixtures.js";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import { runCompare } from "./compare.js";

let dir: ReturnType<typeof tempDir>;
let baseline: FixtureRun;
let always: FixtureRun;
let never: FixtureRun;
beforeAll(async () => {
  dir = tempDir();
  baseline = await makeRun(dir.path, "baseline", { backend: "baseline" });
  always = await makeRun(dir.path, "always", { backend: "always-call" });
  never = await makeRun(dir.path, "never", { backend: "never-call", protocols: ["json"] });
});
afterAll(() => dir.remove());

describe("tooluse compare", () => {
  it("pairs every (case, protocol), counts the flips each way and gives the exact p-value", async () => {
    const io = captureIo();
    expect(await runCompare({ a: always.file, b: never.file, json: true }, io)).toBe(0);
    const result = JSON.parse(io.out);
    const a = new Map(always.results.records.map((r) => [`${r.id}/${r.protocol}`, r.verdict?.passed]));
    const pairs = never.results.records.map((r) => [a.get(`${r.id}/${r.protocol}`), r.verdict?.passed]);
    const onlyA = pairs.filter(([x, y]) => x && !y).length;
    const onlyB = pairs.filter(([x, y]) => !x && y).length;
    expect(result.overall.pairs).toBe(never.results.records.length);
    expect(result.overall.a_passed_b_failed).toHaveLength(onlyA);
    expect(result.overall.a_failed_b_passed).toHaveLength(onlyB);
    expect(Object.keys(result.by_protocol)).toEqual(["json"]);
    expect(result.unpaired).toEqual({
      only_in_a: always.results.records.length - pairs.length,
      only_in_b: 0,
    });
    expect(result.overall.significant).toBe(result.overall.p_value < 0.05);
    expect(result.same_corpus).toBe(true);
  });

  it("says plainly when the difference is not significant", async () => {
    const io = captureIo();
    await runCompare({ a: baseline.file, b: baseline.file }, io);
    expect(io.out).toContain("all: no case flipped");
    const flipped = editRun(await makeRun(dir.path, "flipped", { backend: "baseline" }), (r) => {
      // One pass becomes a fail and one fail a pass: b = c = 1, p = 1. The outputs change, and their verdicts with
      // them (compare re-grades every output, so an edited verdict alone would be undone).
      const pass = r.records.find((x) => x.verdict?.passed === true);
      const fail = r.records.find((x) => x.verdict?.passed === false);
      const cases = new Map(loadCases(DEFAULT_CASES_FILE).map((c) => [c.id, c]));
      const grader = gradingProfile("tooluse");
      const answer = (record: typeof pass, kind: "oracle" | "never-call" | "always-call") => {
        const testCase = record && cases.get(record.id);
        if (!record || !testCase) return;
        record.output = referenceOutput(kind, testCase, record.protocol);
        record.verdict = grader.grade(testCase, {
          id: record.id,
          protocol: record.protocol,
          output: record.output,
        });
      };
      if (pass) answer(pass, "call" in (cases.get(pass.id)?.expect ?? {}) ? "never-call" : "always-call");
      answer(fail, "oracle");
      expect([pass?.verdict?.passed, fail?.verdict?.passed]).toEqual([false, true]);
    });
    const text = captureIo();
    await runCompare({ a: baseline.file, b: flipped.file }, text);
    expect(text.out).toMatch(/all: not significant at 0\.05 \(p = 1\.0000\)/);
  });

  it("refuses different corpus digests in one line unless --force", async () => {
    const other = editRun(await makeRun(dir.path, "other", { backend: "oracle" }), (r) => {
      r.corpus.digest = "sha256:0123456789abcdef";
    });
    await expect(runCompare({ a: baseline.file, b: other.file }, captureIo())).rejects.toThrow(UserError);
    await expect(runCompare({ a: baseline.file, b: other.file }, captureIo())).rejects.toThrow(
      /different corpora \(\w{8} vs 01234567\); a paired comparison needs the same cases\. Pass --force/,
    );
    const io = captureIo();
    expect(await runCompare({ a: baseline.file, b: other.file, force: true }, io)).toBe(0);
    expect(io.err).toContain("warning:");
    expect(io.out).toContain("significant at 0.05");
  });

  it("excludes errored records from the pairing and counts them", async () => {
    const errored = editRun(await makeRun(dir.path, "errored", { backend: "baseline" }), (r) => {
      const record = r.records[0];
      if (record)
        Object.assign(record, { status: "error", verdict: null, output: null, error: "Error: boom" });
    });
    const io = captureIo();
    await runCompare({ a: baseline.file, b: errored.file }, io);
    expect(io.out).toContain("excluded: 1 pairs with an error (0 in A, 1 in B, 0 in both)");
  });

  it("warns when the batch sizes differ", async () => {
    const batched = editRun(await makeRun(dir.path, "batched", { backend: "baseline" }), (r) => {
      r.config.batch_size = 8;
    });
    const io = captureIo();
    await runCompare({ a: baseline.file, b: batched.file }, io);
    expect(io.err).toContain("batch sizes differ (– vs 8)");
  });
});
