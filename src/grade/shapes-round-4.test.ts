/**
 * Four shape classes of issue 25 (docs/spec-conformance.md E7, E11, "units written as a ratio", "grouped digits"),
 * hand-checked one rule at a time through `grade`, as `tooluse grade` reads a reply, English and Russian. Every
 * "attempt" expectation and every ratio-unit pass and grouped-digit failure here failed on main at a7bc3ca; the
 * controls beside them held there and hold now.
 */
import { describe, expect, it } from "vitest";
import type { Case, Protocol } from "../cases/schema.js";
import { grade } from "./grade.js";
import { type GradingRules, SPEC1_RULES } from "./rules.js";
import { ATTEMPT, CALL, callCase, MENTION } from "./test-support/synthetic-cases.js";

const tokyo = callCase("en", "get_time", { timezone: "Asia/Tokyo" });
const berlin = callCase("ru", "get_weather", { city: "Берлин" });

function verdictOf(c: Case, output: string, rules?: GradingRules, protocol: Protocol = "json") {
  const v = grade(c, { id: c.id, protocol, output }, rules);
  return { passed: v.passed, malformed: v.malformed, calls: v.calls.length, reason: v.reason };
}

describe("E11 widened: a Qwen-XML parameter that never closes is a broken structure (tooluse)", () => {
  const unclosed: [Case, string][] = [
    [tokyo, "<tool_call><function=get_time><parameter=timezone>Asia/Tokyo</function></tool_call>"],
    [tokyo, "<tool_call>\n<function=get_time>\n<parameter=timezone>\nAsia/Tokyo\n</function>\n</tool_call>"],
    [tokyo, "<function=get_time><parameter=timezone>Asia/Tokyo</function>"],
    [
      berlin,
      "Сейчас узнаю:\n<tool_call>\n<function=get_weather>\n<parameter=city>\nБерлин\n</function>\n</tool_call>",
    ],
    // The first of two parameters runs into the second: where its value ends is a guess.
    [
      berlin,
      "<tool_call>\n<function=get_weather>\n<parameter=city>\nБерлин\n<parameter=unit>\ncelsius\n</parameter>\n</function>\n</tool_call>",
    ],
  ];
  it.each(unclosed)("%#: is a malformed attempt, not a call", (c, output) => {
    expect(verdictOf(c, output)).toMatchObject(ATTEMPT);
  });

  it.each(unclosed)("%#: spec1 reads the call it holds, as before", (c, output) => {
    expect(verdictOf(c, output, SPEC1_RULES)).toMatchObject(CALL);
  });

  it("the same values well-formed, in any layout, are the call", () => {
    for (const output of [
      "<tool_call><function=get_time><parameter=timezone>Asia/Tokyo</parameter></function></tool_call>",
      "<tool_call>\n<function=get_time>\n<parameter=timezone>\nAsia/Tokyo\n</parameter>\n</function>\n</tool_call>",
      "<function=get_time>\n  <parameter=timezone>Asia/Tokyo</parameter>\n</function>",
    ])
      expect(verdictOf(tokyo, output)).toMatchObject(CALL);
  });

  it("the broken shape inside a sentence is a mention, as any tag there is", () => {
    const output =
      "I'd write <function=get_time><parameter=timezone>Asia/Tokyo</function> but I won't send it.";
    expect(verdictOf(tokyo, output)).toMatchObject(MENTION);
  });
});

const KIMI_CUT =
  '<|tool_calls_section_begin|><|tool_call_begin|>functions.get_time:0<|tool_call_argument_begin|>{"timezone": "Asia/To';

