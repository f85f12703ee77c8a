/** Renders tool declarations as JSON Schema: for the prompts and for native (OpenAI-style) tool calling. */
import type { JsonSchemaNode, ToolSpec } from "./types.js";

/** A parameter's schema: the catalogue's flat form, or a defined tool's own JSON Schema (nested, maybe untyped). */
export type JsonSchemaProperty = { type: string; description: string; enum?: string[] } | JsonSchemaNode;

export interface JsonSchemaTool {
  name: string;
  description: string;
  parameters: {
    type: "object";
    properties: Record<string, JsonSchemaProperty>;
    required: string[];
    additionalProperties: false;
  };
}

export function toJsonSchema(tool: ToolSpec): JsonSchemaTool {
  const properties: JsonSchemaTool["parameters"]["properties"] = {};
  for (const p of tool.parameters) {
    // A defined tool's schema is rendered as the case wrote it, so nested items and properties reach the model.
    if (p.schema) {
      properties[p.name] = p.schema;
      continue;
    }
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
