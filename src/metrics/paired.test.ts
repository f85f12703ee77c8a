import { describe, expect, it } from "vitest";
import { type PairableRecord, pairRuns } from "./paired.js";

const scored = (id: string, protocol: string, passed: boolean): PairableRecord => ({
  id,
  protocol,
  status: "scored",
  verdict: { passed },
});
const errored = (id: string, protocol: string): PairableRecord => ({
  id,
  protocol,
  status: "error",
  verdict: null,
});

describe("pairRuns", () => {
  it("builds the 2×2 table per protocol and overall, with the flips each way", () => {
    const a = [
      scored("a-en-01", "json", true),
      scored("a-en-01", "xml", true),
      scored("a-en-02", "json", false),
      scored("a-en-02", "xml", true),
      scored("a-en-03", "json", false),
    ];
    const b = [
      scored("a-en-01", "json", true),
      scored("a-en-01", "xml", false),
      scored("a-en-02", "json", true),
      scored("a-en-02", "xml", true),
      scored("a-en-03", "json", false),
    ];
    const result = pairRuns(a, b);
    expect(result.overall).toMatchObject({ pairs: 5, both_passed: 2, both_failed: 1 });
    expect(result.overall.a_passed_b_failed).toEqual([{ id: "a-en-01", protocol: "xml" }]);
    expect(result.overall.a_failed_b_passed).toEqual([{ id: "a-en-02", protocol: "json" }]);
    expect(result.overall.p_value).toBe(1);
    expect(Object.keys(result.by_protocol)).toEqual(["json", "xml"]);
    expect(result.by_protocol.json).toMatchObject({ pairs: 3, both_passed: 1, both_failed: 1 });
  });

  it("excludes errors from the pairing and counts them, and counts unpaired records", () => {
    const a = [errored("x-en-01", "json"), scored("x-en-02", "json", true), errored("x-en-03", "json")];
    const b = [scored("x-en-01", "json", true), errored("x-en-02", "json"), errored("x-en-03", "json")];
    b.push(scored("x-en-04", "json", true));
    const result = pairRuns(a, b);
    expect(result.overall.pairs).toBe(0);
    expect(result.excluded).toEqual({ error_in_a: 1, error_in_b: 1, error_in_both: 1 });
    expect(result.unpaired).toEqual({ only_in_a: 0, only_in_b: 1 });
  });

  it("gives the exact p-value of the discordant counts", () => {
    const a = Array.from({ length: 12 }, (_, i) => scored(`c-en-${i}`, "json", i < 10));
    const b = Array.from({ length: 12 }, (_, i) => scored(`c-en-${i}`, "json", i >= 10));
    expect(pairRuns(a, b).overall.p_value).toBeCloseTo(0.03857421875, 12);
  });
});
