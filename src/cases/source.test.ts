import { describe, expect, it } from "vitest";
import { difficultyOf, SourceEntrySchema } from "./source.js";

const entry = {
  id: "calculator-en-99",
  difficulty: "medium",
  complications: ["rewritten"],
  user: "What's 15% of 80?",
  expect: { call: { name: "calculator", arguments: { expression: "0.15 * 80" } } },
};

describe("the difficulty rule", () => {
  it("counts complications: none is easy, one is medium, two or more are hard", () => {
    expect(difficultyOf([])).toBe("easy");
    expect(difficultyOf(["noise"])).toBe("medium");
    expect(difficultyOf(["noise", "distractor"])).toBe("hard");
    expect(difficultyOf(["inferred", "rewritten", "noise", "distractor"])).toBe("hard");
  });

  it("accepts a label that follows the rule, and an easy case with nothing listed", () => {
    expect(SourceEntrySchema.safeParse(entry).success).toBe(true);
    const { complications: _, ...bare } = entry;
    expect(SourceEntrySchema.safeParse({ ...bare, difficulty: "easy" }).success).toBe(true);
  });

  it("rejects a label the listed complications do not give, naming the field and the rule's answer", () => {
    const result = SourceEntrySchema.safeParse({ ...entry, difficulty: "hard" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ["difficulty"] });
    expect(result.error?.issues[0]?.message).toContain("expected medium");
  });

  it("rejects an unknown or repeated complication", () => {
    expect(SourceEntrySchema.safeParse({ ...entry, complications: ["tricky"] }).success).toBe(false);
    const twice = SourceEntrySchema.safeParse({
      ...entry,
      difficulty: "hard",
      complications: ["noise", "noise"],
    });
    expect(twice.success).toBe(false);
  });
});
