import { describe, expect, it } from "vitest";
import { type ToolDefinition, toolSpecFromDefinition, typesOf } from "./definition.js";
import { toJsonSchema } from "./json-schema.js";

const definition: ToolDefinition = {
  name: "realestate.find",
  description: "Find houses.",
  parameters: {
    type: "object",
    properties: {
      city: { type: "string", description: "City." },
      budget: { type: "object", properties: { min: { type: "integer" } } },
      rooms: { type: ["integer", "null"] },
      sort: { type: "string", enum: ["price", "size"] },
      flags: { type: "array", items: { type: "boolean" } },
      anything: { description: "Untyped." },
      strict: { type: "boolean" },
    },
    required: ["city"],
  },
};

describe("toolSpecFromDefinition", () => {
  const spec = toolSpecFromDefinition(definition);

  it("chooses generic normalisers from the JSON Schema type", () => {
    expect(spec.parameters.map((p) => [p.name, p.type, p.normaliser, p.required])).toEqual([
      ["city", "string", "text", true],
      ["budget", "object", "text", false],
      ["rooms", "integer", "number", false],
      ["sort", "string", "enum", false],
      ["flags", "array", "text", false],
      ["anything", "string", "text", false],
      ["strict", "boolean", "boolean", false],
    ]);
    expect(spec.aliases).toEqual([]);
    expect(spec.parameters.find((p) => p.name === "sort")?.enum).toEqual(["price", "size"]);
  });

  it("renders the definition's own schema, nested parts included", () => {
    const rendered = toJsonSchema(spec);
    expect(rendered.parameters.properties.budget).toEqual({
      type: "object",
      properties: { min: { type: "integer" } },
    });
    expect(rendered.parameters.required).toEqual(["city"]);
    expect(rendered.name).toBe("realestate.find");
  });

  it("returns the same spec for the same definition (graded once per output, built once)", () => {
    expect(toolSpecFromDefinition(definition)).toBe(spec);
  });

  it("puts null last among declared types", () => {
    expect(typesOf({ type: ["null", "string"] })).toEqual(["string", "null"]);
    expect(typesOf(undefined)).toEqual([]);
  });
});
