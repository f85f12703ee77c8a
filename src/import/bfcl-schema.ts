/** BFCL's function documents → the case format's tool definitions: its schema dialect mapped to JSON Schema. */
import type { ToolDefinition } from "../tools/definition.js";
import type { JsonSchemaNode, JsonType } from "../tools/types.js";
import { RecordError } from "./records.js";

/** BFCL's Python-flavoured type names → JSON Schema; `any` (null here) means no type constraint. */
const BFCL_TYPES: Readonly<Record<string, JsonType | null>> = {
  string: "string",
  integer: "integer",
  float: "number",
  number: "number",
  boolean: "boolean",
  array: "array",
  tuple: "array",
  dict: "object",
  object: "object",
  any: null,
  null: "null",
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function mapType(type: unknown, path: string): JsonType | null {
  const mapped = typeof type === "string" ? BFCL_TYPES[type] : undefined;
  if (mapped === undefined) {
    const known = Object.keys(BFCL_TYPES).join(", ");
    throw new RecordError(`${path}.type`, `expected a BFCL type (${known}), got ${JSON.stringify(type)}`);
  }
  return mapped;
}

/**
 * One schema node in JSON Schema: `dict` → object, `float` → number, `tuple` → array, `any` → untyped;
 * BFCL's own `optional` flag is dropped (`required` already says it); every other keyword is kept.
 */
export function jsonSchemaNode(node: unknown, path: string): JsonSchemaNode {
  if (!isRecord(node)) throw new RecordError(path, "expected a schema object");
  const out: JsonSchemaNode = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "optional") continue;
    if (key === "type") {
      const type = mapType(value, path);
      if (type !== null) out.type = type;
    } else if (key === "properties") {
      if (!isRecord(value)) throw new RecordError(`${path}.properties`, "expected an object of schemas");
      out.properties = Object.fromEntries(
        Object.entries(value).map(([name, child]) => [
          name,
          jsonSchemaNode(child, `${path}.properties.${name}`),
        ]),
      );
    } else if (key === "items") {
      out.items = jsonSchemaNode(value, `${path}.items`);
    } else {
      out[key] = value;
    }
  }
  return out;
}

/** A BFCL function document (`{"name","description","parameters"}`) as a tool definition. */
export function toolDefinition(document: unknown, path: string): ToolDefinition {
  if (!isRecord(document)) throw new RecordError(path, "expected a function document object");
  const { name, description, parameters } = document;
  if (typeof name !== "string" || name.trim() === "")
    throw new RecordError(`${path}.name`, "expected a tool name");
  if (description !== undefined && typeof description !== "string") {
    throw new RecordError(`${path}.description`, "expected text");
  }
  const schema = jsonSchemaNode(parameters ?? { type: "dict", properties: {} }, `${path}.parameters`);
  if (schema.type !== "object") {
    throw new RecordError(`${path}.parameters.type`, `expected "dict", got ${JSON.stringify(schema.type)}`);
  }
  const required = schema.required ?? [];
  return {
    name,
    ...(description !== undefined ? { description } : {}),
    parameters: { ...schema, type: "object", properties: schema.properties ?? {}, required },
  };
}
