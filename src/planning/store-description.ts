/** The store as the packaged T2S tool description promises it: the one definition the workspace is generated from. */
import { DEFAULT_TOOL_DESCRIPTIONS, type ToolDescriptions } from "../plans/tool-descriptions.js";
import type { StoreDescription } from "../workspace/description.js";

export function storeDescriptionOf(tools: ToolDescriptions = DEFAULT_TOOL_DESCRIPTIONS): StoreDescription {
  if (!tools.tools) throw new Error("the tool descriptions hold no T2S tables to build a store from");
  const phrases = (group: keyof ToolDescriptions["triggers"]) => tools.triggers[group].map((t) => t.phrase);
  return {
    tables: tools.tools.T2S.tables,
    terms: { call_drivers: phrases("call_drivers"), moments: phrases("moments"), qa: phrases("qa") },
  };
}
