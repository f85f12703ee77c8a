/** The 2.0 readers take any string: they never throw and stay fast on hostile input (property tests). */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileConstraint, foldAnswer } from "../cases/constraint.js";
import { readHarmony } from "../extract/harmony.js";
import { extractCalls } from "../extract/index.js";
import { blankInlineMentions } from "../extract/mentions.js";
import { classifyBehaviour } from "./behaviour.js";

const TOKENS = [
  "<|channel|>",
  "<|message|>",
  "<|start|>",
  "<|end|>",
  "<|call|>",
  "to=functions.x",
  "`",
  "?",
  ".",
  "\n",
  "не могу",
  "I can't",
  "Which",
  "{",
  "}",
  "<tool_call>",
  "name",
];
const hostile = fc
  .array(fc.oneof(fc.constantFrom(...TOKENS), fc.string()), { maxLength: 40 })
  .map((parts) => parts.join(""));

describe("2.0 readers on any string", () => {
  it("never throw, and keep their contracts", () => {
    const numbers = compileConstraint("1024");
    fc.assert(
      fc.property(hostile, (text) => {
        expect(["question", "refusal", "answer"]).toContain(classifyBehaviour(text));
        expect(blankInlineMentions(text)).toHaveLength(text.length);
        const harmony = readHarmony(text);
        if (harmony) expect(Array.isArray(harmony.calls)).toBe(true);
        extractCalls(text, { mentions: true, plainLine: false });
        numbers.test(foldAnswer(text));
      }),
      { numRuns: 500 },
    );
  });

  // Bounded by the test timeout, not a timing assertion: quadratic work on ~500 KB would take minutes.
  it("finish on long hostile input", () => {
    const long = `${"Could you. U.S. ".repeat(20_000)}${"`x` ".repeat(20_000)}${"<|start|>".repeat(5_000)}`;
    classifyBehaviour(long);
    extractCalls(long, { mentions: true, plainLine: false });
    compileConstraint("минут").test(foldAnswer(long));
  });
});
