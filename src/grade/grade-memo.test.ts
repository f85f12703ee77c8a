/**
 * The grader prepares what depends on the case alone once per case object (offered tools, normalised expected values,
 * compiled constraints and mentions, BFCL's question) and reads an output once for both verdicts. None of that may
 * change a verdict: for every case × protocol × output variant, under every profile, a warm grader (every cache
 * filled by grading everything once before) gives byte for byte the verdict of a cold one: a fresh instance of the
 * grader's modules, grading a fresh copy of each case, in the reverse order (so a cache that leaked between cases
 * would show as a difference too).
 */
import { describe, expect, it, vi } from "vitest";
import { loadCases } from "../cases/load.js";
import { type Case, PROTOCOLS } from "../cases/schema.js";
import { extractCalls, readsAsDefaults } from "../extract/index.js";
import { DEFAULT_CASES_FILE } from "../paths.js";
import { offeredTools } from "./offered.js";
import type { Output } from "./output.js";
import { GRADING_PROFILES, gradingProfile } from "./profiles.js";
import { outputVariants } from "./test-support/output-variants.js";
import type { Verdict } from "./verdict.js";

const cases = loadCases(DEFAULT_CASES_FILE);

const work: { testCase: Case; output: Output }[] = cases.flatMap((testCase, index) => {
  const other = cases[(index + 7) % cases.length] as Case;
  return PROTOCOLS.flatMap((protocol) =>
    outputVariants(testCase, protocol, other).map((output) => ({
      testCase,
      output: { id: testCase.id, protocol, output },
    })),
  );
});

/** The grader of that profile in a fresh instance of every module: no cache has seen anything. */
async function freshGrader(profile: string): Promise<{ grade(testCase: Case, output: Output): Verdict }> {
  vi.resetModules();
  const fresh: typeof import("./profiles.js") = await import("./profiles.js");
  return fresh.gradingProfile(profile);
}

describe.each(GRADING_PROFILES)("the %s profile's caches never change a verdict", (profile) => {
  it("grades every case × protocol × variant warm exactly as cold", async () => {
    const grader = gradingProfile(profile);
    for (const { testCase, output } of work) grader.grade(testCase, output);
    const cold = await freshGrader(profile);
    const coldLines = work
      .toReversed()
      .map(({ testCase, output }) => JSON.stringify(cold.grade(structuredClone(testCase), output)))
      .reverse();
    const reasons = new Set<string>();
    let passed = 0;
    const differing: string[] = [];
    work.forEach(({ testCase, output }, index) => {
      const warm = grader.grade(testCase, output);
      const warmLine = JSON.stringify(warm);
      if (warmLine !== coldLines[index]) differing.push(`${warmLine}\n  cold: ${coldLines[index]}`);
      reasons.add(warm.reason.replace(/[:(].*/, ""));
      if (warm.passed) passed++;
    });
    expect(differing.slice(0, 3)).toEqual([]);
    // Not vacuous: the variants reach passes and failures of many kinds.
    expect(passed).toBeGreaterThan(work.length / 10);
    expect(work.length - passed).toBeGreaterThan(work.length / 2);
    expect(reasons.size).toBeGreaterThan(profile === "bfcl" ? 8 : 12);
    // Three gradings of ~22,000 outputs, one of them cold with every case copied: tens of seconds on a loaded machine.
  }, 120_000);
});

describe("reading an output once for both verdicts", () => {
  it("is done only when the default options would read it alike (readsAsDefaults is sound)", () => {
    let reused = 0;
    for (const { testCase, output } of work) {
      const tools = offeredTools(testCase);
      for (const plainLine of [true, false]) {
        for (const mentions of [true, false]) {
          for (const dialects of [true, false]) {
            const extraction = extractCalls(output.output, { tools, plainLine, mentions, dialects });
            if (!readsAsDefaults(output.output, extraction)) continue;
            reused++;
            expect(extraction, output.output).toStrictEqual(extractCalls(output.output, { tools }));
          }
        }
      }
    }
    expect(reused).toBeGreaterThan(work.length);
  }, 120_000);
});
