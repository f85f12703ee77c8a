import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureIo } from "../test-support/capture-io.js";
import { SPEC1_VERSION, TOOLUSE_VERSION } from "../test-support/profile-version.js";
import { tempDir } from "../test-support/temp.js";
import { main } from "./main.js";

const CLARIFY = {
  id: "clarification-en-01",
  lang: "en",
  category: "clarification",
  difficulty: "easy",
  tools: ["get_weather"],
  messages: [{ role: "user", content: "What's the weather like?" }],
  expect: { no_call: "clarify" },
};

let dir: ReturnType<typeof tempDir>;
let cases: string;
let outputs: string;
beforeAll(() => {
  dir = tempDir();
  cases = join(dir.path, "cases.jsonl");
  outputs = join(dir.path, "outputs.jsonl");
  writeFileSync(cases, `${JSON.stringify(CLARIFY)}\n`);
  // A made-up answer: 1.0 cannot tell it from a question back, 2.0 fails it.
  writeFileSync(
    outputs,
    `${JSON.stringify({ id: CLARIFY.id, protocol: "json", output: "It is sunny and 22 degrees." })}\n`,
  );
});
afterAll(() => dir.remove());

const grade = async (...args: string[]) => {
  const io = captureIo();
  const code = await main(["grade", "--cases", cases, "--outputs", outputs, "--json", ...args], io);
  return { code, io };
};

describe("tooluse grade --rules", () => {
  it("grades under 2.0 by default: a made-up answer fails a clarification case", async () => {
    const { code, io } = await grade();
    expect(code).toBe(0);
    expect(JSON.parse(io.out)).toMatchObject({
      grading: { profile: "tooluse", version: TOOLUSE_VERSION },
      passed: 0,
    });
  });

  it("spec1 reproduces SPEC 1.0: behaviour-blind abstention passes it", async () => {
    const { code, io } = await grade("--rules", "spec1");
    expect(code).toBe(0);
    expect(JSON.parse(io.out)).toMatchObject({
      grading: { profile: "spec1", version: SPEC1_VERSION },
      passed: 1,
    });
  });

  it("grades under BFCL's checker with bfcl, and refuses an unknown profile in one line", async () => {
    const bfcl = await grade("--rules", "bfcl");
    expect(bfcl.code).toBe(0);
    expect(JSON.parse(bfcl.io.out)).toMatchObject({ grading: { profile: "bfcl" } });
    const unknown = await grade("--rules", "lenient");
    expect(unknown.code).toBe(2);
    expect(unknown.io.err).toBe('tooluse: --rules: expected one of tooluse, spec1, bfcl, got "lenient"\n');
  });
});

describe("tooluse run --rules, report and compare", () => {
  const run = async (rules: string, out: string) => {
    const io = captureIo();
    const args = ["run", "--backend", "never-call", "--protocol", "json", "--no-cache", "--out", out];
    const code = await main([...args, "--category", "clarification", "--rules", rules], io);
    return { code, results: JSON.parse(readFileSync(out, "utf8")) };
  };

  it("records profile, grader version and corpus digest, and refuses to rank across profiles", async () => {
    const a = join(dir.path, "a.json");
    const b = join(dir.path, "b.json");
    const tooluse = await run("tooluse", a);
    const spec1 = await run("spec1", b);
    expect(tooluse.code).toBe(0);
    expect(tooluse.results.grading).toEqual({ profile: "tooluse", version: TOOLUSE_VERSION });
    expect(spec1.results.grading).toEqual({ profile: "spec1", version: SPEC1_VERSION });
    expect(spec1.results.corpus.digest).toMatch(/^sha256:/);
    for (const command of [
      ["report", a, b],
      ["compare", a, b],
    ]) {
      const io = captureIo();
      expect(await main(command, io)).toBe(2);
      expect(io.err).toContain("results graded under different profiles");
      expect(io.err).toContain(`${a} (tooluse)`);
    }
    const same = captureIo();
    expect(await main(["report", a, a], same)).toBe(0);
  });
});
