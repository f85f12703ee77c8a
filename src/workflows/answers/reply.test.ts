import { describe, expect, it } from "vitest";
import { extractObject, readJudgeReply } from "./reply.js";

const LABELS = ["R1", "R2", "R3"];
const scores = (completeness = 5) => ({
  R1: { validity: 1, consistency: 1, completeness, redundancy: 6 },
  R2: { validity: 0, consistency: 0, completeness: 1, redundancy: 7 },
  R3: { validity: 1, consistency: 1, completeness: 4, redundancy: 6 },
});
const reply = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({ rationale: "R1 covers more.", scores: scores(), decision: "R1", ...overrides });

describe("readJudgeReply", () => {
  it("reads a bare reply", () => {
    const read = readJudgeReply(reply(), LABELS);
    expect(read).toEqual({
      ok: true,
      reply: { rationale: "R1 covers more.", scores: scores(), decision: "R1", layout: "json" },
    });
  });

  it("reads a reply in a code fence with prose around it and a reasoning block before it", () => {
    const text = `<think>{"scratch": 1}</think>Here is my verdict:\n\`\`\`json\n${reply()}\n\`\`\`\nThanks.`;
    expect(readJudgeReply(text, LABELS).ok).toBe(true);
  });

  it("takes the last complete object when the judge restates something first", () => {
    const text = `Schema: {"rationale": "..."}\n${reply({ decision: "r1" })}`;
    const read = readJudgeReply(text, LABELS);
    expect(read.ok && read.reply.decision).toBe("R1");
  });

  it("reports an out-of-range score with its path", () => {
    const read = readJudgeReply(reply({ scores: scores(9) }), LABELS);
    expect(read.ok).toBe(false);
    expect(!read.ok && read.issues.join("\n")).toMatch(/^scores\.R1\.completeness: .*7/m);
  });

  it.each([
    [
      "a fractional score",
      { scores: { ...scores(), R3: { ...scores().R3, redundancy: 5.5 } } },
      /scores\.R3\.redundancy/,
    ],
    [
      "a validity of 2",
      { scores: { ...scores(), R1: { ...scores().R1, validity: 2 } } },
      /scores\.R1\.validity/,
    ],
    [
      "a score given as text",
      { scores: { ...scores(), R1: { ...scores().R1, completeness: "5" } } },
      /scores\.R1\.completeness/,
    ],
    ["a missing response", { scores: { R1: scores().R1, R2: scores().R2 } }, /scores\.R3/],
    ["an unknown response", { scores: { ...scores(), R4: scores().R1 } }, /scores: .*R4/],
    ["an unknown decision", { decision: "R2 and R3" }, /decision: "R2 and R3" is not/],
    ["a missing rationale", { rationale: undefined }, /rationale/],
  ])("rejects %s", (_, overrides, message) => {
    const read = readJudgeReply(reply(overrides), LABELS);
    expect(read.ok).toBe(false);
    expect(!read.ok && read.issues.join("\n")).toMatch(message);
  });

  it("finds nothing in prose, in a truncated object or in non-strict JSON", () => {
    expect(extractObject("I think R1 is best.").ok).toBe(false);
    expect(extractObject(reply().slice(0, -10)).ok).toBe(false);
    expect(extractObject("{'rationale': 'x', scores: {}}").ok).toBe(false);
    expect(readJudgeReply("[1, 2]", LABELS)).toEqual({
      ok: false,
      issues: ["no JSON object in the answer"],
    });
  });
});
