import { describe, expect, it } from "vitest";
import { RATINGS, type Rating } from "../../rating.js";
import { intervalWhisker, ratingBar } from "./charts.js";
import { heatClass } from "./style.js";

const numbers = (svg: string, pattern: RegExp) => [...svg.matchAll(pattern)].map((m) => Number(m[1]));

describe("intervalWhisker", () => {
  it("puts the mean and the interval's ends on the metric's scale", () => {
    const svg = intervalWhisker({ n: 4, mean: 10, low: 5, high: 15 }, 20, "#123456", "m: 10.0", 108).value;
    // 4 px padding each side: x = 4 + value / max × 100.
    expect(numbers(svg, /cx="([\d.]+)"/g)).toEqual([54]);
    expect(numbers(svg, /x1="([\d.]+)"/g)).toEqual([29, 29, 79]);
    expect(svg).toContain("<title>m: 10.0</title>");
  });

  it("clamps values outside the scale and draws only the track without a mean", () => {
    const svg = intervalWhisker({ n: 1, mean: 25, low: -1, high: 30 }, 20, "#000", "x", 108).value;
    expect(numbers(svg, /cx="([\d.]+)"/g)).toEqual([104]);
    expect(numbers(svg, /x1="([\d.]+)"/g)).toEqual([4, 4, 104]);
    const empty = intervalWhisker({ n: 0, mean: null, low: null, high: null }, 20, "#000", "x").value;
    expect(empty).not.toContain("<circle");
  });
});

describe("ratingBar", () => {
  it("stacks the shares worst first, leaving out empty ratings, across the full width", () => {
    const shares = Object.fromEntries(RATINGS.map((r) => [r, 0])) as Record<Rating, number>;
    shares["Extremely Bad"] = 0.25;
    shares.Good = 0.75;
    const svg = ratingBar(shares, 4, 200).value;
    expect(numbers(svg, /class="segment" x="([\d.]+)"/g)).toEqual([0, 50]);
    expect(numbers(svg, /class="segment" x="[\d.]+" y="0" width="([\d.]+)"/g)).toEqual([50, 150]);
    expect(svg).toContain("<title>Good: 75% of 4 rated</title>");
    expect(ratingBar(null, 0).value).toContain("no ratings");
  });
});

describe("heatClass", () => {
  it("maps a place on the scale to one of 21 classes", () => {
    expect([0, 0.024, 0.026, 0.5, 1].map(heatClass)).toEqual([
      "heat-0",
      "heat-0",
      "heat-1",
      "heat-10",
      "heat-20",
    ]);
  });
});
