import { describe, expect, it } from "vitest";
import type { Case } from "../cases/schema.js";
import { TOOL_NAMES } from "../tools/catalogue.js";
import { grade } from "./grade.js";
import { encodeNativeReply } from "./native.js";
import { SPEC1_RULES } from "./rules.js";

const ALL = [...TOOL_NAMES];
const weather: Case = {
  id: "get_weather-en-01",
  lang: "en",
  category: "get_weather",
  difficulty: "easy",
  tools: ALL,
  messages: [{ role: "user", content: "Weather in St. Petersburg, in Fahrenheit?" }],
  expect: { call: { name: "get_weather", arguments: { city: "Saint Petersburg", unit: "fahrenheit" } } },
};
const sum: Case = {
  id: "calculator-en-01",
  lang: "en",
  category: "calculator",
  difficulty: "easy",
  tools: ALL,
  messages: [{ role: "user", content: "What is 45 + 12?" }],
  expect: { call: { name: "calculator", arguments: { expression: "45 + 12" } } },
};
const capital: Case = {
  id: "negative-en-01",
  lang: "en",
  category: "negative",
  difficulty: "easy",
  kind: "knowledge",
  tools: ALL,
  messages: [{ role: "user", content: "What's the capital of Australia?" }],
  expect: { no_call: "abstain", answer_contains_all: ["Canberra"] },
};
const joke: Case = { ...capital, id: "negative-en-02", expect: { no_call: "abstain" } };
const currency: Case = {
  ...sum,
  id: "convert_currency-ru-01",
  lang: "ru",
  category: "convert_currency",
  messages: [{ role: "user", content: "Сколько будет 100 долларов в евро?" }],
  expect: {
    call: { name: "convert_currency", arguments: { amount: 100, from_currency: "USD", to_currency: "EUR" } },
  },
};

const json = (output: string, c: Case = sum) => grade(c, { id: c.id, protocol: "json", output });

