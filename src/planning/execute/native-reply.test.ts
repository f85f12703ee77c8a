/** Reading R1's native replies back: ids kept, odd calls dropped, plain text as content; never throws. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { encodeNativeReply } from "../../grade/native.js";
import { decodeNativeCalls } from "./native-reply.js";

describe("decodeNativeCalls", () => {
  it("keeps each call's id, name and arguments (an object argument as JSON text)", () => {
    const text = encodeNativeReply(null, [
      { id: "c1", type: "function", function: { name: "T2S", arguments: '{"prompt":"x"}' } },
      { id: "c2", type: "function", function: { name: "LLM", arguments: { prompt: "y" } } },
      { type: "function", function: { name: "RAG", arguments: "{}" } },
    ]);
    expect(decodeNativeCalls(text)).toEqual({
      content: "",
      calls: [
        { id: "c1", type: "function", function: { name: "T2S", arguments: '{"prompt":"x"}' } },
        { id: "c2", type: "function", function: { name: "LLM", arguments: '{"prompt":"y"}' } },
      ],
    });
  });
  it("reads text that is not an encoded message as plain content", () => {
    expect(decodeNativeCalls("The answer is 4.")).toEqual({ content: "The answer is 4.", calls: [] });
    expect(decodeNativeCalls("[1, 2]")).toEqual({ content: "[1, 2]", calls: [] });
    expect(decodeNativeCalls('{"answer": 4}')).toEqual({ content: '{"answer": 4}', calls: [] });
    expect(decodeNativeCalls(encodeNativeReply("Done.", []))).toEqual({ content: "Done.", calls: [] });
  });
  it("never throws, whatever the text (seeded)", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (text) => {
        const read = decodeNativeCalls(text);
        expect(typeof read.content).toBe("string");
        expect(Array.isArray(read.calls)).toBe(true);
      }),
      { seed: 29, numRuns: 500 },
    );
  });
});
