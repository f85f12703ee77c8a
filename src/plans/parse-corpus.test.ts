import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parsePlan } from "./parse.js";
import { VIOLATION_CODES } from "./violations.js";

/** Raw planner outputs in the shapes models write, one file each; expected.json says what a reader recovers. */
const DIRECTORY = join(import.meta.dirname, "fixtures", "raw");

const ExpectationSchema = z.strictObject({
  parse_ok: z.boolean().default(true),
  steps: z.number().int().optional(),
  tools: z.array(z.enum(["T2S", "RAG", "LLM"]).nullable()).optional(),
  /** No violation that costs format, dependencies or redundancy (notices are allowed). */
  clean: z.boolean().default(false),
  codes: z.array(z.string()).default([]),
});
const expectations = z
  .record(z.string(), ExpectationSchema)
  .parse(JSON.parse(readFileSync(join(DIRECTORY, "expected.json"), "utf8")));
const files = readdirSync(DIRECTORY).filter((file) => file.endsWith(".txt"));

describe("parser on raw planner outputs", () => {
  it("has at least 30 fixtures, each with an expectation", () => {
    expect(files.length).toBeGreaterThanOrEqual(30);
    expect(Object.keys(expectations).sort()).toEqual([...files].sort());
  });

  it.each(files)("%s", (file) => {
    const expected = ExpectationSchema.parse(expectations[file]);
    const result = parsePlan(readFileSync(join(DIRECTORY, file), "utf8"));
    expect(result.ok).toBe(expected.parse_ok);
    if (!result.ok) return;
    if (expected.steps !== undefined) expect(result.steps).toHaveLength(expected.steps);
    if (expected.tools) expect(result.steps.map((step) => step.tool)).toEqual(expected.tools);
    const codes = result.violations.map((v) => v.code);
    for (const code of expected.codes) expect(codes).toContain(code);
    if (expected.clean) {
      const costly = result.violations.filter((v) => VIOLATION_CODES[v.code].metrics.length > 0);
      expect(costly).toEqual([]);
    }
    for (const step of result.steps) expect(step.prompt.length).toBeGreaterThan(0);
  });
});
