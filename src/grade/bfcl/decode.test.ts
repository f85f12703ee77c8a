import { describe, expect, it } from "vitest";
import { decodeForBfcl } from "./decode.js";
import { reprValue } from "./python/repr.js";
import type { Value } from "./python/value.js";

function read(output: string, protocol: "json" | "native" | "xml" | "plain", mode: "prompt" | "fc"): string {
  const decoded = decodeForBfcl(output, protocol, mode);
  if (!decoded.ok) return "fails";
  return `${decoded.shape} ${reprValue(decoded.calls.map((c) => new Map<string, Value>([[c.name, c.arguments]])))}`;
}

const JSON_CALL = '[{"name": "f", "arguments": {"a": 1}}]';
const NATIVE =
  '{"content": null, "tool_calls": [{"function": {"name": "f", "arguments": "{\\"a\\": 1.5}"}}]}';

describe("which decoder reads an output (docs/bfcl.md, table 1)", () => {
  it("prompt mode: text is read by BFCL's prompt-mode decoder alone — JSON and tagged fences fail it", () => {
    expect(read("[f(a=1)]", "json", "prompt")).toBe("python [{'f': {'a': 1}}]");
    expect(read(JSON_CALL, "json", "prompt")).toBe("fails");
    expect(read("```python\n[f(a=1)]\n```", "json", "prompt")).toBe("fails");
    expect(read("```\n[f(a=1)]\n```", "json", "prompt")).toBe("python [{'f': {'a': 1}}]");
  });

  it("a native reply is read as its tool calls in either mode; content alone is no call", () => {
    expect(read(NATIVE, "native", "prompt")).toBe("native [{'f': {'a': 1.5}}]");
    expect(read(NATIVE, "native", "fc")).toBe("native [{'f': {'a': 1.5}}]");
    expect(read('{"content": "[f(a=1)]", "tool_calls": null}', "native", "prompt")).toBe("native []");
  });

  it("fc mode: JSON calls in every runtime form, BFCL's result form with JSON-text arguments included", () => {
    expect(read(JSON_CALL, "json", "fc")).toBe("json [{'f': {'a': 1}}]");
    expect(read('[{"f": {"a": 1}}]', "json", "fc")).toBe("json [{'f': {'a': 1}}]");
    expect(read('[{"f": "{\\"a\\": 1}"}]', "json", "fc")).toBe("json [{'f': {'a': 1}}]");
    expect(read('```json\n{"name": "f", "parameters": {"a": 1}}\n```', "json", "fc")).toBe(
      "json [{'f': {'a': 1}}]",
    );
    // Python text in fc mode: BFCL's prompt-mode decoder, exactly (its fence tag still fails it).
    expect(read("[f(a=1)]", "json", "fc")).toBe("python [{'f': {'a': 1}}]");
    expect(read("```python\n[f(a=1)]\n```", "json", "fc")).toBe("fails");
  });
});
