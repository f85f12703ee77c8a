import { describe, expect, it } from "vitest";
import { mentioned, mentions, type Vocabulary } from "./mentions.js";

const vocabulary: Vocabulary = new Map([
  ["team", ["Billing Support", "Tier 2", "Retention"]],
  ["site", ["Kraków", "Manila"]],
  ["call_driver", ["billing dispute", "refund", "activation"]],
  ["queue", ["Billing", "Billing Support Queue"]],
]);

describe("mentions", () => {
  it.each([
    ["Most came from Krakow.", "Kraków", "site", true],
    ["KRAKÓW led", "Kraków", "site", true],
    ["billing disputes rose", "billing dispute", "call_driver", true],
    ["refunds and refund requests", "refund", "call_driver", true],
    ["Tier 20 is not a team", "Tier 2", "team", false],
    ["Tier 2 escalated most", "Tier 2", "team", true],
    ["reactivation", "activation", "call_driver", false],
    ["Calls peak at 2 pm", "14", "hour", true],
    ["Calls peak at 14:00", "14", "hour", true],
    ["Calls peak at 4 pm", "14", "hour", false],
    ["140 calls", "14", "hour", false],
  ] as const)("%j mentions %s (%s): %s", (text, name, kind, expected) => {
    expect(mentions(text, name, kind)).toBe(expected);
  });

  it("counts a name once, not again inside a longer name that was mentioned", () => {
    expect(mentioned("Billing Support Queue took most", "queue", vocabulary)).toEqual([
      "Billing Support Queue",
    ]);
    expect(mentioned("Billing and Billing Support Queue", "queue", vocabulary).sort()).toEqual([
      "Billing",
      "Billing Support Queue",
    ]);
    expect(mentioned("Retention beat Tier 2", "team", vocabulary).sort()).toEqual(["Retention", "Tier 2"]);
  });
});
