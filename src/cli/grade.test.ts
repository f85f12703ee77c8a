import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import { main } from "./main.js";

const CASES = [
  {
    id: "calculator-en-01",
    lang: "en",
    category: "calculator",
    difficulty: "easy",
    tools: ["calculator", "web_search"],
    messages: [{ role: "user", content: "What is 45 + 12?" }],
    expect: { call: { name: "calculator", arguments: { expression: "45 + 12" } } },
  },
  {
    id: "negative-en-01",
    lang: "en",
    category: "negative",
    difficulty: "easy",
    kind: "knowledge",
    tools: ["calculator", "web_search"],
    messages: [{ role: "user", content: "What's the capital of Australia?" }],
    expect: { no_call: "abstain", answer_contains_all: ["Canberra"] },
  },
];

let dir: ReturnType<typeof tempDir>;
const file = (name: string, lines: unknown[]) => {
  const path = join(dir.path, name);
  writeFileSync(path, lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n"));
  return path;
};
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => dir.remove());

describe("tooluse grade", () => {
  it("writes one verdict per output and prints the summary as JSON", async () => {
    const cases = file("cases.jsonl", CASES);
    const outputs = file("outputs.jsonl", [
      { id: "calculator-en-01", protocol: "plain", output: "TOOL calculator | expression=45+12" },
      { id: "negative-en-01", protocol: "plain", output: "Sydney." },
    ]);
    const out = join(dir.path, "verdicts.jsonl");
    const io = captureIo();
    expect(await main(["grade", "--cases", cases, "--outputs", outputs, "--out", out, "--json"], io)).toBe(0);
    const summary = JSON.parse(io.out);
    expect(Object.keys(summary)).toEqual(
      expect.arrayContaining([
        "n",
        "passed",
        "score",
        "score_ci",
        "metrics",
        "by_protocol",
        "by_lang",
        "by_category",
        "by_difficulty",
      ]),
    );
    expect(summary).toMatchObject({ n: 2, passed: 1, score: 0.5 });
    const verdicts = readFileSync(out, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(Object.keys(verdicts[0])).toEqual([
      "id",
      "protocol",
      "passed",
      "calls",
      "tool_ok",
      "args_ok",
      "extra",
      "spurious",
      "malformed",
      "answer_ok",
      "reason",
      "bfcl",
      "name_resolution",
    ]);
    expect(verdicts.map((v: { passed: boolean }) => v.passed)).toEqual([true, false]);
    expect(verdicts[0].name_resolution).toBe("exact");
  });

  it("refuses an output whose id is not a case, naming the id and the line", async () => {
    const cases = file("cases.jsonl", CASES);
    const outputs = file("outputs.jsonl", [
      { id: "calculator-en-01", protocol: "json", output: "57" },
      { id: "nope-en-01", protocol: "json", output: "57" },
    ]);
    const io = captureIo();
    expect(await main(["grade", "--cases", cases, "--outputs", outputs], io)).toBe(2);
    expect(io.err).toBe(`tooluse: ${outputs}:2: id nope-en-01 is not a case in ${cases}\n`);
  });

  it("names file, line and field of a bad case line", async () => {
    const bad = { ...CASES[0], difficulty: "trivial" };
    const cases = file("cases.jsonl", [CASES[1], bad]);
    const outputs = file("outputs.jsonl", []);
    const io = captureIo();
    expect(await main(["grade", "--cases", cases, "--outputs", outputs], io)).toBe(2);
    expect(io.err).toMatch(new RegExp(`^tooluse: ${cases}:2: field difficulty: .+\\n$`));
  });

  it("names the line of invalid JSON", async () => {
    const cases = file("cases.jsonl", CASES);
    const outputs = file("outputs.jsonl", [
      '{"id": "calculator-en-01", "protocol": "json", "output": "57"',
      "",
    ]);
    const io = captureIo();
    expect(await main(["grade", "--cases", cases, "--outputs", outputs], io)).toBe(2);
    expect(io.err).toMatch(new RegExp(`^tooluse: ${outputs}:1: invalid JSON`));
  });

  it("writes no verdicts file (and leaves no temporary file) when a later line is bad", async () => {
    const cases = file("cases.jsonl", CASES);
    const good = { id: "calculator-en-01", protocol: "json", output: "57" };
    const outputs = file("outputs.jsonl", [good, { id: "negative-en-01", protocol: "yaml", output: "" }]);
    const out = join(dir.path, "verdicts.jsonl");
    const io = captureIo();
    expect(await main(["grade", "--cases", cases, "--outputs", outputs, "--out", out], io)).toBe(2);
    expect(io.err).toMatch(new RegExp(`^tooluse: ${outputs}:2: field protocol: .+\\n$`));
    expect(readdirSync(dir.path).sort()).toEqual(["cases.jsonl", "outputs.jsonl"]);
  });

  it("names the field of an outputs line of the wrong shape", async () => {
    const cases = file("cases.jsonl", CASES);
    const outputs = file("outputs.jsonl", [{ id: "calculator-en-01", protocol: "json", output: 57 }, "[]"]);
    const io = captureIo();
    expect(await main(["grade", "--cases", cases, "--outputs", outputs], io)).toBe(2);
    expect(io.err).toMatch(new RegExp(`^tooluse: ${outputs}:1: field output: .+\\n$`));
  });

  it("refuses a second output for the same case and protocol", async () => {
    const cases = file("cases.jsonl", CASES);
    const line = { id: "calculator-en-01", protocol: "json", output: "57" };
    const outputs = file("outputs.jsonl", [line, line]);
    const io = captureIo();
    expect(await main(["grade", "--cases", cases, "--outputs", outputs], io)).toBe(2);
    expect(io.err).toContain(":2: a second output for calculator-en-01 in protocol json");
  });
});

describe("tooluse selftest", () => {
  it("passes on the committed corpus and prints the reference runners' scores", async () => {
    const io = captureIo();
    expect(await main(["selftest"], io)).toBe(0);
    expect(io.out).toMatch(/oracle\s+json\s+1\.000\s+1\.000\s+ok/);
    expect(io.out).toMatch(/always-call\s+xml\s+0\.681\s+0\.681\s+ok/);
    expect(io.out).toMatch(/never-call\s+plain\s+0\.319\s+0\.319\s+ok/);
    expect(io.out).toMatch(/wrong-argument\s+json\s+128\s+all fail, ok/);
    expect(io.out).toMatch(/question-on-answer\s+native\s+\d+\s+all fail, ok/);
    expect(io.out).toContain("selftest passed");
  });

  it("fails, naming the case, when the grader disagrees with an expectation", async () => {
    // An expression that cannot be evaluated can never match, so even the oracle fails it.
    const broken = {
      ...CASES[0],
      expect: { call: { name: "calculator", arguments: { expression: "45 +" } } },
    };
    const cases = file("cases.jsonl", [broken, CASES[1]]);
    const io = captureIo();
    expect(await main(["selftest", "--cases", cases], io)).toBe(1);
    expect(io.out).toMatch(/oracle\s+json\s+0\.500\s+1\.000\s+DISAGREES on 1 case/);
    expect(io.out).toContain("calculator-en-01: wrong arguments");
    expect(io.out).toContain("selftest FAILED");
  });
});
