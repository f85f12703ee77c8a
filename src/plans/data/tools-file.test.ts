import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkExecutability } from "../checks/executability.js";
import type { DraftStep } from "../model.js";
import { words } from "../text.js";
import {
  DEFAULT_TOOL_DESCRIPTIONS,
  loadToolDescriptions,
  TOOL_DESCRIPTIONS_FILE,
  TRIGGER_GROUPS,
} from "../tool-descriptions.js";

const tools = DEFAULT_TOOL_DESCRIPTIONS;
const temp = mkdtempSync(join(tmpdir(), "tools-file-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

function t2s(prompt: string): DraftStep {
  return { id: 1, tool: "T2S", inputs: [], prompt, depends_on: [], placeholders: [] };
}

describe("corpus/plans/tools.yaml", () => {
  it("is the file the defaults come from, and it is complete", () => {
    expect(TOOL_DESCRIPTIONS_FILE.endsWith(join("corpus", "plans", "tools.yaml"))).toBe(true);
    expect(loadToolDescriptions()).toEqual(tools);
    expect(Object.keys(tools.tools)).toEqual(["T2S", "RAG", "LLM"]);
  });

  it("describes the store's tables, the RAG insights table and what each tool cannot do", () => {
    const tables = tools.tools.T2S.tables.map((table) => table.name);
    expect(tables).toEqual(
      expect.arrayContaining([
        "interactions",
        "call_drivers",
        "moments",
        "qa_evaluations",
        "qa_dimension_scores",
      ]),
    );
    const channel = tools.tools.T2S.tables[0]?.columns.find((column) => column.name === "channel");
    expect(channel?.type).toBe("enum(call, chat, email)");
    expect(tools.tools.RAG.insights_columns.map((column) => column.name)).toEqual([
      "topic",
      "description",
      "interaction_ids",
      "share",
    ]);
    expect(tools.tools.RAG.sample_size).toBe(200);
    for (const card of Object.values(tools.tools)) expect(card.cannot_answer.length).toBeGreaterThan(0);
  });

  it("points the call-driver and moment columns at their trigger groups; no group is empty", () => {
    const grouped = tools.tools.T2S.tables.flatMap((table) =>
      table.columns.flatMap((c) => c.values_from ?? []),
    );
    // QA columns describe their dimensions in words: the qa group also holds "qa score" and "pass/fail check".
    expect(new Set(grouped)).toEqual(new Set(["call_drivers", "moments"]));
    for (const group of TRIGGER_GROUPS) expect(tools.triggers[group].length).toBeGreaterThan(0);
  });

  it("gives every wording to one trigger only, so a count never depends on list order", () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const group of TRIGGER_GROUPS) {
      for (const { phrase, variants } of tools.triggers[group]) {
        for (const wording of [phrase, ...variants]) {
          const key = words(wording).join(" ");
          const other = owner.get(key);
          if (other && other !== phrase) clashes.push(`"${wording}" (${phrase} and ${other})`);
          owner.set(key, phrase);
        }
      }
    }
    expect(clashes).toEqual([]);
  });

  it("keeps ids, channels and metadata out of the triggers", () => {
    const prompt =
      "Fetch call_ids of chats and emails from premium customers handled by team Tier 2 at the Manila site";
    expect(checkExecutability([t2s(prompt)], tools, 0)).toEqual([]);
  });

  it("counts the new call drivers and moments", () => {
    const prompt =
      "Fetch call_ids of calls about fraud and card replacement with overtalk and a repeat contact";
    expect(checkExecutability([t2s(prompt)], tools)[0]?.message).toBe(
      "4 trigger phrases (fraud, card replacement, overtalk, repeat contact); at most 3",
    );
  });
});

describe("loadToolDescriptions", () => {
  it("names the file and the field at fault", () => {
    const file = join(temp, "tools.yaml");
    writeFileSync(file, "triggers:\n  call_drivers: []\n  moments: []\n  qa: []\n");
    expect(() => loadToolDescriptions(file)).toThrow(`${file}: field tools: Invalid input`);
  });

  it("names the file when it cannot be read", () => {
    expect(() => loadToolDescriptions(join(temp, "missing.yaml"))).toThrow(/missing\.yaml: cannot read/);
  });
});
