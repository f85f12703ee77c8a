/** The role reader takes any string: it never throws, gives every unit a role, and stays fast on hostile input. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { extractCalls } from "../../extract/index.js";
import { readReply } from "./reply-roles.js";

const TOKENS = [
  "right ",
  "ok ",
  "не ",
  "Which city? ",
  "a: ",
  "«",
  "»",
  '"',
  "`",
  "{",
  "}",
  "\n\n",
  "> ",
  "- ",
  "I can't ",
  "e.g. ",
  "?",
  ".",
  ":",
  " — ",
  ", but ",
];
const hostile = fc
  .array(fc.oneof(fc.constantFrom(...TOKENS), fc.string()), { maxLength: 60 })
  .map((parts) => parts.join(""));

describe("readReply on any string", () => {
  it("never throws, and reads one role per unit", () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const reading = readReply(text);
        expect(["question", "refusal", "answer"]).toContain(reading.behaviour);
        for (const unit of reading.units) expect(typeof unit.role).toBe("string");
      }),
      { numRuns: 500, seed: 25 },
    );
  });

  // Bounded by the test timeout, not a timing assertion: exponential or quadratic work here would take minutes.
  it("finishes on long runs of overlapping phrases, introductions and mentions", () => {
    for (const long of [
      `${"right ".repeat(20_000)}x`,
      "sure thing ".repeat(10_000),
      "a: b ".repeat(20_000),
      "не ".repeat(30_000),
      "Here's one:\n".repeat(10_000),
    ]) {
      readReply(long);
    }
    const calls = `${'I would send {"name": "get_weather", "arguments": {"city": "Rome"}} and '.repeat(2_000)}stop.`;
    extractCalls(calls, { mentions: true, plainLine: true });
  });
});
