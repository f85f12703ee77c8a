import { describe, expect, it } from "vitest";
import { extractCalls } from "./index.js";
import { unwrapToolCodePrints } from "./tool-code.js";

const twoPointO = { mentions: true, truncated: "attempt" as const };

describe("Gemma's tool_code fences", () => {
  it("blanks the print wrapper and keeps every offset", () => {
    const text = '```tool_code\nprint(default_api.get_weather(city="Rome"))\n```';
    const unwrapped = unwrapToolCodePrints(text);
    expect(unwrapped).toHaveLength(text.length);
    expect(unwrapped).toContain('get_weather(city="Rome") ');
    expect(unwrapped).not.toContain("print(");
  });

  it("reads the printed call as a Python-style call, named as that dialect", () => {
    const text = '```tool_code\nprint(convert_units(value=5, from_unit="kilogram", to_unit="pound"))\n```';
    const extraction = extractCalls(text, twoPointO);
    expect(extraction.calls).toEqual([
      { name: "convert_units", arguments: { value: 5, from_unit: "kilogram", to_unit: "pound" } },
    ]);
    expect(extraction.dialect).toBe("pythonic");
  });

  it("leaves other fences, and the text under spec1's chain, alone", () => {
    const python = '```python\nprint(get_weather(city="Rome"))\n```';
    expect(unwrapToolCodePrints(python)).toBe(python);
    const toolCode = '```tool_code\nprint(get_weather(city="Rome"))\n```';
    expect(extractCalls(toolCode, { ...twoPointO, dialects: false }).calls).toEqual([]);
  });
});
