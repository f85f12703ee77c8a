import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseInsights } from "./insights.js";

describe("parseInsights", () => {
  it("reads a markdown table in any column order, shares as fractions or percents", () => {
    const text = [
      "Customers mostly complain about slow refunds.",
      "",
      "| Share | Topic | Interaction IDs | Description |",
      "|---|---|---|---|",
      "| 40% | Slow refunds | IX0000001, IX0000002 | waiting for money |",
      "| 0.1 | Rude agent | IX0000003 IX0000003 | tone |",
      "",
      "That is all.",
    ].join("\n");
    expect(parseInsights(text)).toEqual({
      text: "Customers mostly complain about slow refunds.",
      insights: [
        {
          topic: "Slow refunds",
          description: "waiting for money",
          interaction_ids: ["IX0000001", "IX0000002"],
          share: 0.4,
        },
        { topic: "Rude agent", description: "tone", interaction_ids: ["IX0000003"], share: 0.1 },
      ],
    });
  });

  it("reads the same rows as JSON, and keeps only well-formed ids", () => {
    const parsed = parseInsights(
      'Answer.\n```json\n[{"topic": "Fees", "description": "late fees", "interaction_ids": ["IX0000009", "not-an-id"], "share": 25}]\n```',
    );
    expect(parsed?.insights).toEqual([
      { topic: "Fees", description: "late fees", interaction_ids: ["IX0000009"], share: 0.25 },
    ]);
  });

  it("has nothing to read in prose without a table", () => {
    expect(parseInsights("Customers are unhappy about fees.")).toBeNull();
  });

  it("never throws on any text (property)", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 400 }),
        fc.array(fc.string({ maxLength: 20 }), { maxLength: 6 }),
        (text, cells) => {
          parseInsights(text);
          parseInsights(`| topic | interaction_ids |\n| ${cells.join(" | ")} |\n${text}`);
        },
      ),
      { seed: 29, numRuns: 500 },
    );
  });
});