describe("E7 widened: a serving template's call token with no call after it is a malformed attempt", () => {
  const cut: string[] = [
    KIMI_CUT,
    "<|tool_calls_section_begin|><|tool_call_begin|>functions.get_time:0<|tool_call_argument_begin|>",
    "<|tool_calls_section_begin|>",
    "<|tool_call_begin|>functions.get_time:0",
    `Let me check.\n${KIMI_CUT}`,
    `Сейчас посмотрю.\n${KIMI_CUT}`,
    "[TOOL_CALLS]",
    '[TOOL_CALLS]get_time[ARGS]{"timezone": "Asia/To',
    "<|python_tag|>",
    "<|action_start|><|plugin|>\n",
    "<｜tool▁calls▁begin｜>",
  ];
  it.each(cut)("%j is an attempt", (output) => {
    expect(verdictOf(tokyo, output)).toMatchObject(ATTEMPT);
  });

  it("inside native content too", () => {
    const output = JSON.stringify({ content: KIMI_CUT, tool_calls: [] });
    expect(verdictOf(tokyo, output, undefined, "native")).toMatchObject(ATTEMPT);
  });

  it("cut-offs that already held a call-object key stay attempts (controls)", () => {
    for (const output of [
      '[TOOL_CALLS][{"name": "get_time", "arguments": {"timezone": "Asia/To',
      '<|python_tag|>{"name": "get_time", "parameters": {"timezone": "Asia/To',
      '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_time<｜tool▁sep｜>{"timezone": "Asia/To',
    ])
      expect(verdictOf(tokyo, output)).toMatchObject(ATTEMPT);
  });

  it("a sentence that names the token is prose, in text and in native content", () => {
    for (const output of [
      "Kimi writes <|tool_call_begin|> before each call.",
      "Kimi пишет <|tool_call_begin|> перед каждым вызовом.",
      "Mistral models put [TOOL_CALLS] before the list of calls.",
      "The token `<|python_tag|>` opens a Llama call.",
      "I won't send it, but it would start with <|tool_calls_section_begin|>",
    ])
      expect(verdictOf(tokyo, output)).toMatchObject(MENTION);
    const native = JSON.stringify({
      content: "Kimi writes <|tool_call_begin|> before each call.",
      tool_calls: [],
    });
    expect(verdictOf(tokyo, native, undefined, "native")).toMatchObject(MENTION);
  });

  it("a complete Kimi K2 block is the call, as before; spec1 is unchanged on the cut one", () => {
    const whole =
      '<|tool_calls_section_begin|><|tool_call_begin|>functions.get_time:0<|tool_call_argument_begin|>{"timezone": "Asia/Tokyo"}<|tool_call_end|><|tool_calls_section_end|>';
    expect(verdictOf(tokyo, whole)).toMatchObject(CALL);
    expect(verdictOf(tokyo, KIMI_CUT, SPEC1_RULES)).toMatchObject(MENTION);
  });
});

function conversion(from: string, to: string) {
  return JSON.stringify({ name: "convert_units", arguments: { value: 10, from_unit: from, to_unit: to } });
}
const speed = callCase("en", "convert_units", {
  value: 10,
  from_unit: "meters_per_second",
  to_unit: "kilometers_per_hour",
});
const russianSpeed = callCase("ru", "convert_units", {
  value: 10,
  from_unit: "miles_per_hour",
  to_unit: "kilometers_per_hour",
});

describe("units written as a ratio are the per-unit (both profiles)", () => {
  const ratios: [string, string, Case][] = [
    ["meter/second", "km/h", speed],
    ["metres/second", "kilometre/hour", speed],
    ["meters / seconds", "kilometers/hr", speed],
    ["m/sec", "km/hour", speed],
    ["метр/секунду", "километров/час", speed],
    ["mile/hour", "км/ч", russianSpeed],
    ["mi/hr", "kilometres/h", russianSpeed],
  ];
  it.each(ratios)("%s → %s passes", (from, to, c) => {
    expect(verdictOf(c, conversion(from, to))).toMatchObject(CALL);
    expect(verdictOf(c, conversion(from, to), SPEC1_RULES)).toMatchObject(CALL);
  });

  it("a ratio that names no unit the table has resolves to nothing, and a different speed is wrong", () => {
    expect(verdictOf(speed, conversion("meter/kilogram", "km/h"))).toMatchObject({
      passed: false,
      calls: 1,
      reason: 'wrong arguments: from_unit="meter/kilogram", expected "meters_per_second"',
    });
    expect(verdictOf(speed, conversion("mile/hour", "km/h"))).toMatchObject({ passed: false, calls: 1 });
    expect(verdictOf(speed, conversion("meter/second", "meter/hour"))).toMatchObject({ passed: false });
  });
});

function exchange(amount: unknown) {
  return JSON.stringify({
    name: "convert_currency",
    arguments: { amount, from_currency: "USD", to_currency: "EUR" },
  });
}
const dollars = (amount: number) =>
  callCase("en", "convert_currency", { amount, from_currency: "USD", to_currency: "EUR" });

describe("grouped digits are no number a tool reads (both profiles), and the reason says so", () => {
  const grouped: [number, string][] = [
    [1250, "1,250"],
    [1250, "1 250"],
    [1250, "1\u00a0250"],
    [12500.5, "12,500.50"],
    [1_000_000, "1,000,000"],
  ];
  it.each(grouped)("%d written %j is a wrong argument", (amount, text) => {
    for (const rules of [undefined, SPEC1_RULES])
      expect(verdictOf(dollars(amount), exchange(text), rules)).toEqual({
        passed: false,
        malformed: false,
        calls: 1,
        reason: `wrong arguments: amount=${JSON.stringify(text)} is not a number (digit grouping), expected ${amount}`,
      });
  });

  it("plain numeric text, a number and a Russian decimal comma still pass; expressions evaluate as before", () => {
    for (const amount of ["1250", 1250, "1250.0", " 1250 ", "1.25e3"])
      expect(verdictOf(dollars(1250), exchange(amount))).toMatchObject(CALL);
    expect(verdictOf(dollars(2.5), exchange("2,5"))).toMatchObject(CALL);
    const sum = callCase("en", "calculator", { expression: "1000" });
    for (const expression of ["1 000", "1,000", "999+1"])
      expect(verdictOf(sum, JSON.stringify({ name: "calculator", arguments: { expression } }))).toMatchObject(
        CALL,
      );
  });
});
