import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { drawAttempts, simulatedCorpus } from "../test-support/simulated-attempts.js";
import type { Attempt } from "./attempts.js";
import { pooledMcNemar } from "./cluster-sign-flip.js";
import { mcnemarExact } from "./mcnemar.js";
import { compareRepeatedRuns } from "./noise-compare.js";
import { type PairableRecord, pairRuns } from "./paired.js";
import { mulberry32 } from "./random.js";

const quick = { bootstrap: { samples: 300, level: 0.95, seed: 5 } };

/** One unit per case from pass/fail strings: runs(["PF", "FF"]) is case c0 with P, F and case c1 with F, F. */
const runOf = (verdicts: readonly string[], protocol = "json"): Attempt[] =>
  verdicts.flatMap((v, i) =>
    [...v].map((mark, attempt) => ({
      case_id: `c${i}`,
      protocol,
      attempt,
      passed: mark === "E" ? null : mark === "P",
    })),
  );

const toRecords = (attempts: readonly Attempt[]): PairableRecord[] =>
  attempts.map((a) => ({
    id: a.case_id,
    protocol: a.protocol,
    status: a.passed === null ? "error" : "scored",
    verdict: a.passed === null ? null : { passed: a.passed },
  }));

describe("compareRepeatedRuns with single attempts", () => {
  // Ten cases: both pass c0–c3, only A passes c4, only B passes c5–c9.
  const a = runOf(["P", "P", "P", "P", "P", "F", "F", "F", "F", "F"]);
  const b = runOf(["P", "P", "P", "P", "F", "P", "P", "P", "P", "P"]);
  const result = compareRepeatedRuns(a, b, quick);

  it("is the exact McNemar test on one protocol: b = 1, c = 5, p = 2·(1 + 6)/2⁶ = 14/64", () => {
    expect(result.test).toMatchObject({
      method: "mcnemar-exact",
      p_value: mcnemarExact(1, 5),
      informative: 6,
    });
    expect(result.test.p_value).toBeCloseTo(0.21875, 15);
    expect(result.kind).toBe("within-noise");
    expect(result.difference.value).toBeCloseTo(0.4, 15);
    expect([result.a.value, result.b.value]).toEqual([0.5, 0.9]);
    expect(result.discordance).toBeCloseTo(0.6, 15);
  });

  it("pools protocols as paired.ts's table would, through the case-clustered test (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (seed) => {
        const random = mulberry32(seed);
        const corpus = simulatedCorpus(40, () => random());
        const [runA, runB] = [drawAttempts(corpus, 1, random), drawAttempts(corpus, 1, random)];
        const pooled = pooledMcNemar(pairRuns(toRecords(runA), toRecords(runB)).overall);
        expect(compareRepeatedRuns(runA, runB, quick).test.p_value).toBeCloseTo(pooled.p_value, 12);
      }),
      { seed: 31, numRuns: 40 },
    );
  });
});

describe("compareRepeatedRuns with repeats", () => {
  it("finds six cases that went from 0/3 to 3/3 (p = 2/2⁶), but not five (2/2⁵)", () => {
    const six = compareRepeatedRuns(runOf(Array(6).fill("FFF")), runOf(Array(6).fill("PPP")), quick);
    expect(six).toMatchObject({ kind: "b-better", test: { p_value: 0.03125, method: "sign-flip-exact" } });
    expect(six.difference.value).toBe(1);
    const five = compareRepeatedRuns(runOf(Array(5).fill("FFF")), runOf(Array(5).fill("PPP")), quick);
    expect(five).toMatchObject({ kind: "within-noise", test: { p_value: 0.0625 } });
  });

  it("says identical runs are within noise, with no attempt noise in deterministic runs", () => {
    const run = runOf(["PPP", "FFF", "PPP", "PPP"]);
    const same = compareRepeatedRuns(run, run, quick);
    expect(same).toMatchObject({ kind: "within-noise", test: { p_value: 1 }, discordance: 0 });
    expect(same.difference).toMatchObject({ value: 0, low: 0, high: 0 });
    expect(same.noise).toMatchObject({ within: { a: 0, b: 0 }, attempt_noise: 0, variance: 0 });
    // Nothing varied, so the floor: six one-sided one-attempt moves over 4 units × 3 attempts.
    expect(same.mde).toBeCloseTo(6 / 12, 15);
  });

  it("measures the attempt noise of each run: c(n − c)/(n(n − 1)) averaged over units", () => {
    const result = compareRepeatedRuns(runOf(["PPF", "PFF", "PPP"]), runOf(["PPPP", "FFFF", "PFPF"]), quick);
    // A: 2·1/6, 1·2/6, 0 → 2/9; B: 0, 0, 2·2/12 → 1/9.
    expect(result.noise.within.a).toBeCloseTo(2 / 9, 15);
    expect(result.noise.within.b).toBeCloseTo(1 / 9, 15);
    expect(result.noise.repeats).toEqual({ a: 3, b: 4 });
    // Pass shares as thirds and quarters, on the whole-number scale 12: still the exact test.
    expect(result.test.method).toBe("sign-flip-exact");
  });

  it("leaves out and counts units scored in one run only, and never scores an error", () => {
    const a = [...runOf(["PP", "PF"]), ...runOf(["PP"], "xml")];
    const b = [...runOf(["PP", "EE"]), ...runOf(["FF", "PP"], "native")];
    const result = compareRepeatedRuns(a, b, quick);
    // Paired: c0/json. Only in A: c1/json (every B attempt errored), c0/xml. Only in B: c0/native, c1/native.
    expect(result.pairs).toEqual({ units: 1, cases: 1, only_in_a: 2, only_in_b: 2 });
  });

  it("plans for a target effect only when asked", () => {
    const run = runOf(["PPF", "PFF", "PPP", "FFF"]);
    expect(compareRepeatedRuns(run, run, quick).target).toBeNull();
    const planned = compareRepeatedRuns(run, run, { ...quick, target: 0.5 });
    expect(planned.target?.effect).toBe(0.5);
    expect(planned.target?.cases).toBeGreaterThan(0);
    expect(planned.target?.repeats).toHaveProperty("repeats");
  });

  it("is the mirror image when A and B swap (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 4 }), (seed, k) => {
        const random = mulberry32(seed);
        const corpus = simulatedCorpus(30, () => random());
        const [a, b] = [drawAttempts(corpus, k, random), drawAttempts(corpus, k, random)];
        const forward = compareRepeatedRuns(a, b, quick);
        const backward = compareRepeatedRuns(b, a, quick);
        expect(backward.difference.value).toBeCloseTo(-(forward.difference.value ?? 0), 12);
        expect(backward.test.p_value).toBeCloseTo(forward.test.p_value, 12);
        expect(backward.mde).toBeCloseTo(forward.mde ?? 0, 12);
        const mirrored = { "within-noise": "within-noise", "a-better": "b-better", "b-better": "a-better" };
        expect(backward.kind).toBe(mirrored[forward.kind]);
      }),
      { seed: 32, numRuns: 40 },
    );
  });

  it("has no difference, test or MDE to report when nothing pairs", () => {
    const result = compareRepeatedRuns(runOf(["P"]), runOf(["P"], "xml"), quick);
    expect(result).toMatchObject({ kind: "within-noise", mde: null, difference: { value: null } });
  });
});
