/**
 * The classes of issue 26 through the door users use (`tooluse grade --rules bfcl`), on the import fixtures. Each
 * expected verdict is what BFCL's check.py prints for the same raw text (its prompt-mode decoder, then its checker).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { main } from "../../cli/main.js";
import { captureIo } from "../../test-support/capture-io.js";
import { tempDir } from "../../test-support/temp.js";

const fixture = (name: string) => new URL(`../../import/fixtures/${name}`, import.meta.url).pathname;

const CASES: readonly [question: string, output: string, passed: boolean, errorType: string][] = [
  [
    "simple_python_0",
    "```python\n[geometry.circle_area(radius=2.5)]\n```",
    false,
    "ast_decoder:decoder_failed",
  ],
  ["simple_python_0", "```\n[geometry.circle_area(radius=2.5)]\n```", true, ""],
  [
    "simple_python_0",
    '[{"name": "geometry.circle_area", "arguments": {"radius": 2.5}}]',
    false,
    "ast_decoder:decoder_failed",
  ],
  ["simple_python_0", "[geometry.circle_area(radius=2.5, radius=3.0)]", false, "value_error:others"],
  ["simple_python_0", "[geometry.circle_area(radius=5/2, units=meters)]", true, ""],
  ["simple_python_0", "[geometry.circle_area(radius=+2.5)]", false, "value_error:others"],
  [
    "multiple_0",
    "[realestate.find(city='Austin', budget={'min': 300000, 'max': 400000}, from='x')]",
    false,
    "ast_decoder:decoder_failed",
  ],
  ["multiple_0", "[realestate.find(city='Austin', budget={'max': 1})]", false, "value_error:dict_key"],
  ["irrelevance_0", "```python\n[math.factorial(number=5)]\n```", true, ""],
  ["irrelevance_0", "[math.factorial(number=5)]", false, "irrelevance_error:decoder_success"],
];

let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => dir.remove());

describe("issue 26 through `tooluse grade --rules bfcl`: BFCL's decoding of prompt-mode text", () => {
  it("fails tagged fences and JSON, reads Python's grammar, computes arithmetic, names BFCL's error types", async () => {
    const cases = join(dir.path, "cases.jsonl");
    const importing = ["import", "bfcl", "--questions", fixture("bfcl-questions.jsonl")];
    importing.push("--answers", fixture("bfcl-answers.jsonl"), "--out", cases);
    expect(await main(importing, captureIo())).toBe(0);
    const byId = new Map(
      readFileSync(cases, "utf8")
        .trim()
        .split("\n")
        .map((line) => [JSON.parse(line).id as string, JSON.parse(line)]),
    );
    // One case per output, so every output is graded against its own copy of the question.
    writeFileSync(
      cases,
      CASES.map(([question], i) => JSON.stringify({ ...byId.get(question), id: `${question}~${i}` })).join(
        "\n",
      ),
    );
    const outputs = join(dir.path, "outputs.jsonl");
    writeFileSync(
      outputs,
      CASES.map(([question, output], i) =>
        JSON.stringify({ id: `${question}~${i}`, protocol: "json", output }),
      ).join("\n"),
    );
    const out = join(dir.path, "verdicts.jsonl");
    const argv = ["grade", "--rules", "bfcl", "--cases", cases, "--outputs", outputs, "--out", out];
    expect(await main(argv, captureIo())).toBe(0);
    const verdicts = readFileSync(out, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line).bfcl as { passed: boolean; error_type: string });
    expect(verdicts.map((v) => [v.passed, v.error_type])).toEqual(CASES.map(([, , p, e]) => [p, e]));
  });
});
