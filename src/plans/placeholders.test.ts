import { describe, expect, it } from "vitest";
import { maskPlaceholders, readPlaceholderGroup, readPromptPlaceholders } from "./placeholders.js";

describe("placeholders", () => {
  it("reads the four kinds in a prompt", () => {
    expect(readPromptPlaceholders("(query) (2) (tool 3) (sub-query 4) (Sub-Query 5)")).toEqual({
      refs: [
        { kind: "query" },
        { kind: "step", step: 2 },
        { kind: "tool", step: 3 },
        { kind: "sub-query", step: 4 },
        { kind: "sub-query", step: 5 },
      ],
      malformed: [],
    });
  });

  it.each(["(1, 2)", "(step 1)", "(1 and 2)", "(steps 1 & 2)"])(
    "flags %s but keeps its step numbers",
    (text) => {
      const reading = readPromptPlaceholders(`Combine ${text}`);
      expect(reading.malformed).toHaveLength(1);
      expect(reading.refs.every((ref) => ref.kind === "step")).toBe(true);
    },
  );

  it("ignores parentheses that are prose", () => {
    expect(readPromptPlaceholders("calls (e.g. refunds) longer than 30 minutes (in total)")).toEqual({
      refs: [],
      malformed: [],
    });
  });

  it("reads placeholder groups in argument position", () => {
    expect(readPlaceholderGroup("").refs).toEqual([]);
    expect(readPlaceholderGroup("1").refs).toEqual([{ kind: "step", step: 1 }]);
    expect(readPlaceholderGroup("(1), (3)").refs).toEqual([
      { kind: "step", step: 1 },
      { kind: "step", step: 3 },
    ]);
    expect(readPlaceholderGroup("1, 2").malformed).toEqual(["(1, 2)"]);
    expect(readPlaceholderGroup("calls").malformed).toEqual(["(calls)"]);
    expect(readPlaceholderGroup("(1), extra").malformed).toEqual(["((1), extra)"]);
  });

  it("masks placeholders so numbering does not change the words", () => {
    expect(maskPlaceholders("Combine (2) and (3) for (query)")).toBe(
      maskPlaceholders("Combine (5) and (7) for (query)"),
    );
  });
});
