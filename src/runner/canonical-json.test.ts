import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadCases } from "../cases/load.js";
import { PROTOCOLS } from "../cases/schema.js";
import { DEFAULT_CASES_FILE } from "../paths.js";
import { renderPrompt } from "../protocols/render.js";
import { canonicalJson } from "./canonical-json.js";

/** The definition every existing cache key and journal digest was made with: the fast writer must match it byte for byte. */
function reference(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

describe("canonical JSON", () => {
  it("writes every rendered ToolUse.1 request exactly as the reference does", () => {
    const cases = loadCases(DEFAULT_CASES_FILE);
    let compared = 0;
    for (const testCase of cases)
      for (const protocol of PROTOCOLS) {
        const prompt = renderPrompt(testCase, protocol);
        const request = { v: 1, backend: "openai", messages: prompt.messages, tools: prompt.tools ?? null };
        expect(canonicalJson(request)).toBe(reference(request));
        compared++;
      }
    expect(compared).toBe(cases.length * PROTOCOLS.length);
  });

  it("matches the reference on any JSON-like value, integer-like keys and holes included", () => {
    const key = fc.oneof(
      fc.string(),
      fc.constantFrom("0", "1", "10", "2", "01", "-1", "4294967294", "4294967295"),
    );
    const value = fc.letrec((tie) => ({
      leaf: fc.oneof(
        fc.string(),
        fc.double(),
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.constant(undefined),
        fc.date(),
      ),
      node: fc.oneof({ depthSize: "small" }, tie("leaf"), tie("array"), tie("object")),
      array: fc.array(tie("node"), { maxLength: 5 }),
      object: fc.dictionary(key, tie("node"), { maxKeys: 6 }),
    })).node;
    fc.assert(
      fc.property(value, (v) => canonicalJson(v) === reference(v)),
      { numRuns: 2000 },
    );
    // Holes, maps, null prototypes, boxed strings and toJSON go the reference's way too.
    // A hole made by length, not written as one (the linter rightly refuses a literal hole).
    const holed: unknown[] = [1];
    holed.length = 3;
    holed[2] = 3;
    const exotic = [
      holed,
      new Map([["a", 1]]),
      Object.create(null),
      new String("ab"),
      { toJSON: () => ({ b: 1, a: 2 }) },
    ];
    for (const v of exotic) expect(canonicalJson(v)).toBe(reference(v));
    expect(canonicalJson(undefined)).toBeUndefined();
  });
});
