import { describe, expect, it } from "vitest";
import type { Case } from "../cases/schema.js";
import type { ToolDefinition } from "../tools/definition.js";
import { grade } from "./grade.js";

const weather: ToolDefinition = {
  name: "weather.current",
  description: "Current weather.",
  parameters: {
    type: "object",
    properties: {
      location: { type: "string" },
      unit: { type: "string", enum: ["celsius", "fahrenheit"] },
      days: { type: "integer" },
    },
    required: ["location"],
  },
};
const sum: ToolDefinition = {
  name: "math.sum",
  parameters: { type: "object", properties: { numbers: { type: "array", items: { type: "number" } } } },
};

const base = { lang: "en", category: "parallel", messages: [{ role: "user" as const, content: "…" }] };
const parallel: Case = {
  ...base,
  id: "parallel_1",
  tools: [weather, sum],
  expect: {
    calls: [
      {
        name: "weather.current",
        arguments: {
          location: { one_of: ["Boston, MA", "Boston"] },
          unit: { one_of: ["fahrenheit"], optional: true },
        },
      },
      {
        name: "weather.current",
        arguments: { location: "San Francisco, CA", unit: { one_of: ["fahrenheit"], optional: true } },
      },
    ],
  },
};
const json = (testCase: Case, calls: unknown) =>
  grade(testCase, { id: testCase.id, protocol: "json", output: JSON.stringify(calls) });
const call = (name: string, args: Record<string, unknown>) => ({ name, arguments: args });

describe("grade: several expected calls, matched as a set", () => {
  it("passes the calls in any order, optional arguments left out or right", () => {
    const verdict = json(parallel, [
      call("weather.current", { location: "San Francisco, CA" }),
      call("weather.current", { location: "boston", unit: "Fahrenheit" }),
    ]);
    expect(verdict).toMatchObject({
      passed: true,
      tool_ok: true,
      args_ok: true,
      extra: [],
      assignment: [1, 0],
    });
    expect(verdict.reason).toBe("correct calls: weather.current, weather.current");
  });

  it("uses an optimal assignment, not a greedy one", () => {
    // Greedy would give call 0 (which fits both expectations) to expectation 0 and leave expectation 1 unmatched.
    const flexible: Case = {
      ...parallel,
      expect: {
        calls: [
          { name: "weather.current", arguments: { location: { one_of: ["Boston", "Paris"] } } },
          { name: "weather.current", arguments: { location: "Boston" } },
        ],
      },
    };
    const verdict = json(flexible, [
      call("weather.current", { location: "Boston" }),
      call("weather.current", { location: "Paris" }),
    ]);
    expect(verdict).toMatchObject({ passed: true, assignment: [1, 0] });
  });

  it("fails a missing, an extra or a wrong call and says which", () => {
    expect(json(parallel, [call("weather.current", { location: "Boston" })])).toMatchObject({
      passed: false,
      tool_ok: false,
      args_ok: false,
      reason: "1 calls; expected 2; no call to weather.current matches expected call #2",
    });
    const three = json(parallel, [
      call("weather.current", { location: "Boston" }),
      call("weather.current", { location: "San Francisco, CA" }),
      call("math.sum", { numbers: [1] }),
    ]);
    expect(three).toMatchObject({
      passed: false,
      tool_ok: true,
      args_ok: true,
      reason: "3 calls; expected 2",
    });
    const wrongValue = json(parallel, [
      call("weather.current", { location: "Boston", unit: "celsius" }),
      call("weather.current", { location: "San Francisco, CA" }),
    ]);
    expect(wrongValue).toMatchObject({ passed: false, tool_ok: true, args_ok: false });
    expect(wrongValue.reason).toBe(
      'wrong arguments in call to weather.current (#1): unit="celsius", expected {"one_of":["fahrenheit"],"optional":true}',
    );
  });

  it("fails no call, and says when it was a malformed attempt", () => {
    expect(grade(parallel, { id: "p", protocol: "json", output: "Sunny in both." })).toMatchObject({
      passed: false,
      reason: "no call; expected 2 calls",
    });
    expect(
      grade(parallel, { id: "p", protocol: "json", output: '[{"name": "weather.current", "arguments": {' }),
    ).toMatchObject({
      passed: false,
      malformed: true,
    });
  });

  it("reads several calls in every protocol", () => {
    const outputs = {
      xml: "<tool_call><function=weather.current><parameter=location>Boston</parameter></function></tool_call>\n<tool_call><function=weather.current><parameter=location>San Francisco, CA</parameter></function></tool_call>",
      plain: "TOOL weather.current | location=Boston\nTOOL weather.current | location=San Francisco, CA",
      native: JSON.stringify({
        content: null,
        tool_calls: [
          { function: { name: "weather_current", arguments: '{"location": "Boston"}' } },
          { function: { name: "weather_current", arguments: '{"location": "San Francisco, CA"}' } },
        ],
      }),
    } as const;
    for (const [protocol, output] of Object.entries(outputs)) {
      const verdict = grade(parallel, { id: "p", protocol: protocol as keyof typeof outputs, output });
      expect([protocol, verdict.passed]).toEqual([protocol, true]);
    }
  });
});

describe("grade: dotted tool names as runtimes mangle them", () => {
  const single: Case = {
    ...base,
    id: "simple_1",
    tools: [sum],
    expect: { call: { name: "math.sum", arguments: { numbers: [1, 2] } } },
  };

  it("matches `a_b` called for `a.b` offered, and flags it", () => {
    const verdict = json(single, call("math_sum", { numbers: [1, 2] }));
    expect(verdict).toMatchObject({ passed: true, name_mangled: true });
    expect(verdict.reason).toBe("correct call to math.sum (name mangled: math_sum for math.sum)");
  });

  it("does not flag the offered spelling, and keeps ToolUse.1 verdict keys when nothing is mangled", () => {
    const verdict = json(single, call("math.sum", { numbers: ["1", 2.0] }));
    expect(verdict.passed).toBe(true);
    expect("name_mangled" in verdict).toBe(false);
    expect("assignment" in verdict).toBe(false);
  });
});

describe("grade: any call to an offered tool (BFCL live_relevance)", () => {
  const relevance: Case = { ...base, id: "live_relevance_1", tools: [weather], expect: { any_call: true } };

  it("passes any call to an offered tool, whatever its arguments", () => {
    expect(json(relevance, call("weather.current", { location: "x", mood: "sunny" }))).toMatchObject({
      passed: true,
      tool_ok: true,
      args_ok: true,
    });
  });

  it("fails no call, or a call to a tool nobody offered", () => {
    expect(grade(relevance, { id: "r", protocol: "json", output: "I'd rather not." }).passed).toBe(false);
    expect(json(relevance, call("image.generate", { prompt: "cat" }))).toMatchObject({
      passed: false,
      reason: "called a tool that is not offered: image.generate",
    });
  });
});
