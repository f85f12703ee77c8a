/**
 * E8's cut tail (2.9.0; docs/spec-conformance.md E8): complete calls, then a call cut off by the end of the output.
 * Hand-checked rows through `extractCalls` and `grade`, controls that must not change, a seeded relation per dialect
 * (fast-check, 200 draws) and a never-throws property. The relation fails on 2.8.0, which read a cut repeat either
 * as no call or as the calls alone.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Protocol } from "../cases/schema.js";
import { SPEC1_RULES } from "../grade/rules.js";
import { type Dialect, shape } from "../grade/test-support/phrase-grammars.js";
import { protocolOf, shapeReading, weatherCase } from "../grade/test-support/synthetic-cases.js";
import { cutTailStart } from "./cut-tail.js";
import { extractCalls } from "./index.js";

const RUNS = 200;
const SEED = 2909;
const TOOLUSE = { mentions: true, truncated: "attempt", broken: "attempt" } as const;
const rome = weatherCase("en", "Rome");
const json = '{"name": "get_weather", "arguments": {"city": "Rome"}}';
const verdictOf = (output: string, protocol: Protocol = "json") => {
  const { passed, malformed, calls, reason } = shapeReading(rome, output, protocol);
  return { passed, malformed, calls, cutTail: reason.includes("then a call cut off") };
};
const CUT = { passed: false, malformed: true, calls: 1, cutTail: true };

describe("a cut tail: the calls are read, the output is malformed beside them and fails", () => {
  it("reads a repeat cut off right after the call, or on a line of its own, in every family", () => {
    expect(verdictOf(`${json}{"name": "get_weather"`)).toEqual(CUT);
    expect(verdictOf(`${json}\n${json.slice(0, 30)}`)).toEqual(CUT);
    expect(verdictOf(`<tool_call>${json}</tool_call>\n<tool_call>${json.slice(0, 20)}`, "xml")).toEqual(CUT);
    expect(verdictOf('get_weather(city="Rome")\nget_weather(city="Ro', "json")).toEqual(CUT);
    expect(verdictOf("TOOL get_weather | city=Rome\nTOOL get_weather | ci", "plain")).toEqual(CUT);
    expect(verdictOf(`${json}\n${json}\n{"name": "get_wea`)).toEqual({ ...CUT, calls: 2 });
  });
  it("keeps the extraction's calls and names the tail", () => {
    const extraction = extractCalls(`${json}{"name": "get_weather", "argu`, TOOLUSE);
    expect(extraction).toMatchObject({ calls: [{ name: "get_weather" }], malformed: false, cutTail: true });
    expect(extraction.prose).toBe("");
  });
  it("leaves whole repeats, stray tags, talk and SPEC 1.0 as they were (controls)", () => {
    // Two whole calls are two calls, not a tail.
    expect(verdictOf(`${json}\n${json}`)).toEqual({
      passed: false,
      malformed: false,
      calls: 2,
      cutTail: false,
    });
    // A bare opening tag after the call is a stray token.
    expect(verdictOf(`${json}<tool_call>`)).toEqual({
      passed: true,
      malformed: false,
      calls: 1,
      cutTail: false,
    });
    // A fragment after words is talk, for the mention rules: no tail is set aside.
    expect(extractCalls(`${json}\nNext I'd send {"name": "get_wea`, TOOLUSE).cutTail).toBeUndefined();
    // A lone cut call is E8's malformed attempt, as before.
    expect(verdictOf('{"name": "get_weather", "arguments": {"ci')).toMatchObject({
      calls: 0,
      malformed: true,
    });
    // SPEC 1.0 has no such rule.
    const spec1 = shapeReading(rome, `${json}{"name": "get_weather"`, "json", SPEC1_RULES);
    expect(spec1.reason).not.toContain("cut off");
  });
});

/** Where a shape may be cut so that what is left is begun but unreadable: past its opener, before it closes. */
function cutOf(dialect: Dialect, text: string, at: number): string {
  if (dialect === "plain")
    return ["TOOL get_weather |", "TOOL get_weather | ci", "TOOL get_weather | city="][at % 3] ?? "";
  const opener = dialect === "pythonic" ? "get_weather(".length : text.indexOf("get_weather") + 2;
  const end = Math.floor(text.length * 0.7);
  return text.slice(0, opener + (at % Math.max(1, end - opener)));
}

describe("a cut tail in every dialect (generated)", () => {
  const dialects: Dialect[] = ["json", "json-list", "hermes", "qwen-xml", "glm", "pythonic", "plain"];
  it("N whole calls and a cut one read as N calls, malformed, failing", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...dialects),
        fc.integer({ min: 1, max: 3 }),
        fc.nat(400),
        fc.constantFrom("", "\n", "\n\n"),
        (dialect, whole, at, gap) => {
          const call = shape(dialect, "Rome");
          const separator = dialect === "plain" || dialect === "pythonic" ? "\n" : gap;
          const output = [...Array.from({ length: whole }, () => call), cutOf(dialect, call, at)].join(
            separator,
          );
          const read = shapeReading(rome, output, protocolOf(dialect));
          expect({ output, calls: read.calls, malformed: read.malformed, passed: read.passed }).toEqual({
            output,
            calls: whole,
            malformed: true,
            passed: false,
          });
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });
  it("never throws and stays linear on any text (property)", () => {
    const pieces = fc.constantFrom(
      "{",
      "}",
      '{"name"',
      "<tool_call>",
      "</tool_call>",
      "TOOL x |",
      "f(",
      ")",
      "\n",
      " ",
      "a",
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 400 }), (parts) => {
        const text = parts.join("");
        const started = performance.now();
        cutTailStart(text, () => false);
        extractCalls(text, TOOLUSE);
        expect(performance.now() - started).toBeLessThan(2000);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
