import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import { main } from "./main.js";

const fixture = (name: string) => new URL(`../import/fixtures/${name}`, import.meta.url).pathname;
let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => dir.remove());

async function importFixtures(): Promise<string> {
  const cases = join(dir.path, "cases.jsonl");
  const argv = ["import", "bfcl", "--questions", fixture("bfcl-questions.jsonl")];
  expect(await main([...argv, "--answers", fixture("bfcl-answers.jsonl"), "--out", cases], captureIo())).toBe(
    0,
  );
  return cases;
}

function outputsFile(lines: { id: string; protocol: string; output: string }[]): string {
  const path = join(dir.path, "outputs.jsonl");
  writeFileSync(path, lines.map((l) => `${JSON.stringify(l)}\n`).join(""));
  return path;
}

function verdicts(
  path: string,
): Record<string, { passed: boolean; bfcl: { passed: boolean; error_type: string } }> {
  const lines = readFileSync(path, "utf8").trim().split("\n");
  return Object.fromEntries(lines.map((l) => JSON.parse(l)).map((v) => [v.id, v]));
}

describe("tooluse grade --rules bfcl", () => {
  it("grades with BFCL's rules: 5.0 for an integer fails, BFCL's string folding passes", async () => {
    const cases = await importFixtures();
    const outputs = outputsFile([
      // round_to is an integer: BFCL refuses the float 5.0 (ours would accept it).
      { id: "simple_python_0", protocol: "json", output: "[geometry.circle_area(radius=2.5, round_to=2.0)]" },
      // "Austin TX" folds to "austintx" as "Austin, TX" does.
      {
        id: "multiple_0",
        protocol: "json",
        output: "[realestate.find(city='austin tx', budget={'min': 300000, 'max': 400000})]",
      },
    ]);
    const out = join(dir.path, "verdicts.jsonl");
    const io = captureIo();
    const argv = ["grade", "--cases", cases, "--outputs", outputs, "--rules", "bfcl", "--out", out];
    expect(await main(argv, io)).toBe(0);
    const byId = verdicts(out);
    expect(byId.simple_python_0).toMatchObject({
      passed: false,
      rules: "bfcl",
      bfcl: { error_type: "type_error:simple" },
    });
    expect(byId.multiple_0).toMatchObject({ passed: true, name_resolution: "exact" });
  });

  it("--bfcl-mode fc expects dotted names with underscores; prompt mode expects them as written", async () => {
    const cases = await importFixtures();
    const outputs = outputsFile([
      { id: "simple_python_0", protocol: "json", output: "[geometry_circle_area(radius=2.5)]" },
    ]);
    const out = join(dir.path, "verdicts.jsonl");
    const base = ["grade", "--cases", cases, "--outputs", outputs, "--rules", "bfcl", "--out", out];
    expect(await main([...base, "--bfcl-mode", "fc"], captureIo())).toBe(0);
    expect(verdicts(out).simple_python_0).toMatchObject({ passed: true, name_resolution: "mangled" });
    expect(await main([...base, "--bfcl-mode", "prompt", "--force"], captureIo())).toBe(0);
    expect(verdicts(out).simple_python_0?.bfcl.error_type).toBe("simple_function_checker:wrong_func_name");
  });

  it("without --rules, verdicts are ours and carry BFCL's; the summary's bfcl_compatible_score counts BFCL's", async () => {
    const cases = await importFixtures();
    const outputs = outputsFile([
      { id: "simple_python_0", protocol: "json", output: "[geometry.circle_area(radius=2.5, round_to=2.0)]" },
    ]);
    const out = join(dir.path, "verdicts.jsonl");
    const io = captureIo();
    expect(await main(["grade", "--cases", cases, "--outputs", outputs, "--out", out, "--json"], io)).toBe(0);
    const verdict = verdicts(out).simple_python_0;
    expect(verdict).toMatchObject({ passed: true, bfcl: { passed: false } });
    expect(JSON.parse(io.out)).toMatchObject({ score: 1, bfcl_compatible_score: 0 });
  });

  it("refuses an unknown profile or mode with the allowed values", async () => {
    const cases = await importFixtures();
    const outputs = outputsFile([]);
    const io = captureIo();
    expect(await main(["grade", "--cases", cases, "--outputs", outputs, "--rules", "strict"], io)).not.toBe(
      0,
    );
    expect(io.err).toContain("tooluse, spec1, bfcl");
    const io2 = captureIo();
    expect(await main(["grade", "--cases", cases, "--outputs", outputs, "--bfcl-mode", "x"], io2)).not.toBe(
      0,
    );
    expect(io2.err).toContain("prompt, fc");
  });
});

describe("tooluse import bfcl: malformed input stops with file:line and writes nothing", () => {
  const questions = readFileSync(fixture("bfcl-questions.jsonl"), "utf8").split("\n").filter(Boolean);
  const answers = readFileSync(fixture("bfcl-answers.jsonl"), "utf8").split("\n").filter(Boolean);

  async function importing(questionLines: string[], answerLines: string[]) {
    const q = join(dir.path, "q.json");
    const a = join(dir.path, "a.json");
    writeFileSync(q, `${questionLines.join("\n")}\n`);
    writeFileSync(a, `${answerLines.join("\n")}\n`);
    const out = join(dir.path, "out", "cases.jsonl");
    const io = captureIo();
    const code = await main(
      ["import", "bfcl", "--questions", q, "--answers", a, "--out", join(dir.path, "cases.jsonl")],
      io,
    );
    return { code, err: io.err, q, a, out };
  }

  it("an answer line that is not JSON", async () => {
    const broken = [answers[0] as string, '{"id": "multiple_0", "ground_truth": [', ...answers.slice(2)];
    const { code, err, a } = await importing(questions, broken);
    expect(code).toBe(2);
    expect(err).toMatch(new RegExp(`^tooluse: ${a}:2: invalid JSON`));
    expect(readdirSync(dir.path).sort()).toEqual(["a.json", "q.json"]);
  });

  it("a question without function", async () => {
    const record = JSON.parse(questions[1] as string);
    delete record.function;
    const { code, err, q } = await importing(
      [questions[0] as string, JSON.stringify(record)],
      answers.slice(0, 1),
    );
    expect(code).toBe(2);
    expect(err).toBe(`tooluse: ${q}:2: function: Invalid input: expected array, received undefined\n`);
    expect(existsSync(join(dir.path, "cases.jsonl"))).toBe(false);
  });
});
