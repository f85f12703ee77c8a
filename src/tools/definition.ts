/** Tools a case defines itself (`{"name","description","parameters"}` in JSON Schema), turned into ToolSpecs. */
import type { JsonSchemaNode, JsonType, NormaliserName, ToolParameter, ToolSpec } from "./types.js";

/** A tool definition as a case carries it. */
export interface ToolDefinition {
  name: string;
  description?: string | undefined;
  parameters: JsonSchemaNode & { type: "object"; properties: Record<string, JsonSchemaNode> };
}

/** The declared types of a node, `null` last so the first entry is the meaningful one (`["null","string"]` → string). */
export function typesOf(schema: JsonSchemaNode | undefined): JsonType[] {
  const type = schema?.type;
  const list = type === undefined ? [] : Array.isArray(type) ? type : [type];
  return [...list.filter((t) => t !== "null"), ...list.filter((t) => t === "null")];
}

const NOMINAL_TYPES: Readonly<Record<JsonType, ToolParameter["type"]>> = {
  string: "string",
  number: "number",
  integer: "integer",
  boolean: "boolean",
  array: "array",
  object: "object",
  null: "string",
};

/** Scalars use the catalogue's normalisers; arrays, objects and untyped values are compared structurally by `schema`. */
function normaliserFor(schema: JsonSchemaNode, type: JsonType | undefined): NormaliserName {
  if (type === "number" || type === "integer") return "number";
  if (type === "boolean") return "boolean";
  return type === "string" && Array.isArray(schema.enum) ? "enum" : "text";
}

function parameterFrom(name: string, schema: JsonSchemaNode, required: boolean): ToolParameter {
  const type = typesOf(schema)[0];
  const enumValues = Array.isArray(schema.enum) ? schema.enum.filter((v) => typeof v === "string") : [];
  return {
    name,
    // An untyped parameter (BFCL's "any") is nominally a string; `schema` is what renders and compares it.
    type: type === undefined ? "string" : NOMINAL_TYPES[type],
    description: schema.description ?? "",
    required,
    normaliser: normaliserFor(schema, type),
    ...(enumValues.length > 0 ? { enum: enumValues } : {}),
    schema,
  };
}

const specCache = new WeakMap<ToolDefinition, ToolSpec>();

/**
 * The ToolSpec for a defined tool: generic normalisers chosen from each parameter's JSON Schema type, no aliases.
 * @example toolSpecFromDefinition({ name: "math.factorial", parameters: { type: "object", properties: { n: { type: "integer" } } } })
 * // { name: "math.factorial", aliases: [], parameters: [{ name: "n", type: "integer", normaliser: "number", … }], … }
 */
export function toolSpecFromDefinition(definition: ToolDefinition): ToolSpec {
  const cached = specCache.get(definition);
  if (cached) return cached;
  const required = new Set(definition.parameters.required ?? []);
  const spec: ToolSpec = {
    name: definition.name,
    description: definition.description ?? "",
    aliases: [],
    parameters: Object.entries(definition.parameters.properties).map(([name, schema]) =>
      parameterFrom(name, schema, required.has(name)),
    ),
  };
  specCache.set(definition, spec);
  return spec;
}
