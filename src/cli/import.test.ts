import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadCases } from "../cases/load.js";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import { main } from "./main.js";

const fixture = (name: string) => new URL(`../import/fixtures/${name}`, import.meta.url).pathname;
let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => dir.remove());

describe("tooluse import", () => {
  it("imports BFCL questions with their possible answers into a cases file that loads", async () => {
    const out = join(dir.path, "bfcl.jsonl");
    const io = captureIo();
    const argv = [
      "import",
      "bfcl",
      "--questions",
      fixture("bfcl-questions.jsonl"),
      "--answers",
      fixture("bfcl-answers.jsonl"),
    ];
    expect(await main([...argv, "--out", out], io)).toBe(0);
    expect(io.out).toBe(`imported 8 cases (call 3, calls 2, abstain 2, any_call 1) → ${out}\n`);
    expect(loadCases(out).map((c) => c.id)).toContain("parallel_0");
    expect(readdirSync(dir.path)).toEqual(["bfcl.jsonl"]);
  });

  it("imports When2Call", async () => {
    const out = join(dir.path, "w2c.jsonl");
    const io = captureIo();
    expect(await main(["import", "when2call", fixture("when2call.jsonl"), "--out", out], io)).toBe(0);
    expect(io.out).toBe(`imported 3 cases (call 1, clarify 1, refuse 1) → ${out}\n`);
  });

  it("fails in one line naming file, line and field, and writes nothing", async () => {
    const out = join(dir.path, "bfcl.jsonl");
    const io = captureIo();
    expect(
      await main(["import", "bfcl", "--questions", fixture("bfcl-questions.jsonl"), "--out", out], io),
    ).toBe(2);
    expect(io.err).toBe(
      `tooluse: ${fixture("bfcl-questions.jsonl")}:1: id: expected a possible answer for this simple_python entry (give --answers FILE)\n`,
    );
    expect(existsSync(out)).toBe(false);
  });

  it.each([
    ["an answer line that is not JSON", "answers", (lines: string[]) => lines.splice(1, 0, "{not json"), 2],
    [
      "a question without `function`",
      "questions",
      (lines: string[]) => {
        const { function: _dropped, ...rest } = JSON.parse(lines[1] as string);
        lines[1] = JSON.stringify(rest);
      },
      2,
    ],
  ] as const)(
    "stops at %s, naming file and line, and writes nothing",
    async (_what, which, breakIt, line) => {
      const files = { questions: fixture("bfcl-questions.jsonl"), answers: fixture("bfcl-answers.jsonl") };
      const lines = readFileSync(files[which], "utf8").split("\n");
      breakIt(lines);
      const broken = join(dir.path, `broken-${which}.jsonl`);
      writeFileSync(broken, lines.join("\n"));
      const out = join(dir.path, "bfcl.jsonl");
      const io = captureIo();
      const argv = ["import", "bfcl", "--questions", files.questions, "--answers", files.answers];
      argv[which === "questions" ? 3 : 5] = broken;
      expect(await main([...argv, "--out", out], io)).toBe(2);
      expect(io.err).toMatch(new RegExp(`^tooluse: ${broken}:${line}: .+\\n$`));
      expect(readdirSync(dir.path)).toEqual([`broken-${which}.jsonl`]);
    },
  );

  it("feeds `tooluse run` and `tooluse grade` unchanged: the oracle scores 1.000 in all four protocols", async () => {
    const cases = join(dir.path, "bfcl.jsonl");
    const argv = [
      "import",
      "bfcl",
      "--questions",
      fixture("bfcl-questions.jsonl"),
      "--answers",
      fixture("bfcl-answers.jsonl"),
    ];
    await main([...argv, "--out", cases], captureIo());
    const results = join(dir.path, "results.json");
    const run = ["run", "--cases", cases, "--backend", "oracle", "--protocol", "json,xml,plain,native"];
    const io = captureIo();
    expect(await main([...run, "--no-cache", "--out", results, "--json"], io)).toBe(0);
    const summary = JSON.parse(io.out.slice(0, io.out.lastIndexOf("}") + 1));
    expect(summary).toMatchObject({ n: 32, score: 1 });
    expect(Object.values(summary.by_protocol).map((s) => (s as { score: number }).score)).toEqual([
      1, 1, 1, 1,
    ]);
    // BFCL's prompt-mode decoder reads only Python: the json protocol's JSON calls fail it (issue 26), the others
    // are read by their own parser (xml, plain) or as the runtime's tool calls (native).
    const bfcl = (protocol: string) => summary.by_protocol[protocol].bfcl_compatible_score as number;
    expect([bfcl("xml"), bfcl("plain"), bfcl("native")]).toEqual([1, 1, 1]);
    expect(bfcl("json")).toBeLessThan(1);
    const records = JSON.parse(readFileSync(results, "utf8")).records as {
      id: string;
      protocol: string;
      output: string;
    }[];
    const outputs = join(dir.path, "outputs.jsonl");
    writeFileSync(
      outputs,
      records.map((r) => JSON.stringify({ id: r.id, protocol: r.protocol, output: r.output })).join("\n"),
    );
    const graded = captureIo();
    expect(await main(["grade", "--cases", cases, "--outputs", outputs, "--json"], graded)).toBe(0);
    expect(JSON.parse(graded.out)).toMatchObject({ n: 32, score: 1 });
  });
});

describe("the BFCL-compatible score", () => {
  const negative = {
    id: "negative-en-01",
    lang: "en",
    category: "negative",
    difficulty: "easy",
    kind: "knowledge",
    tools: ["calculator"],
    messages: [{ role: "user", content: "What's the capital of Australia?" }],
    expect: { no_call: "abstain", answer_contains_all: ["Canberra"] },
  };
  const gradeOne = async (output: string) => {
    const cases = join(dir.path, "cases.jsonl");
    const outputs = join(dir.path, "outputs.jsonl");
    writeFileSync(cases, JSON.stringify(negative));
    writeFileSync(outputs, JSON.stringify({ id: negative.id, protocol: "json", output }));
    const io = captureIo();
    expect(await main(["grade", "--cases", cases, "--outputs", outputs], io)).toBe(0);
    return io.out;
  };

  it("is printed under the summary when BFCL would count a malformed attempt as an abstention", async () => {
    const out = await gradeOne('{"name": "calculator", "arguments": {"expression": ');
    expect(out).toContain("score 0.000");
    expect(out).toContain("BFCL-compatible score 1.000 (the same outputs under BFCL's checker rules");
  });

  it("is not printed when the two agree", async () => {
    expect(await gradeOne("Canberra.")).not.toContain("BFCL-compatible");
  });
});
