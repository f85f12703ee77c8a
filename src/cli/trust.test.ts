/**
 * The examples of issue 12, each through the command line: silent acceptance, lost records, trusted summaries and
 * control characters in output. (Every class of bad input × every command is in hostile-input.test.ts.)
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCases } from "../cases/load.js";
import { type MockServer, startMockServer } from "../mock-server/openai-server.js";
import { perfectScript } from "../mock-server/perfect-model.js";
import { DEFAULT_CASES_FILE, PACKAGE_ROOT } from "../paths.js";
import { captureIo } from "../test-support/capture-io.js";
import { TOOLUSE_VERSION_PATTERN } from "../test-support/profile-version.js";
import { tempDir } from "../test-support/temp.js";
import type { Io } from "./io.js";
import { main } from "./main.js";

const dir = tempDir("tooluse-trust-");
const at = (name: string) => join(dir.path, name);
// biome-ignore lint/suspicious/noControlCharactersInRegex: the test looks for escape characters in output.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

async function cli(argv: string[], io: Io & { out: string; err: string } = captureIo()) {
  const code = await main(argv, io);
  return { code, out: io.out, err: io.err };
}

const oracle = (out: string, ...extra: string[]) => [
  "run",
  "--backend",
  "oracle",
  "--protocol",
  "json",
  "--out",
  out,
  ...extra,
];

let full: string;
let small: string;
beforeAll(async () => {
  full = at("full.json");
  small = at("small.json");
  expect((await cli(oracle(full))).code).toBe(0);
  expect((await cli(oracle(small, "--limit", "3"))).code).toBe(0);
});
afterAll(() => dir.remove());

describe("numbers and combinations are never accepted silently", () => {
  it.each([
    ["--min-score", "abc"],
    ["--min-score", "0.8x"],
    ["--min-score", "-5"],
    ["--timeout", "-5"],
    ["--timeout", "abc"],
    ["--timeout", "0"],
    ["--concurrency", "2.5"],
    ["--limit", "0"],
    ["--seed", "1e3"],
    ["--temperature", "hot"],
  ])("run %s %s: exit 2, one line naming the flag", async (flag, value) => {
    const { code, err, out } = await cli(oracle(at("never.json"), flag, value));
    expect(code).toBe(2);
    expect(err).toBe(`${err.split("\n")[0]}\n`);
    expect(err).toMatch(new RegExp(`^tooluse: ${flag}: expected .*, got "${value.replace(".", "\\.")}"\\n$`));
    expect(out).toBe("");
    expect(existsSync(at("never.json"))).toBe(false);
  });

  it("the --min-score gate fails a run below it (exit 1) and passes one above", async () => {
    const below = await cli(["run", "--limit", "20", "--out", at("gate-low.json"), "--min-score", "1"]);
    expect(below.code).toBe(1);
    expect(below.err).toMatch(/is below --min-score 1\n$/);
    expect((await cli(oracle(at("gate-ok.json"), "--limit", "2", "--min-score", "0.8"))).code).toBe(0);
  });

  it.each([
    [["--resume", "RESUME", "--backend", "oracle"], "--resume cannot be combined with --backend"],
    [["--resume", "RESUME", "--out", "x.json"], "--resume cannot be combined with --out"],
    [["--resume", "RESUME", "--thinking", "on"], "--resume cannot be combined with --thinking"],
    [["--resume", "RESUME", "--max-tokens", "5"], "--resume cannot be combined with --max-tokens"],
    [["--backend", "baseline", "--model", "X"], "--model cannot be combined with --backend baseline"],
    [
      ["--backend", "oracle", "--base-url", "http://127.0.0.1:1"],
      "--base-url cannot be combined with --backend oracle",
    ],
    [["--backend", "openai", "--outputs", "OUTPUTS"], "--outputs cannot be combined with --backend openai"],
  ])("run %j is refused by name", async (flags, message) => {
    // OUTPUTS: a recorded outputs file (a file of another kind is refused by its shape before the flags are read).
    const outputs = at("recorded-outputs.jsonl");
    writeFileSync(outputs, `${JSON.stringify({ id: "calculator-en-01", protocol: "json", output: "x" })}\n`);
    const argv = flags.map((f) => (f === "RESUME" ? full : f === "OUTPUTS" ? outputs : f));
    const { code, err } = await cli(["run", ...argv]);
    expect(code).toBe(2);
    expect(err.split("\n").filter(Boolean)).toHaveLength(1);
    expect(err).toContain(message);
  });

  it("grade --out equal to --outputs is refused and the input stays whole", async () => {
    const outputs = at("outputs.jsonl");
    const text = `${JSON.stringify({ id: "calculator-en-01", protocol: "json", output: "x" })}\n`;
    writeFileSync(outputs, text);
    const { code, err } = await cli([
      "grade",
      "--cases",
      DEFAULT_CASES_FILE,
      "--outputs",
      outputs,
      "--out",
      outputs,
    ]);
    expect(code).toBe(2);
    expect(err).toContain("is also the input --outputs");
    expect(readFileSync(outputs, "utf8")).toBe(text);
  });

  it("run --out on an existing file is refused without --force, and replaces it with --force", async () => {
    const mine = at("mine.json");
    writeFileSync(mine, "precious");
    expect((await cli(oracle(mine, "--limit", "1"))).code).toBe(2);
    expect(readFileSync(mine, "utf8")).toBe("precious");
    expect((await cli(oracle(mine, "--limit", "1", "--force"))).code).toBe(0);
    expect(JSON.parse(readFileSync(mine, "utf8")).format).toBe("tooluse.results/1");
  });

  it("a plans.csv row with too few columns is reported and nothing is written", async () => {
    const plans = at("plans.csv");
    writeFileSync(plans, 'query_id,llm,prompt_type,plan\nq1,gpt\nq2,gpt,without_lineage,"{}"\nq3\n');
    const queries = join(PACKAGE_ROOT, "src/plans/data/fixtures/queries.csv");
    const outQueries = at("imported-queries.jsonl");
    const { code, err } = await cli([
      "plan",
      "import",
      "--queries",
      queries,
      "--plans",
      plans,
      "--out-queries",
      outQueries,
      "--out-plans",
      at("imported-plans.jsonl"),
    ]);
    expect(code).toBe(2);
    expect(err).toBe(
      `tooluse: ${plans}:2: expected 4 columns as in the header, found 2\ntooluse: ${plans}:4: expected 4 columns as in the header, found 1\n`,
    );
    expect(existsSync(outQueries)).toBe(false);
  });
});

describe("reports check what they are given", () => {
  it("recompute a tampered summary from the records, re-grade a tampered verdict, and say so", async () => {
    const tampered = at("tampered.json");
    const results = JSON.parse(readFileSync(full, "utf8"));
    results.summary.score = 0.99;
    results.summary.passed -= 5;
    results.records[0].verdict.passed = false;
    writeFileSync(tampered, JSON.stringify(results));
    const { code, out, err } = await cli(["report", tampered]);
    expect(code).toBe(0);
    expect(err.split("\n")).toEqual([
      expect.stringMatching(
        /^warning: .*tampered\.json: the stored summary \(score 0\.990, 183\/188 passed\) disagrees with its re-graded records \(score 1\.000, 188\/188 passed\); showing the recomputed one$/,
      ),
      expect.stringMatching(
        new RegExp(
          String.raw`^warning: .*tampered\.json: 1 stored verdict\(s\) differ from re-grading the outputs under tooluse ${TOOLUSE_VERSION_PATTERN}: the file was edited or damaged; showing the re-graded verdicts$`,
        ),
      ),
      expect.stringMatching(
        /^warning: .*tampered\.json: records\[0\] \(calculator-en-01, json\): stored failed, re-graded passed$/,
      ),
      "",
    ]);
    expect(out).toContain("score 1.000");
    expect(out).not.toContain("0.990");
  });

  it("refuse a stored summary that disagrees when the cases to recompute it are gone", async () => {
    const cases = at("cases.jsonl");
    writeFileSync(cases, readFileSync(DEFAULT_CASES_FILE, "utf8").split("\n").slice(0, 3).join("\n"));
    const run = at("own-cases.json");
    expect(
      (await cli(["run", "--backend", "oracle", "--cases", cases, "--protocol", "json", "--out", run])).code,
    ).toBe(0);
    const results = JSON.parse(readFileSync(run, "utf8"));
    results.summary.passed = 1;
    writeFileSync(run, JSON.stringify(results));
    writeFileSync(cases, "");
    const { code, err } = await cli(["report", run]);
    expect(code).toBe(2);
    expect(err).toMatch(
      /the stored summary \(score 1\.000, 1\/3 passed\) disagrees with its records \(score 1\.000, 3\/3 passed\)/,
    );
  });

  it("refuse a results file with the same record twice", async () => {
    const twice = at("twice.json");
    const results = JSON.parse(readFileSync(small, "utf8"));
    results.records.push(results.records[1]);
    writeFileSync(twice, JSON.stringify(results));
    const { code, err } = await cli(["report", twice]);
    expect(code).toBe(2);
    expect(err).toMatch(
      /twice\.json: records\[3\]: case \S+ in protocol json appears twice \(first at records\[1\]\)/,
    );
    expect((await cli(["compare", full, twice])).code).toBe(2);
  });

  it("warn when a leaderboard mixes runs of different case counts", async () => {
    const { code, out } = await cli(["report", full, small]);
    expect(code).toBe(0);
    expect(out).toMatch(/warning: different numbers of cases: 188 cases \([^)]*\) vs 3 cases/);
  });
});

describe("control characters never reach the terminal or Markdown", () => {
  const HOSTILE =
    "evil\u001b[2J\u001b[31mred\u001b]8;;http://x\u0007link\u001b]8;;\u0007|cell\nrow<script>alert(1)</script>\u009b1m";

  it("in report text and Markdown, with names and ids from the file", async () => {
    const file = at("hostile.json");
    const results = JSON.parse(readFileSync(small, "utf8"));
    results.model = HOSTILE;
    results.corpus.name = HOSTILE;
    writeFileSync(file, JSON.stringify(results));
    for (const format of ["text", "md"]) {
      const { code, out } = await cli(["report", file, full, "--format", format]);
      expect(code).toBe(0);
      expect(out).not.toMatch(CONTROL);
      if (format === "md") {
        expect(out).not.toContain("<script>");
        const rows = out.split("\n").filter((line) => line.startsWith("|"));
        const cells = (row: string) => row.replace(/\\\|/g, "").split("|").length;
        expect(new Set(rows.map(cells)).size).toBe(1);
      }
    }
    const single = await cli(["report", file, "--format", "md"]);
    expect(single.out).not.toMatch(CONTROL);
    expect(single.out).toContain("evil␛[2J␛[31mred␛]8;;http://x␇link");
  });

  it("NO_COLOR and a non-terminal keep every output plain, the progress bar included", async () => {
    const io = Object.assign(captureIo(), { isTTY: true, stderrIsTTY: true, env: { NO_COLOR: "1" } });
    const ran = await cli(oracle(at("plain.json"), "--limit", "2"), io);
    expect(ran.code).toBe(0);
    expect(`${ran.out}${ran.err}`).not.toMatch(CONTROL);
    const coloured = Object.assign(captureIo(), { isTTY: true, stderrIsTTY: true, env: {} });
    const live = await cli(oracle(at("live.json"), "--limit", "2"), coloured);
    expect(live.err).toContain("\u001b[2K");
    expect(live.out).toContain("\u001b[1m");
    for (const argv of [
      ["report", full],
      ["compare", full, small, "--force"],
    ]) {
      const reported = await cli(argv, Object.assign(captureIo(), { isTTY: true, env: { NO_COLOR: "1" } }));
      expect(reported.out).not.toMatch(CONTROL);
      const shown = await cli(argv, Object.assign(captureIo(), { isTTY: true, env: {} }));
      expect(shown.out).toMatch(CONTROL);
    }
  });
});

describe("run keeps stdout for the result", () => {
  it("--json prints one JSON document on stdout; the results path goes to stderr", async () => {
    const { code, out, err } = await cli(oracle(at("json.json"), "--limit", "2", "--json"));
    expect(code).toBe(0);
    expect(JSON.parse(out).n).toBe(2);
    expect(err).toContain(`results: ${at("json.json")}`);
  });

  it("a read-only cache folder warns once and every good answer is still scored", async () => {
    const cases = loadCases(DEFAULT_CASES_FILE).slice(0, 4);
    const server: MockServer = await startMockServer({ script: perfectScript(cases) });
    try {
      const blocked = at("cache-is-a-file");
      writeFileSync(blocked, "");
      const ids = cases.map((c) => c.id).join(",");
      const argv = [
        "run",
        "--backend",
        "openai",
        "--base-url",
        server.url,
        "--model",
        "mock-model",
        "--ids",
        ids,
      ];
      const { code, err } = await cli([
        ...argv,
        "--protocol",
        "json",
        "--cache-dir",
        blocked,
        "--out",
        at("c.json"),
      ]);
      expect(code).toBe(0);
      expect(err.match(/cannot be written/g)).toHaveLength(1);
      const results = JSON.parse(readFileSync(at("c.json"), "utf8"));
      expect(results.counts).toMatchObject({ scored: 4, errors: 0, missing: 0 });
    } finally {
      await server.close();
    }
  });
});
