import { describe, expect, it } from "vitest";
import { wilsonInterval } from "./wilson.js";

// Reference values: R `binom::binom.wilson(x, n)` (no continuity correction), to 7 places.
describe("wilsonInterval", () => {
  it.each([
    [1, 10, 0.0178762, 0.40415],
    [5, 10, 0.2365931, 0.7634069],
    [0, 10, 0, 0.2775328],
    [10, 10, 0.7224672, 1],
  ])("%i/%i → [%f, %f]", (k, n, lo, hi) => {
    const [l, h] = wilsonInterval(k, n);
    expect(l).toBeCloseTo(lo, 6);
    expect(h).toBeCloseTo(hi, 6);
  });

  it("is the whole unit interval when there are no trials", () => {
    expect(wilsonInterval(0, 0)).toEqual([0, 1]);
  });

  it("stays inside [0, 1] and contains the point estimate", () => {
    for (let n = 1; n <= 50; n++) {
      for (let k = 0; k <= n; k++) {
        const [lo, hi] = wilsonInterval(k, n);
        expect(lo).toBeGreaterThanOrEqual(0);
        expect(hi).toBeLessThanOrEqual(1);
        expect(lo).toBeLessThanOrEqual(k / n + 1e-12);
        expect(hi).toBeGreaterThanOrEqual(k / n - 1e-12);
      }
    }
  });
});
