import { describe, expect, it } from "vitest";
import type { Attempt } from "./attempts.js";
import { compareRepeatedRuns } from "./noise-compare.js";
import { formatPValue, noiseVerdictLine } from "./noise-verdict.js";

const quick = { bootstrap: { samples: 300, level: 0.95, seed: 5 } };
const runOf = (verdicts: readonly string[], protocol = "json"): Attempt[] =>
  verdicts.flatMap((v, i) =>
    [...v].map((mark, attempt) => ({ case_id: `c${i}`, protocol, attempt, passed: mark === "P" })),
  );

describe("noiseVerdictLine", () => {
  it("says within noise, with the difference, interval, test and MDE, when the test does not reject", () => {
    const a = runOf(["P", "P", "P", "P", "P", "F", "F", "F", "F", "F"]);
    const b = runOf(["P", "P", "P", "P", "F", "P", "P", "P", "P", "P"]);
    const line = noiseVerdictLine(compareRepeatedRuns(a, b, quick));
    expect(line).toMatch(
      /^within noise: B - A = \+40\.0 points \(95% CI [+-]\d+\.\d to \+\d+\.\d\), p = 0\.2188 \(exact McNemar over 10 cases\); at 80% power this comparison detects differences of \d+\.\d points or more$/,
    );
  });

  it("names the better run, by the labels given, only when the test rejects", () => {
    const worse = runOf(Array(6).fill("FFF"));
    const better = runOf(Array(6).fill("PPP"));
    expect(noiseVerdictLine(compareRepeatedRuns(worse, better, quick), { a: "base", b: "new" })).toMatch(
      /^new is better by 100\.0 points \(95% CI \+100\.0 to \+100\.0\), p = 0\.0313 \(exact sign-flip test over 6 cases\)/,
    );
    expect(noiseVerdictLine(compareRepeatedRuns(better, worse, quick), { a: "base", b: "new" })).toMatch(
      /^base is better by 100\.0 points/,
    );
  });

  it("adds the plan for a target effect: cases at this K, or repeats over these cases", () => {
    const x = runOf(["PPF", "PFF", "PPP", "FFF", "PPP", "FFF", "PFP", "PPF"]);
    const y = runOf(["PFF", "PFF", "PPP", "FFF", "PPF", "FFF", "FFP", "PFF"]);
    const planned = compareRepeatedRuns(x, y, { ...quick, target: 0.2 });
    const { cases, repeats } = planned.target ?? {};
    expect(noiseVerdictLine(planned)).toContain(
      `; to detect 20.0 points: ${cases} cases at K = 3, or K = ${repeats?.repeats} repeats over these 8 cases`,
    );
  });

  it("says when no number of repeats would do, and when single attempts cannot tell", () => {
    const varied = runOf(["P", "F", "P", "F", "P", "F", "P", "P"]);
    const other = runOf(["F", "P", "P", "F", "F", "P", "P", "F"]);
    const single = compareRepeatedRuns(varied, other, { ...quick, target: 0.1 });
    expect(noiseVerdictLine(single)).toContain(
      "or repeats unknown (single attempts cannot tell attempt noise from case differences)",
    );
    const fixed = compareRepeatedRuns(runOf(["PP", "FF", "PP", "FF"]), runOf(["FF", "PP", "PP", "FF"]), {
      ...quick,
      target: 0.1,
    });
    expect(fixed.target?.repeats).toEqual({ repeats: null, reason: "cases-limit" });
    expect(noiseVerdictLine(fixed)).toContain(
      "no number of repeats over these 4 cases (they differ from case to case by more)",
    );
  });

  it("says so when nothing pairs", () => {
    expect(noiseVerdictLine(compareRepeatedRuns(runOf(["P"]), runOf(["P"], "xml"), quick))).toBe(
      "no paired attempts: the runs share no scored (case, protocol)",
    );
  });

  it("prints p to four places, and small ones in exponent form", () => {
    expect(formatPValue(0.21875)).toBe("0.2188");
    expect(formatPValue(0.00031)).toBe("3.1e-4");
  });
});
