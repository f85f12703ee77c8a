import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Attempt } from "./attempts.js";
import { summarizeRepeats } from "./repeat-summary.js";

const settings = { samples: 400, level: 0.95, seed: 9 };
const unit = (case_id: string, protocol: string, verdicts: string): Attempt[] =>
  [...verdicts].map((v, attempt) => ({ case_id, protocol, attempt, passed: v === "E" ? null : v === "P" }));

describe("summarizeRepeats", () => {
  // Case x: json P P F, xml P P P. Case y: json F E F (one error).
  const attempts = [...unit("x", "json", "PPF"), ...unit("x", "xml", "PPP"), ...unit("y", "json", "FEF")];
  const summary = summarizeRepeats(attempts, settings);

  it("counts units, cases, repeats and errors", () => {
    expect(summary).toMatchObject({ units: 3, cases: 2, repeats: 3, errored: 1, level: 0.95 });
  });

  it("scores the mean of the units' pass shares: (2/3 + 1 + 0)/3 = 5/9, the same as pass@1 and pass^1", () => {
    expect(summary.score.value).toBeCloseTo(5 / 9, 15);
    expect(summary.pass[0]?.pass_at_k.value).toBe(summary.score.value);
    expect(summary.pass[0]?.pass_hat_k.value).toBe(summary.score.value);
  });

  it("gives pass^3 over units with three scored attempts: x/json 0, x/xml 1, so 1/2", () => {
    expect(summary.pass.map((p) => p.k)).toEqual([1, 2, 3]);
    expect(summary.pass[2]?.pass_hat_k).toMatchObject({ value: 0.5, units: 2 });
    expect(summary.pass[2]?.pass_at_k).toMatchObject({ value: 1, units: 2 });
  });

  it("rates flips per unit (2/3, 0, 0) and lists the one unstable unit", () => {
    expect(summary.flip_rate.value).toBeCloseTo(2 / 9, 15);
    expect(summary.instability).toMatchObject({
      units: 3,
      cases: 1,
      list: [{ case_id: "x", protocol: "json" }],
    });
  });

  it("scores each repeat: 2/3, 2/2, 1/3, and their deviation", () => {
    expect(summary.run_to_run.per_repeat.map((r) => r.score)).toEqual([2 / 3, 1, 1 / 3]);
    expect(summary.run_to_run.sd).toBeCloseTo(1 / 3, 15);
  });

  it("does not depend on the order of the attempts (property)", () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(attempts, { minLength: attempts.length }), (shuffled) => {
        expect(summarizeRepeats(shuffled, settings)).toEqual(summary);
      }),
      { seed: 31, numRuns: 30 },
    );
  });

  it("gives the numbers of docs/statistics.md's worked example", () => {
    const table = { c1: "PPP", c2: "PPF", c3: "PFF", c4: "FFF" };
    const example = summarizeRepeats(
      Object.entries(table).flatMap(([id, verdicts]) => unit(id, "json", verdicts)),
      settings,
    );
    expect(example.score.value).toBeCloseTo(0.5, 15);
    const [, two, three] = example.pass;
    expect([two?.pass_at_k.value, two?.pass_hat_k.value]).toEqual([2 / 3, 1 / 3]);
    expect([three?.pass_at_k.value, three?.pass_hat_k.value]).toEqual([0.75, 0.25]);
    expect(example.flip_rate.value).toBeCloseTo(1 / 3, 15);
    expect(example.instability.share).toBe(0.5);
    expect(example.instability.list.map((u) => u.case_id)).toEqual(["c2", "c3"]);
    expect(example.run_to_run.per_repeat.map((r) => r.score)).toEqual([0.75, 0.5, 0.25]);
    expect(example.run_to_run.sd).toBeCloseTo(0.25, 15);
    expect(example.run_to_run.low).toBeCloseTo(0.13, 2);
    expect(example.run_to_run.high).toBeCloseTo(1.57, 2);
    expect(example.run_to_run.implied.value).toBeCloseTo(Math.sqrt(1 / 24), 15);
  });
});
