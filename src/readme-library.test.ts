/**
 * The README's "Library" examples are real programs: each ```ts block is, verbatim, a file in examples/, which the
 * project's type check (`tsc --noEmit`, part of `npm test`; tsconfig maps "tooluse" to src/index.ts) compiles, and
 * which this test runs: it must print something and exit 0. Also pins the TypeErrors a JavaScript caller gets.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as library from "./index.js";
import { DEFAULT_CASES_FILE, PACKAGE_ROOT } from "./paths.js";

const readme = readFileSync(join(PACKAGE_ROOT, "README.md"), "utf8");
const start = readme.indexOf("\n## Library\n");
const section = readme.slice(start, readme.indexOf("\n## ", start + 5));
const examples = [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] ?? "");
const EXAMPLES = join(PACKAGE_ROOT, "examples");
const files = readdirSync(EXAMPLES).filter((name) => name.endsWith(".ts"));

describe("README Library section", () => {
  it("shows exactly the programs in examples/, which the type check compiles", () => {
    expect(examples.length).toBeGreaterThanOrEqual(3);
    const sources = files.map((name) => readFileSync(join(EXAMPLES, name), "utf8")).sort();
    expect([...examples].sort()).toEqual(sources);
    const tsconfig = readFileSync(join(PACKAGE_ROOT, "tsconfig.json"), "utf8");
    expect(tsconfig).toMatch(/"include": \[[^\]]*"examples"/);
    for (const code of examples) expect(code).toContain('from "tooluse"');
  });

  it.each(files)("examples/%s runs to a clean exit with output", (name) => {
    const result = spawnSync(process.execPath, ["--import", "tsx", join(EXAMPLES, name)], {
      cwd: PACKAGE_ROOT,
      encoding: "utf8",
    });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).not.toBe("");
  });
});

describe("the public API checks its arguments", () => {
  const [testCase] = library.loadCases(DEFAULT_CASES_FILE);
  if (!testCase) throw new Error("empty corpus");
  const call = (fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      expect(error).toBeInstanceOf(TypeError);
      return (error as Error).message;
    }
    throw new Error("expected a TypeError");
  };
  const loose = library as unknown as Record<string, (...args: unknown[]) => unknown>;

  it.each([
    [
      () => loose.grade?.(testCase, { id: testCase.id, protocol: "json", output: 123 }),
      "grade(output).output: expected a string (the raw model output), got number",
    ],
    [
      () => loose.grade?.(testCase, { id: testCase.id, protocol: "bogus", output: "" }),
      'grade(output).protocol: expected one of json, xml, plain, native, got "bogus"',
    ],
    [() => loose.grade?.({ id: 1 }, { id: "x", protocol: "json", output: "" }), "grade(testCase)."],
    [
      () => loose.grade?.(testCase, null),
      "grade(output): expected an object {id, protocol, output}, got null",
    ],
    [() => loose.summarize?.("verdicts", []), "summarize(verdicts): expected an array of verdicts, got"],
    [() => loose.extractCalls?.(42), "extractCalls(raw): expected a string, got number"],
    [
      () => loose.renderPrompt?.(testCase, "yaml"),
      'renderPrompt(protocol): expected one of json, xml, plain, native, got "yaml"',
    ],
    [() => loose.wilsonInterval?.(5, 3), "wilsonInterval(successes): expected at most trials (3)"],
    [() => loose.mcnemarExact?.(-1, 2), "mcnemarExact(b): expected a whole number ≥ 0, got number"],
  ])("%#: a bad argument is a TypeError naming it", (fn, message) => {
    expect(call(fn)).toContain(`tooluse: ${message}`);
  });
});
