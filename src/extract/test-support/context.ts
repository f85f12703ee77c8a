/** Builds the context an extractor receives, for tests that call one extractor directly. */
import { CATALOGUE } from "../../tools/catalogue.js";
import type { ToolSpec } from "../../tools/types.js";
import { readJsonCandidates } from "../scanner.js";
import type { ExtractContext } from "../types.js";

export const NINE_TOOLS: readonly ToolSpec[] = Object.values(CATALOGUE);

export function contextFor(text: string, tools: readonly ToolSpec[] = NINE_TOOLS): ExtractContext {
  return {
    tools,
    toolNames: new Set(tools.flatMap((tool) => [tool.name, ...tool.aliases])),
    jsonCandidates: () => readJsonCandidates(text),
  };
}

/** A minimal custom tool: required and optional parameter names, all strings. */
export function customTool(
  name: string,
  required: readonly string[],
  optional: readonly string[] = [],
): ToolSpec {
  const parameter = (parameterName: string, isRequired: boolean) => ({
    name: parameterName,
    type: "string" as const,
    description: parameterName,
    required: isRequired,
    normaliser: "text" as const,
  });
  return {
    name,
    description: name,
    aliases: [],
    parameters: [
      ...required.map((key) => parameter(key, true)),
      ...optional.map((key) => parameter(key, false)),
    ],
  };
}
