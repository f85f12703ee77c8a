import { describe, expect, it } from "vitest";
import type { ResponseScores } from "../../plans/answer-records.js";
import { applyGating, decide, decisionWinners, normaliseDecision } from "./decide.js";

const LABELS = ["R1", "R2", "R3"];
const s = (
  validity: 0 | 1,
  consistency: 0 | 1,
  completeness: number,
  redundancy: number,
): ResponseScores => ({
  validity,
  consistency,
  completeness,
  redundancy,
});

describe("applyGating", () => {
  it("sets an invalid response to consistency 0, completeness 1, redundancy 7 and notes each change", () => {
    const { scores, notes } = applyGating({ R1: s(0, 1, 5, 3) });
    expect(scores.R1).toEqual(s(0, 0, 1, 7));
    expect(notes).toEqual([
      { label: "R1", field: "consistency", raw: 1, gated: 0 },
      { label: "R1", field: "completeness", raw: 5, gated: 1 },
      { label: "R1", field: "redundancy", raw: 3, gated: 7 },
    ]);
  });

  it("gives a valid but off-topic response completeness 1", () => {
    const { scores, notes } = applyGating({ R2: s(1, 0, 4, 6) });
    expect(scores.R2).toEqual(s(1, 0, 1, 6));
    expect(notes).toEqual([{ label: "R2", field: "completeness", raw: 4, gated: 1 }]);
  });

  it("leaves scores that already follow the rules alone", () => {
    const raw = { R1: s(0, 0, 1, 7), R2: s(1, 1, 6, 2), R3: s(1, 0, 1, 5) };
    expect(applyGating(raw)).toEqual({ scores: raw, notes: [] });
  });
});

describe("decide", () => {
  it("is Neither when every response is invalid or off-topic", () => {
    expect(decide({ R1: s(0, 0, 1, 7), R2: s(1, 0, 1, 7), R3: s(0, 0, 1, 7) }, LABELS)).toEqual({
      decision: "Neither",
      winners: [],
    });
  });

  it("is All when all three tie on completeness and redundancy", () => {
    expect(decide({ R1: s(1, 1, 5, 6), R2: s(1, 1, 5, 6), R3: s(1, 1, 5, 6) }, LABELS)).toEqual({
      decision: "All",
      winners: LABELS,
    });
  });

  it("names the pair tied for best, in label order", () => {
    expect(decide({ R1: s(1, 1, 6, 4), R2: s(1, 1, 5, 7), R3: s(1, 1, 6, 4) }, LABELS).decision).toBe(
      "R1,R3",
    );
  });

  it("names a pair when the third response dropped out and the other two tie", () => {
    expect(decide({ R1: s(1, 1, 3, 3), R2: s(0, 0, 1, 7), R3: s(1, 1, 3, 3) }, LABELS)).toEqual({
      decision: "R1,R3",
      winners: ["R1", "R3"],
    });
  });

  it("picks the single best by completeness, then redundancy", () => {
    expect(decide({ R1: s(1, 1, 5, 7), R2: s(1, 1, 6, 1), R3: s(1, 1, 4, 7) }, LABELS).decision).toBe("R2");
    expect(decide({ R1: s(1, 1, 6, 5), R2: s(1, 1, 6, 6), R3: s(1, 1, 6, 4) }, LABELS).decision).toBe("R2");
  });

  it("never lets a dropped response win, whatever its scores", () => {
    expect(decide({ R1: s(1, 0, 7, 7), R2: s(1, 1, 2, 2), R3: s(0, 1, 7, 7) }, LABELS).decision).toBe("R2");
  });

  it("calls a tie of both responses All when there are only two", () => {
    expect(decide({ A: s(1, 1, 4, 4), B: s(1, 1, 4, 4) }, ["A", "B"]).decision).toBe("All");
  });
});

describe("normaliseDecision and decisionWinners", () => {
  it.each([
    ["R2", "R2"],
    [" r3, R1 ", "R1,R3"],
    ["all", "All"],
    ["NEITHER", "Neither"],
    ["R1,R2,R3", "All"],
    ["R4", null],
    ["R1,R1", null],
    ["", null],
    ["R1 and R2", null],
  ])("%j → %j", (text, expected) => {
    expect(normaliseDecision(text, LABELS)).toBe(expected);
  });

  it("lists the labels a decision names", () => {
    expect(decisionWinners("All", LABELS)).toEqual(LABELS);
    expect(decisionWinners("Neither", LABELS)).toEqual([]);
    expect(decisionWinners("R1,R3", LABELS)).toEqual(["R1", "R3"]);
  });
});
