/** Renders tool declarations as JSON Schema: for the prompts and for native (OpenAI-style) tool calling. */
import type { ToolSpec } from "./types.js";

export interface JsonSchemaTool {
  name: string;
  description: string;
  parameters: {
    type: "object";
    properties: Record<string, { type: string; description: string; enum?: string[] }>;
    required: string[];
    additionalProperties: false;
  };
}

export function toJsonSchema(tool: ToolSpec): JsonSchemaTool {
  const properties: JsonSchemaTool["parameters"]["properties"] = {};
  for (const p of tool.parameters) {
    properties[p.name] = {
      type: p.type,
      description: p.description,
      ...(p.enum ? { enum: [...p.enum] } : {}),
    };
  }
  return {
    name: tool.name,
    description: tool.description,
    parameters: {
      type: "object",
      properties,
      required: tool.parameters.filter((p) => p.required).map((p) => p.name),
      additionalProperties: false,
    },
  };
}

/** The `tools` array of an OpenAI-compatible chat completion request. */
export function toOpenAiTools(tools: readonly ToolSpec[]): { type: "function"; function: JsonSchemaTool }[] {
  return tools.map((tool) => ({ type: "function", function: toJsonSchema(tool) }));
}
