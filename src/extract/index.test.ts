import { describe, expect, it } from "vitest";
import { CATALOGUE } from "../tools/catalogue.js";
import { extractCalls, stripThinking } from "./index.js";
import { customTool } from "./test-support/context.js";

describe("extractCalls: the chain", () => {
  it("reads each protocol's reference call", () => {
    expect(extractCalls('{"name": "get_weather", "arguments": {"city": "Berlin"}}')).toEqual({
      calls: [{ name: "get_weather", arguments: { city: "Berlin" } }],
      malformed: false,
      prose: "",
      shape: "json",
    });
    expect(
      extractCalls(
        "<tool_call><function=get_weather><parameter=city>Berlin</parameter></function></tool_call>",
      ).shape,
    ).toBe("xml");
    expect(extractCalls("TOOL get_weather | city=Berlin").shape).toBe("plain");
    expect(extractCalls('{"city": "Berlin"}').shape).toBe("bare_arguments");
  });

  it("reads JSON inside <tool_call> once, as XML", () => {
    const result = extractCalls(
      '<tool_call>{"name": "get_weather", "arguments": {"city": "Berlin"}}</tool_call>',
    );
    expect(result.calls).toHaveLength(1);
    expect(result.shape).toBe("xml");
  });

  it("lets XML win over JSON and JSON over TOOL lines", () => {
    const xmlAndJson =
      '<function=get_time><parameter=timezone>UTC</parameter></function>\n{"name": "get_weather", "arguments": {"city": "Rome"}}';
    expect(extractCalls(xmlAndJson).calls).toEqual([{ name: "get_time", arguments: { timezone: "UTC" } }]);
    const jsonAndPlain =
      'TOOL get_time | timezone=UTC\n{"name": "get_weather", "arguments": {"city": "Rome"}}';
    expect(extractCalls(jsonAndPlain).calls).toEqual([{ name: "get_weather", arguments: { city: "Rome" } }]);
  });

  it("does not fall back to bare arguments inside a broken tagged call", () => {
    const result = extractCalls(
      '<tool_call>{"name": "get_weather", "arguments": {"city": "Rome"}</tool_call>',
    );
    expect(result).toMatchObject({ calls: [], malformed: true });
  });

  it("strips thinking before extracting", () => {
    expect(extractCalls('<think>maybe {"name": "calculator", "arguments": {}}</think>It is 4.')).toEqual({
      calls: [],
      malformed: false,
      prose: "It is 4.",
      shape: null,
    });
  });

  it("finds no call in an unclosed <think> and leaves empty prose", () => {
    expect(extractCalls("<think>TOOL calculator | expression=2+2")).toEqual({
      calls: [],
      malformed: false,
      prose: "",
      shape: null,
    });
  });

  it("reads bare arguments against the offered tools", () => {
    const tools = [CATALOGUE.save_note, customTool("post_message", ["text"])];
    expect(extractCalls('{"text": "hi"}', { tools }).calls).toEqual([]);
    expect(
      extractCalls('{"text": "hi"}', { tools: [CATALOGUE.save_note, CATALOGUE.translate] }).calls,
    ).toEqual([{ name: "save_note", arguments: { text: "hi" } }]);
  });

  it("accepts {name} alone for an alias of an offered tool", () => {
    expect(extractCalls('{"name": "clock"}').calls).toEqual([{ name: "clock", arguments: {} }]);
    expect(extractCalls('{"name": "clock"}', { tools: [CATALOGUE.calculator] }).calls).toEqual([]);
  });
});

describe("extractCalls: prose", () => {
  it("is the text minus thinking and call payloads, whitespace tidied", () => {
    const raw =
      'done</think>\n\nChecking   now.\n```json\n{"name": "get_weather", "arguments": {"city": "Rome"}}\n```\n\n\n\nBye.';
    expect(extractCalls(raw).prose).toBe("Checking now.\n\nBye.");
  });

  it("is the whole tidied answer when there is no call", () => {
    expect(extractCalls("<think>x</think>  The capital is   Canberra. ").prose).toBe(
      "The capital is Canberra.",
    );
  });

  it("keeps words apart where a payload sat between them", () => {
    expect(extractCalls('Sure!{"name": "x", "arguments": {}}Done').prose).toBe("Sure! Done");
  });
});

describe("stripThinking export", () => {
  it("is the same function the chain uses", () => {
    expect(stripThinking("a</think>b")).toBe("b");
  });
});
