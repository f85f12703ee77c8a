import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { decodeNativeReply, encodeNativeReply } from "./native.js";

describe("native replies", () => {
  it("round-trips content and tool_calls with string arguments", () => {
    const text = encodeNativeReply(null, [
      { id: "a", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } },
    ]);
    expect(decodeNativeReply(text)).toEqual({
      content: "",
      calls: [{ name: "get_weather", arguments: { city: "Paris" } }],
      malformed: false,
    });
  });

  it("reads object arguments and empty argument strings", () => {
    const text = JSON.stringify({
      content: "ok",
      tool_calls: [
        { function: { name: "a", arguments: { x: 1 } } },
        { function: { name: "b", arguments: "" } },
      ],
    });
    expect(decodeNativeReply(text).calls).toEqual([
      { name: "a", arguments: { x: 1 } },
      { name: "b", arguments: {} },
    ]);
  });

  it("flags arguments that are not a JSON object as malformed", () => {
    const text = encodeNativeReply(null, [{ function: { name: "a", arguments: "{city: Paris" } }]);
    expect(decodeNativeReply(text)).toEqual({ content: "", calls: [], malformed: true });
  });

  it("treats text that is not a message as plain content", () => {
    expect(decodeNativeReply("Canberra.")).toEqual({ content: "Canberra.", calls: [], malformed: false });
    expect(decodeNativeReply("[1,2]")).toEqual({ content: "[1,2]", calls: [], malformed: false });
  });
});

/** The schema native replies were read with before they were checked by hand: the reference the property holds to. */
const REFERENCE_SCHEMA = z.object({
  content: z.string().nullish(),
  tool_calls: z
    .array(
      z.object({
        function: z.object({
          name: z.string(),
          arguments: z.union([z.string(), z.record(z.string(), z.unknown())]),
        }),
      }),
    )
    .nullish(),
});

function referenceDecode(output: string) {
  let value: unknown;
  try {
    value = JSON.parse(output);
  } catch {
    return { content: output, calls: [], malformed: false };
  }
  const parsed = REFERENCE_SCHEMA.safeParse(value);
  if (!parsed.success) return { content: output, calls: [], malformed: false };
  const calls: { name: string; arguments: Record<string, unknown> }[] = [];
  let malformed = false;
  for (const toolCall of parsed.data.tool_calls ?? []) {
    const raw = toolCall.function.arguments;
    let args: Record<string, unknown> | undefined;
    if (typeof raw !== "string") args = raw;
    else if (raw.trim() === "") args = {};
    else {
      try {
        const value: unknown = JSON.parse(raw);
        args =
          value && typeof value === "object" && !Array.isArray(value)
            ? (value as Record<string, unknown>)
            : undefined;
      } catch {
        args = undefined;
      }
    }
    if (args === undefined) malformed = true;
    else calls.push({ name: toolCall.function.name, arguments: args });
  }
  return { content: parsed.data.content ?? "", calls, malformed };
}

describe("native replies are read as the schema reads them", () => {
  const scalar = fc.oneof(fc.string({ maxLength: 6 }), fc.integer(), fc.boolean(), fc.constant(null));
  const json = fc.oneof(
    scalar,
    fc.array(scalar, { maxLength: 2 }),
    fc.dictionary(fc.string({ maxLength: 3 }), scalar, { maxKeys: 2 }),
  );
  /** Mostly well-formed pieces, so the generated messages reach every branch (calls read, malformed, not a message). */
  const mostly = <T, U>(good: fc.Arbitrary<T>, other: fc.Arbitrary<U>) =>
    fc.oneof({ arbitrary: good, weight: 4 }, { arbitrary: other, weight: 1 });
  const args = mostly(
    fc.oneof(
      fc.constantFrom('{"city": "Paris"}', "", "  ", "{city: Paris", "[1]", "null"),
      fc.dictionary(fc.constantFrom("city", "__proto__", "constructor", "n"), scalar, { maxKeys: 3 }),
    ),
    json,
  );
  const fn = fc.record(
    { name: mostly(fc.constantFrom("get_weather", "", "a.b"), json), arguments: args, extra: json },
    { requiredKeys: ["name", "arguments"] },
  );
  const toolCall = mostly(
    fc.record({ function: mostly(fn, json), id: json }, { requiredKeys: ["function"] }),
    json,
  );
  const message = fc.record(
    {
      content: mostly(fc.oneof(fc.string({ maxLength: 8 }), fc.constant(null)), json),
      tool_calls: mostly(fc.array(toolCall, { maxLength: 3 }), fc.oneof(fc.constant(null), json)),
      role: json,
    },
    { requiredKeys: [] },
  );

  it("on every message-like JSON value, and on text that is not JSON", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          message.map((m) => JSON.stringify(m)),
          fc.string({ maxLength: 20 }),
        ),
        (output) => {
          expect(JSON.stringify(decodeNativeReply(output))).toBe(JSON.stringify(referenceDecode(output)));
          expect(decodeNativeReply(output)).toStrictEqual(referenceDecode(output));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("drops an argument named __proto__, as the schema did, and keeps every other key", () => {
    const text = '{"tool_calls": [{"function": {"name": "f", "arguments": {"__proto__": 1, "a": 2}}}]}';
    expect(JSON.stringify(decodeNativeReply(text).calls)).toBe('[{"name":"f","arguments":{"a":2}}]');
  });
});
