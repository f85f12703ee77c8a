/**
 * A run's grader and its verdict cache: a profile option is part of the grader's identity (a verdict under
 * `bfclMode: fc` is never served to a `prompt` grader), and a verdict from the cache equals the fresh one.
 */
import { afterAll, describe, expect, it } from "vitest";
import { loadCases } from "../cases/load.js";
import { gradingProfile } from "../grade/profiles.js";
import { DEFAULT_CASES_FILE } from "../paths.js";
import { tempDir } from "../test-support/temp.js";
import { runGrader } from "./cached-grader.js";

const dir = tempDir("tooluse-cached-grader-");
afterAll(() => dir.remove());
const [testCase] = loadCases(DEFAULT_CASES_FILE);
if (testCase === undefined) throw new Error("no case");
const output = { id: testCase.id, protocol: "json" as const, output: "get_weather(city='Rome')" };

async function gradeOnce(options: Parameters<typeof runGrader>[1]) {
  const grader = runGrader("tooluse", options);
  const verdict = await grader.grade(testCase as NonNullable<typeof testCase>, output);
  grader.finish();
  return { verdict, reused: grader.reused() };
}

describe("runGrader", () => {
  it("reuses a verdict under the same options only, and the reused verdict is the fresh one", async () => {
    const cacheDir = dir.path;
    const fresh = gradingProfile("tooluse").grade(testCase, output);
    expect(await gradeOnce({ cacheDir })).toEqual({ verdict: fresh, reused: 0 });
    expect(await gradeOnce({ cacheDir })).toEqual({ verdict: fresh, reused: 1 });
    const fc = await gradeOnce({ cacheDir, profile: { bfclMode: "fc" } });
    expect(fc.reused).toBe(0);
    expect(fc.verdict).toEqual(gradingProfile("tooluse", { bfclMode: "fc" }).grade(testCase, output));
    expect((await gradeOnce({ cacheDir, profile: { bfclMode: "fc" } })).reused).toBe(1);
  });

  it("without a cache folder grades every time", async () => {
    expect((await gradeOnce({ cacheDir: null })).reused).toBe(0);
    expect((await gradeOnce({ cacheDir: null })).reused).toBe(0);
  });
});
