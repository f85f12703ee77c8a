import { describe, expect, it } from "vitest";
import { DEFAULT_TOOL_DESCRIPTIONS as tools } from "../tool-descriptions.js";
import { renderToolDescriptions } from "./tools-text.js";

describe("renderToolDescriptions", () => {
  const text = renderToolDescriptions(tools);

  it("has a section per tool, in the order T2S, RAG, LLM", () => {
    const headings = text.split("\n").filter((line) => line.startsWith("## "));
    expect(headings).toEqual(["## T2S(ids, prompt)", "## RAG(ids, prompt)", "## LLM(prompt)"]);
  });

  it("lists every table, and the trigger phrases where a column holds them", () => {
    for (const table of tools.tools.T2S.tables) expect(text).toContain(`- ${table.name}: `);
    expect(text).toContain(
      "  - call_driver (string), one of: payment issue, billing dispute, delivery delay",
    );
    expect(text).toContain("  - channel (enum(call, chat, email)): How the customer contacted us.");
  });

  it("says what each tool cannot answer and describes the data insights table", () => {
    for (const card of Object.values(tools.tools))
      for (const limit of card.cannot_answer) expect(text).toContain(`- ${limit}`);
    expect(text).toContain("Data insights table columns: topic (");
    expect(text).toContain("Sample: about 200 interactions.");
  });
});
