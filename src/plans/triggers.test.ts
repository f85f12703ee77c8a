import { describe, expect, it } from "vitest";
import { checkExecutability } from "./checks/executability.js";
import type { DraftStep } from "./model.js";
import {
  DEFAULT_TOOL_DESCRIPTIONS,
  parseToolDescriptions,
  ToolDescriptionsSchema,
} from "./tool-descriptions.js";
import { findTriggers } from "./triggers.js";

const phrases = (prompt: string) => findTriggers(prompt, DEFAULT_TOOL_DESCRIPTIONS).map((hit) => hit.phrase);

function t2s(id: number, prompt: string): DraftStep {
  return { id, tool: "T2S", inputs: [], prompt, depends_on: [], placeholders: [] };
}

describe("trigger phrases", () => {
  it("finds fields of each group, plural or not, once each", () => {
    expect(
      phrases("Fetch call_ids of refund calls where refunds were escalated and the QA score is low"),
    ).toEqual(["refund", "escalation", "qa score"]);
  });

  it("does not count fetching ids, channel or duration", () => {
    expect(phrases("Fetch interaction_ids of calls longer than 30 minutes handled by team A")).toEqual([]);
  });

  it("prefers the longest wording", () => {
    expect(phrases("calls marked Did We Resolve false")).toEqual(["issue resolved"]);
    expect(phrases("compliance & PII security failures")).toEqual(["compliance & pii security"]);
  });

  it("takes the descriptions as a parameter", () => {
    const custom = ToolDescriptionsSchema.parse({
      triggers: { call_drivers: [{ phrase: "warranty" }], moments: [], qa: [] },
    });
    expect(findTriggers("warranty refunds", custom).map((hit) => hit.phrase)).toEqual(["warranty"]);
  });

  it("validates descriptions from outside and names the faulty field", () => {
    const result = parseToolDescriptions({
      triggers: { call_drivers: [{ phrase: "" }], moments: [], qa: [] },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["triggers", "call_drivers", 0, "phrase"]);
  });
});

describe("checkExecutability", () => {
  it("flags T2S steps with more than 3 trigger phrases, and only T2S", () => {
    const heavy = "Fetch call_ids of refund calls with payment issues that were escalated and transferred";
    const steps = [
      t2s(1, heavy),
      { ...t2s(2, heavy), tool: "RAG" as const },
      t2s(3, "Fetch refund calls that were escalated"),
    ];
    const found = checkExecutability(steps, DEFAULT_TOOL_DESCRIPTIONS);
    expect(found.map((v) => [v.step, v.code])).toEqual([[1, "too-many-trigger-phrases"]]);
  });

  it("allows exactly 3 and honours a different limit", () => {
    const three = [t2s(1, "refund calls that were escalated with low empathy")];
    expect(checkExecutability(three, DEFAULT_TOOL_DESCRIPTIONS)).toEqual([]);
    expect(checkExecutability(three, DEFAULT_TOOL_DESCRIPTIONS, 2)).toHaveLength(1);
  });
});
