import { describe, expect, it } from "vitest";
import { applyCorrection } from "./correction.js";

describe("applyCorrection", () => {
  it("replaces the last number before a bare numeric correction", () => {
    expect(applyCorrection("Set a timer for 5 minutes. Actually no, make it 7.")).toBe(
      "Set a timer for 7 minutes.",
    );
    expect(applyCorrection("Поставь таймер на 5 минут, хотя нет, давай на 8.")).toBe(
      "Поставь таймер на 8 минут,",
    );
    expect(applyCorrection("Set a timer for five minutes — wait, 6 minutes instead.")).toBe(
      "set a timer for 6 minutes —",
    );
  });

  it("leaves a message alone without a marker, or when the correction is more than a number", () => {
    expect(applyCorrection("Set a timer for 5 minutes.")).toBe("Set a timer for 5 minutes.");
    expect(applyCorrection("Actually, what's 5 + 5?")).toBe("Actually, what's 5 + 5?");
    expect(applyCorrection("Translate it into Spanish, actually no, into Portuguese.")).toBe(
      "Translate it into Spanish, actually no, into Portuguese.",
    );
  });
});
