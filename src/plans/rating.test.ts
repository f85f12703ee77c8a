import { describe, expect, it } from "vitest";
import { inTier, ratingFromF1, tierOf } from "./rating.js";

describe("rating from F1", () => {
  it.each([
    [1, "Extremely Good"],
    [0.951, "Extremely Good"],
    [0.95, "Very Good"],
    [0.86, "Very Good"],
    [0.85, "Good"],
    [0.8, "Good"],
    [0.75, "Acceptable"],
    [2 / 3, "Acceptable"],
    [0.6, "Bad"],
    [0.45, "Very Bad"],
    [0.31, "Very Bad"],
    [0.3, "Extremely Bad"],
    [0, "Extremely Bad"],
    [null, "Extremely Bad"],
  ] as const)("%s → %s (bounds are strict)", (f1, rating) => {
    expect(ratingFromF1(f1)).toBe(rating);
  });

  it("does not let float noise cross a bound", () => {
    expect(ratingFromF1((2 * 17) / 40)).toBe("Good");
  });

  it("has cumulative tiers", () => {
    expect(tierOf("Extremely Good")).toBe("A+");
    expect(tierOf("Very Good")).toBe("A+");
    expect(tierOf("Good")).toBe("A");
    expect(tierOf("Acceptable")).toBe("B");
    expect(tierOf("Bad")).toBeNull();
    expect(inTier("Very Good", "B")).toBe(true);
    expect(inTier("Good", "A+")).toBe(false);
  });
});
