import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_CASES_FILE,
  extractCalls,
  grade,
  loadCases,
  plans,
  summarize,
  wilsonInterval,
} from "./index.js";
import { PACKAGE_ROOT } from "./paths.js";

describe("the library's public surface", () => {
  it("grades and summarises through the documented entry points", () => {
    const cases = loadCases(DEFAULT_CASES_FILE);
    const byId = new Map(cases.map((c) => [c.id, c]));
    const testCase = byId.get("calculator-en-01");
    if (!testCase) throw new Error("the corpus lost calculator-en-01");
    const output = {
      id: testCase.id,
      protocol: "plain" as const,
      output: "TOOL calculator | expression=(45+12)",
    };
    expect(extractCalls(output.output).calls).toEqual([
      { name: "calculator", arguments: { expression: "(45+12)" } },
    ]);
    const verdict = grade(testCase, output);
    expect(verdict.passed).toBe(true);
    const summary = summarize([verdict], cases);
    expect(summary.score).toBe(1);
    expect(summary.score_ci).toEqual(wilsonInterval(1, 1));
  });

  it("offers the planning API under `plans`", () => {
    const parsed = plans.parsePlan(
      '{1: {"step": T2S([], "Fetch call_ids of calls about refunds."), "depends_on": []}}',
    );
    expect(parsed.ok).toBe(true);
  });

  it("is what package.json exports, with the CLI as bin", () => {
    const pkg = JSON.parse(readFileSync(join(PACKAGE_ROOT, "package.json"), "utf8"));
    expect(pkg.exports["."]).toEqual({ types: "./dist/index.d.ts", default: "./dist/index.js" });
    expect(pkg.bin).toEqual({ tooluse: "bin/tooluse.js" });
    expect(pkg.type).toBe("module");
  });
});
