/**
 * A call object's keys in any case convention (call-shape.ts `spelling`): Gemini writes `functionCall` and `args`,
 * Bedrock `toolUse` and `input`, OpenAI `tool_calls` and `function`; one reading for every spelling (fresh blind set
 * d3s #36, a Gemini `functionCall` object read as a malformed attempt by 2.11.0). Hand rows, then a seeded relation:
 * respelling the keys of any call object changes none of its calls; respelling a key into another word does.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { gradingProfile } from "../grade/profiles.js";
import { SPEC1_RULES } from "../grade/rules.js";
import { CALL, callCase, shapeReading } from "../grade/test-support/synthetic-cases.js";
import { extractCalls } from "./index.js";

const TIME = { name: "get_time", arguments: { timezone: "Asia/Vladivostok" } };
const callsOf = (text: string) => extractCalls(text).calls;

describe("call objects in any key spelling", () => {
  it.each([
    [
      "Gemini functionCall + args",
      '{"functionCall": {"name": "get_time", "args": {"timezone": "Asia/Vladivostok"}}}',
    ],
    [
      "Gemini parts list",
      '[{"functionCall": {"name": "get_time", "args": {"timezone": "Asia/Vladivostok"}}}]',
    ],
    [
      "Bedrock toolUse + input",
      '{"toolUse": {"toolUseId": "t1", "name": "get_time", "input": {"timezone": "Asia/Vladivostok"}}}',
    ],
    [
      "camelCase toolCalls list",
      '{"toolCalls": [{"function": {"name": "get_time", "arguments": "{\\"timezone\\": \\"Asia/Vladivostok\\"}"}}]}',
    ],
    ["PascalCase keys", '{"Name": "get_time", "Arguments": {"timezone": "Asia/Vladivostok"}}'],
    ["toolName + toolInput", '{"toolName": "get_time", "toolInput": {"timezone": "Asia/Vladivostok"}}'],
  ])("%s is the call", (_, text) => {
    expect(callsOf(text)).toEqual([TIME]);
  });

  it("keeps an exact key before a respelled one (`name` wins over `Tool`)", () => {
    expect(
      callsOf('{"Tool": "other", "name": "get_time", "args": {"timezone": "Asia/Vladivostok"}}'),
    ).toEqual([TIME]);
  });

  it.each([
    ["a wrapper key that is another word", '{"fnCall": {"name": "get_time", "args": {"timezone": "UTC"}}}'],
    ["a wrapper that holds no object", '{"functionCall": "get_time"}'],
    ["data with a name and no arguments", '{"Name": "Alice", "Age": 31}'],
  ])("control: %s is no call", (_, text) => {
    expect(callsOf(text)).toEqual([]);
  });
});

/** One key in another case convention: camelCase, PascalCase, UPPER_SNAKE or as written. */
function respell(key: string, style: number): string {
  const words = key.split("_");
  const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  if (style === 1) return words[0] + words.slice(1).map(capital).join("");
  if (style === 2) return words.map(capital).join("");
  if (style === 3) return key.toUpperCase();
  return key;
}

/** The object with every key that is part of the call's shape respelled (argument names stay: they are the tool's). */
function respelled(value: unknown, styles: () => number, shapeKeys: ReadonlySet<string>): unknown {
  if (Array.isArray(value)) return value.map((item) => respelled(item, styles, shapeKeys));
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) =>
      shapeKeys.has(key) ? [respell(key, styles()), respelled(inner, styles, shapeKeys)] : [key, inner],
    ),
  );
}

const SHAPE_KEYS = new Set([
  "name",
  "arguments",
  "parameters",
  "args",
  "input",
  "tool_input",
  "tool_name",
  "function",
  "function_call",
  "tool_call",
  "tool_calls",
  "tool_use",
  "type",
]);

const callObject = fc.record({
  name: fc.constantFrom("get_time", "get_weather", "convert_currency"),
  value: fc.string({ minLength: 1, maxLength: 12 }).filter((text) => text.trim() === text && text !== ""),
  argumentsKey: fc.constantFrom("arguments", "parameters", "args", "input", "tool_input"),
  nameKey: fc.constantFrom("name", "tool_name"),
  wrapper: fc.constantFrom("none", "function", "function_call", "tool_call", "tool_use", "tool_calls"),
  styles: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 8, maxLength: 8 }),
});

describe("relation: respelling a call object's keys keeps its calls (seeded, 400 draws)", () => {
  it("reads the same calls in every spelling", () => {
    fc.assert(
      fc.property(callObject, ({ name, value, argumentsKey, nameKey, wrapper, styles }) => {
        const inner = { [nameKey]: name, [argumentsKey]: { key: value } };
        const object =
          wrapper === "none"
            ? inner
            : wrapper === "tool_calls"
              ? { tool_calls: [{ type: "function", function: inner }] }
              : { [wrapper]: inner };
        let next = 0;
        const text = JSON.stringify(respelled(object, () => styles[next++ % styles.length] ?? 0, SHAPE_KEYS));
        const expected = [{ name, arguments: { key: value } }];
        expect(callsOf(JSON.stringify(object))).toEqual(expected);
        expect(callsOf(text)).toEqual(expected);
      }),
      { seed: 3003, numRuns: 400 },
    );
  });

  it("control: a wrapper respelled into another word reads no call (seeded, 200 draws)", () => {
    fc.assert(
      fc.property(callObject, ({ name, value, argumentsKey }) => {
        const text = JSON.stringify({ callFunction: { label: name, [argumentsKey]: { key: value } } });
        expect(callsOf(text)).toEqual([]);
      }),
      { seed: 3004, numRuns: 200 },
    );
  });
});

describe("through grade: the leniency is named, and spec1 reads the keys as written", () => {
  const time = callCase("en", "get_time", { timezone: "Asia/Vladivostok" });
  const gemini = '{"functionCall": {"name": "get_time", "args": {"timezone": "Asia/Vladivostok"}}}';

  it("tooluse: a Gemini functionCall object is the call, named json=respelled_keys", () => {
    const read = shapeReading(time, gemini, "json");
    expect(read).toMatchObject(CALL);
    expect(read.lenient).toEqual(["json=respelled_keys"]);
    expect(read.reason).toContain("(lenient: json=respelled_keys)");
  });

  it("tooluse: OpenAI's own keys name no leniency (control)", () => {
    const openai = '{"name": "get_time", "arguments": {"timezone": "Asia/Vladivostok"}}';
    expect(shapeReading(time, openai, "json").lenient).toEqual([]);
  });

  it("tooluse: the same object quoted as an example in prose stays a mention", () => {
    const read = shapeReading(
      time,
      `Gemini would send something like ${gemini} — but I'm not calling it.`,
      "json",
    );
    expect(read.calls).toBe(0);
  });

  it("spec1: SPEC §3.1 names OpenAI's keys, so a respelled object is no call", () => {
    expect(shapeReading(time, gemini, "json", SPEC1_RULES).calls).toBe(0);
    expect(
      gradingProfile("spec1").grade(time, { id: time.id, protocol: "json", output: gemini }).passed,
    ).toBe(false);
  });
});
