import { describe, expect, it } from "vitest";
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