describe("grade: call cases", () => {
  it("passes one correct call, whatever the spelling of an equal expression", () => {
    for (const expression of ["45+12", "45 + 12", "(45+12)", "57"]) {
      const v = json(`{"name": "calculator", "arguments": {"expression": "${expression}"}}`);
      expect(v).toMatchObject({
        passed: true,
        tool_ok: true,
        args_ok: true,
        extra: [],
        spurious: null,
        answer_ok: null,
      });
    }
  });

  it("matches arguments through the alias tables, in every protocol", () => {
    const outputs = {
      json: '{"name": "weather", "arguments": {"city": "СПб", "unit": "°F"}}',
      xml: "<tool_call><function=get_weather><parameter=city>Питер</parameter><parameter=unit>F</parameter></function></tool_call>",
      plain: "TOOL get_weather | city=St Petersburg | unit=Fahrenheit",
      native: JSON.stringify({
        content: null,
        tool_calls: [
          { function: { name: "get_weather", arguments: '{"city":"saint petersburg","unit":"fahrenheit"}' } },
        ],
      }),
    } as const;
    for (const [protocol, output] of Object.entries(outputs)) {
      const v = grade(weather, { id: weather.id, protocol: protocol as keyof typeof outputs, output });
      expect([protocol, v.passed, v.reason]).toEqual([protocol, true, "correct call to get_weather"]);
    }
  });

  it("compares numbers with tolerance and currencies by Russian case forms", () => {
    const v = grade(currency, {
      id: currency.id,
      protocol: "json",
      output:
        '{"name":"convert_currency","arguments":{"amount":"100.0","from_currency":"долларов","to_currency":"€"}}',
    });
    expect(v.passed).toBe(true);
  });

  it("tolerates and flags extra arguments", () => {
    const v = json('{"name": "calculator", "arguments": {"expression": "45+12", "precision": 2}}');
    expect(v).toMatchObject({ passed: true, args_ok: true, extra: ["precision"] });
  });

  it("fails a wrong tool", () => {
    const v = json('{"name": "web_search", "arguments": {"query": "45 + 12"}}');
    expect(v).toMatchObject({
      passed: false,
      tool_ok: false,
      args_ok: false,
      reason: "wrong tool: expected calculator, got web_search",
    });
  });

  it("fails wrong or missing arguments but keeps the tool right", () => {
    expect(json('{"name": "calculator", "arguments": {"expression": "45*12"}}')).toMatchObject({
      passed: false,
      tool_ok: true,
      args_ok: false,
    });
    expect(json('{"name": "calculator", "arguments": {}}')).toMatchObject({
      passed: false,
      tool_ok: true,
      args_ok: false,
      reason: "wrong arguments: expression missing",
    });
  });

  it("fails two calls even when one is right (spec §3.1: exactly one)", () => {
    const v = json(
      '[{"name": "calculator", "arguments": {"expression": "45+12"}}, {"name": "calculator", "arguments": {"expression": "57"}}]',
    );
    expect(v).toMatchObject({
      passed: false,
      tool_ok: true,
      args_ok: true,
      reason: "2 calls; exactly one expected",
    });
    expect(v.calls).toHaveLength(2);
  });

  it("fails prose and says when the output was a malformed attempt", () => {
    expect(json("The answer is 57.")).toMatchObject({
      passed: false,
      tool_ok: false,
      malformed: false,
      reason: "no call; expected one",
    });
    expect(json('{"name": "calculator", "arguments": {"expression": "45+12"')).toMatchObject({
      passed: false,
      malformed: true,
    });
  });

  it("does not accept a tool the case does not offer", () => {
    const limited: Case = { ...sum, tools: ["calculator"] };
    expect(json('{"name": "web_search", "arguments": {"query": "x"}}', limited)).toMatchObject({
      tool_ok: false,
      passed: false,
    });
  });

  it("reads a call standing as native content, with no runtime call, as the call under a named leniency (E12)", () => {
    const output = JSON.stringify({
      content: '{"name": "calculator", "arguments": {"expression": "57"}}',
      tool_calls: [],
    });
    expect(grade(sum, { id: sum.id, protocol: "native", output })).toMatchObject({
      passed: true,
      calls: [{ name: "calculator", arguments: { expression: "57" } }],
      malformed: false,
      lenient: ["native=content_call"],
      reason: "correct call to calculator (lenient: native=content_call)",
    });
    // spec1 keeps what the runtime's parser made of it: no call, malformed.
    expect(grade(sum, { id: sum.id, protocol: "native", output }, SPEC1_RULES)).toMatchObject({
      passed: false,
      calls: [],
      malformed: true,
    });
  });

  it("names both leniencies of a dialect call in native content, and keeps a content call beside a runtime call malformed", () => {
    const pythonic = JSON.stringify({ content: 'calculator(expression="57")', tool_calls: [] });
    const verdict = grade(sum, { id: sum.id, protocol: "native", output: pythonic });
    expect(verdict.passed).toBe(true);
    expect(verdict.lenient).toEqual(expect.arrayContaining(["native=content_call", "dialect=pythonic"]));
    const beside = encodeNativeReply('{"name": "calculator", "arguments": {"expression": "57"}}', [
      { type: "function", function: { name: "calculator", arguments: '{"expression": "57"}' } },
    ]);
    const both = grade(sum, { id: sum.id, protocol: "native", output: beside });
    expect(both.calls).toHaveLength(1);
    expect(both.lenient ?? []).not.toContain("native=content_call");
  });

  it("reads a call only mentioned in native content as no call, and no attempt (E2)", () => {
    const output = JSON.stringify({
      content:
        'I would send `{"name": "calculator", "arguments": {"expression": "57"}}` but you asked me not to.',
      tool_calls: [],
    });
    expect(grade(sum, { id: sum.id, protocol: "native", output })).toMatchObject({
      calls: [],
      malformed: false,
    });
  });
});

describe("grade: no-call cases", () => {
  it("passes an answer that satisfies the constraints", () => {
    expect(json("The capital of Australia is Canberra.", capital)).toMatchObject({
      passed: true,
      spurious: false,
      answer_ok: true,
      tool_ok: null,
      args_ok: null,
      extra: null,
    });
  });

  it("fails an answer that misses a constraint", () => {
    expect(json("It is Sydney.", capital)).toMatchObject({
      passed: false,
      spurious: false,
      answer_ok: false,
    });
  });

  it("fails any call as spurious, even with the right fact in the prose", () => {
    const v = json(
      'Canberra. {"name": "web_search", "arguments": {"query": "capital of Australia"}}',
      capital,
    );
    expect(v).toMatchObject({ passed: false, spurious: true });
  });

  it("checks constraints on the prose after thinking is removed", () => {
    expect(json("<think>Is it Canberra or Sydney?</think>Sydney.", capital)).toMatchObject({
      passed: false,
      answer_ok: false,
    });
  });

  it("fails a malformed call attempt: trying to call is not abstaining (BFCL would count it as correct)", () => {
    const v = json('{"name": "web_search", "arguments": {"query": "capital of Australia"', joke);
    expect(v).toMatchObject({ passed: false, spurious: false, malformed: true, answer_ok: null });
    expect(v.reason).toBe("expected no call (abstain); got a malformed call attempt");
  });

  it("does not count prose that merely mentions a tool as an attempt", () => {
    expect(json("I could use the calculator tool for this, but I know it: Canberra.", capital)).toMatchObject(
      {
        passed: true,
        malformed: false,
      },
    );
  });

  it("accepts any answer when there are no constraints", () => {
    expect(json("Why did the chicken cross the road? To get to the other side.", joke)).toMatchObject({
      passed: true,
      answer_ok: null,
    });
  });
});
