import { describe, expect, it } from "vitest";
import { CaseLineSchema } from "./load.js";
import { CaseSchema, ToolUse1CaseSchema } from "./schema.js";

const tooluse1 = {
  id: "get_weather-en-01",
  lang: "en",
  category: "get_weather",
  difficulty: "easy",
  tools: ["get_weather", "calculator"],
  messages: [{ role: "user", content: "Weather in Paris?" }],
  expect: { call: { name: "get_weather", arguments: { city: "Paris" } } },
};
const definition = {
  name: "math.factorial",
  description: "n!",
  parameters: { type: "object", properties: { number: { type: "integer" } }, required: ["number"] },
};
const imported = {
  id: "simple_python_1",
  lang: "zh",
  category: "simple_python",
  tools: [definition],
  messages: [{ role: "user", content: "5 的阶乘？" }],
  expect: { call: { name: "math.factorial", arguments: { number: 5 } } },
};
const issue = (
  schema: typeof CaseLineSchema | typeof CaseSchema | typeof ToolUse1CaseSchema,
  value: unknown,
) => {
  const parsed = schema.safeParse(value);
  return parsed.success
    ? null
    : `${parsed.error.issues[0]?.path.join(".")}: ${parsed.error.issues[0]?.message}`;
};

describe("the case schema", () => {
  it("accepts ToolUse.1 cases unchanged, in both schemas", () => {
    expect(issue(CaseSchema, tooluse1)).toBeNull();
    expect(issue(ToolUse1CaseSchema, tooluse1)).toBeNull();
  });

  it("accepts imported cases: tool definitions, any id, category and ISO 639-1 language, no difficulty", () => {
    expect(issue(CaseSchema, imported)).toBeNull();
    expect(issue(CaseSchema, { ...imported, tools: [], expect: { no_call: "abstain" } })).toBeNull();
  });

  it("accepts several calls, any call, and optional alternatives", () => {
    const calls = {
      calls: [
        imported.expect.call,
        { name: "math.factorial", arguments: { number: { one_of: [6], optional: true } } },
      ],
    };
    expect(issue(CaseSchema, { ...imported, expect: calls })).toBeNull();
    expect(issue(CaseSchema, { ...imported, expect: { any_call: true } })).toBeNull();
    const absent = {
      call: { name: "math.factorial", arguments: { number: { one_of: [], optional: true } } },
    };
    expect(issue(CaseSchema, { ...imported, expect: absent })).toBeNull();
  });

  it("still checks what holds for every suite", () => {
    expect(issue(CaseSchema, { ...imported, lang: "chinese" })).toBe(
      "lang: expected an ISO 639-1 language code such as en",
    );
    expect(issue(CaseSchema, { ...imported, tools: [definition, definition] })).toBe(
      "tools: a tool is offered twice",
    );
    const unoffered = { calls: [{ name: "math.pi", arguments: {} }] };
    expect(issue(CaseSchema, { ...imported, expect: unoffered })).toBe(
      "expect.calls: math.pi is not offered",
    );
    const typo = {
      ...definition,
      parameters: { ...definition.parameters, properties: { number: { type: "float" } } },
    };
    expect(issue(CaseLineSchema, { ...imported, tools: [typo] })).toBe(
      'tools.0.parameters.properties.number.type: Invalid option: expected one of "string"|"number"|"integer"|"boolean"|"array"|"object"|"null"',
    );
    expect(issue(CaseLineSchema, { ...imported, expect: { call: { name: 5, arguments: {} } } })).toBe(
      "expect.call.name: Invalid input: expected string, received number",
    );
  });

  it("keeps ToolUse.1's strict checks in its own schema", () => {
    expect(issue(ToolUse1CaseSchema, imported)).not.toBeNull();
    expect(issue(ToolUse1CaseSchema, { ...tooluse1, id: "weather-1" })).toBe(
      "id: expected <category>-<lang>-<nn>",
    );
    expect(issue(ToolUse1CaseSchema, { ...tooluse1, category: "parallel" })).toMatch(/^category: /);
    expect(issue(ToolUse1CaseSchema, { ...tooluse1, expect: { any_call: true } })).toMatch(/^expect: /);
    expect(issue(ToolUse1CaseSchema, { ...tooluse1, id: "get_weather-ru-01" })).toBe(
      "id: expected the id to start with get_weather-en-",
    );
  });
});
