import { describe, expect, it } from "vitest";
import { contextFor } from "./test-support/context.js";
import { extractXml, readTypedValue } from "./xml.js";

function calls(text: string) {
  return extractXml(text, contextFor(text)).calls;
}

describe("extractXml: Qwen3-Coder blocks", () => {
  it("reads the protocol's one-line form", () => {
    expect(
      calls("<tool_call><function=get_weather><parameter=city>Berlin</parameter></function></tool_call>"),
    ).toEqual([{ name: "get_weather", arguments: { city: "Berlin" } }]);
  });

  it("reads values on their own lines, with whitespace between tags", () => {
    const text =
      "<tool_call>\n<function=translate>\n<parameter=text>\nGood morning\n</parameter>\n  <parameter=target_language>\nfr\n</parameter>\n</function>\n</tool_call>";
    expect(calls(text)).toEqual([
      { name: "translate", arguments: { text: "Good morning", target_language: "fr" } },
    ]);
  });

  it("keeps multi-line values, trimmed", () => {
    const text = "<function=save_note>\n<parameter=text>\nline one\nline two\n</parameter>\n</function>";
    expect(calls(text)).toEqual([{ name: "save_note", arguments: { text: "line one\nline two" } }]);
  });

  it("reads typed values", () => {
    const text =
      '<tool_call>\n<function=convert_currency>\n<parameter=amount>\n100\n</parameter>\n<parameter=from_currency>\nUSD\n</parameter>\n<parameter=flag>\ntrue\n</parameter>\n<parameter=extra>\n{"width": 10, \n "height": 20}\n</parameter>\n</function>\n</tool_call>';
    expect(calls(text)).toEqual([
      {
        name: "convert_currency",
        arguments: { amount: 100, from_currency: "USD", flag: true, extra: { width: 10, height: 20 } },
      },
    ]);
  });

  it("reads a function block without the <tool_call> wrapper", () => {
    expect(
      calls(
        "Let me check.\n<function=get_time>\n<parameter=timezone>\nEurope/Berlin\n</parameter>\n</function>",
      ),
    ).toEqual([{ name: "get_time", arguments: { timezone: "Europe/Berlin" } }]);
  });

  it("reads several blocks in order", () => {
    const one = "<tool_call><function=get_weather><parameter=city>Dallas</parameter></function></tool_call>";
    const two = "<tool_call><function=get_weather><parameter=city>Orlando</parameter></function></tool_call>";
    expect(calls(`${one}\n${two}`).map((call) => call.arguments.city)).toEqual(["Dallas", "Orlando"]);
  });

  it("reads a block truncated before its closing tags", () => {
    expect(calls("<tool_call>\n<function=calculator>\n<parameter=expression>\n2+2")).toEqual([
      { name: "calculator", arguments: { expression: "2+2" } },
    ]);
  });

  it("ends a value without </parameter> at the next parameter", () => {
    expect(calls("<function=f><parameter=a>1<parameter=b>x</parameter></function>")).toEqual([
      { name: "f", arguments: { a: 1, b: "x" } },
    ]);
  });

  it("reads JSON arguments in a function body (Hermes-2-Pro variant)", () => {
    expect(calls('<function=get_weather>{"city": "Rome"}</function>')).toEqual([
      { name: "get_weather", arguments: { city: "Rome" } },
    ]);
  });

  it("yields nothing for a function tag without a readable name", () => {
    expect(calls("<tool_call><function=>x</function></tool_call>")).toEqual([]);
    expect(calls("<function=get weather><parameter=city>Rome</parameter></function>")).toEqual([]);
  });
});

describe("extractXml: Hermes blocks", () => {
  it("reads JSON inside the tags", () => {
    expect(
      calls('<tool_call>\n{"name": "final_answer", "arguments": {"trigger": true}}\n</tool_call>'),
    ).toEqual([{ name: "final_answer", arguments: { trigger: true } }]);
  });

  it("reads Python-dict quoting inside the tags", () => {
    expect(
      calls(
        "<tool_call>\n{'arguments': {'symbol': 'TSLA'}, 'name': 'get_current_stock_price'}\n</tool_call>",
      ),
    ).toEqual([{ name: "get_current_stock_price", arguments: { symbol: "TSLA" } }]);
  });

  it("reads several blocks", () => {
    const text =
      '<tool_call>{"name": "search", "arguments": {"q": "cats"}}</tool_call><tool_call>{"name": "search", "arguments": {"q": "dogs"}}</tool_call>';
    expect(calls(text).map((call) => call.arguments.q)).toEqual(["cats", "dogs"]);
  });

  it("reads a block with no closing tag at the end of the output", () => {
    expect(calls('<tool_call>\n{"name": "final_answer", "arguments": {"trigger": true}}')).toEqual([
      { name: "final_answer", arguments: { trigger: true } },
    ]);
  });

  it("parses arguments serialised as a JSON string", () => {
    expect(
      calls('<tool_call>{"name": "get_db_config", "arguments": "{\\"param\\": \\"max\\"}"}</tool_call>'),
    ).toEqual([{ name: "get_db_config", arguments: { param: "max" } }]);
  });

  it("accepts a name without arguments inside the tags", () => {
    expect(calls('<tool_call>{"name": "get_time"}</tool_call>')).toEqual([
      { name: "get_time", arguments: {} },
    ]);
  });

  it("yields nothing for broken JSON, and does not read its inner object", () => {
    expect(
      calls('<tool_call>\n{"name": "final_answer", "arguments": {"trigger": true}\n</tool_call>'),
    ).toEqual([]);
  });

  it("records the span of every block, read or not", () => {
    const text = 'A <tool_call>{"name": "x", "arguments": {}}</tool_call> B';
    expect(extractXml(text, contextFor(text)).spans).toEqual([{ start: 2, end: 55 }]);
  });
});

describe("readTypedValue", () => {
  it.each([
    ["\n42\n", 42],
    ["3.14", 3.14],
    ["-1e3", -1000],
    ["true", true],
    ["false", false],
    ["null", null],
    ['{"a": 1}', { a: 1 }],
    ["[1, 2]", [1, 2]],
    ["{'a': True}", { a: true }],
    ["  hello world  ", "hello world"],
    ["007", "007"],
    ["2+2", "2+2"],
    ['"quoted"', '"quoted"'],
    ["{not json", "{not json"],
    ["", ""],
  ])("reads %j as %j", (raw, expected) => {
    expect(readTypedValue(raw)).toEqual(expected);
  });
});
