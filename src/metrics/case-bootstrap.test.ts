import { describe, expect, it } from "vitest";
import { caseClusteredMean } from "./case-bootstrap.js";
import { wilsonInterval } from "./wilson.js";

const settings = { samples: 2000, level: 0.95, seed: 7 };
const identity = (v: number | null) => v;

describe("caseClusteredMean", () => {
  it("weighs every unit once, however its case is split: (1 + 0 + 1) / 3", () => {
    expect(caseClusteredMean([[1, 0], [1]], identity, settings).value).toBeCloseTo(2 / 3, 15);
  });

  it("leaves units without a value out of the mean and the count", () => {
    const estimate = caseClusteredMean([[1, null], [0, null], [null]], identity, settings);
    expect(estimate.value).toBe(0.5);
    expect(estimate.units).toBe(2);
    expect(caseClusteredMean([[null]], identity, settings)).toEqual({
      value: null,
      low: null,
      high: null,
      units: 0,
    });
  });

  it("resamples cases: two cases worth 0 and 1 give the means 0, 1/2, 1, so the 95% interval is [0, 1]", () => {
    const estimate = caseClusteredMean([[0], [1]], identity, settings);
    expect([estimate.low, estimate.high]).toEqual([0, 1]);
  });

  it("is reproducible for a seed, collapses for identical cases, and skips the interval with 0 samples", () => {
    const cases = [[1, 0, 1], [0], [1, 1], [0, 0, 1]];
    expect(caseClusteredMean(cases, identity, settings)).toEqual(
      caseClusteredMean(cases, identity, settings),
    );
    expect(caseClusteredMean([[0.5], [0.5], [0.5]], identity, settings)).toMatchObject({
      low: 0.5,
      high: 0.5,
    });
    expect(caseClusteredMean(cases, identity, { ...settings, samples: 0 })).toMatchObject({
      low: null,
      high: null,
    });
  });

  it("does not narrow when attempts repeat a case's verdict, where Wilson over K×N would (docs/statistics.md)", () => {
    // 40 cases, 24 passing, answered identically K = 1 and K = 4 times: no new information about the corpus.
    const verdicts = Array.from({ length: 40 }, (_, i) => (i < 24 ? 1 : 0));
    const once = caseClusteredMean(
      verdicts.map((v) => [v]),
      identity,
      settings,
    );
    const fourTimes = caseClusteredMean(
      verdicts.map((v) => [v, v, v, v]),
      identity,
      settings,
    );
    expect([fourTimes.low, fourTimes.high]).toEqual([once.low, once.high]);
    const [low1, high1] = wilsonInterval(24, 40);
    const [low4, high4] = wilsonInterval(96, 160);
    expect((high1 - low1) / (high4 - low4)).toBeGreaterThan(1.9);
  });
});
