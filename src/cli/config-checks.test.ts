/**
 * Issue 24, smaller lies of the config files and the release import, through the command line: `run --config`
 * checks every suite's file before the first request; `plan experiment` names the config file, line and field of a
 * mistake made there (never the command-line flag the same mistake would have on the command line); `plan import`
 * refuses a best plan whose steps have no order (a cycle), instead of computing `hops: 1` from it.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { afterAll, describe, expect, it } from "vitest";
import { loadCases } from "../cases/load.js";
import { startMockServer } from "../mock-server/openai-server.js";
import { perfectScript } from "../mock-server/perfect-model.js";
import { DATA_DIR, DEFAULT_CASES_FILE, PACKAGE_ROOT } from "../paths.js";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import { main } from "./main.js";

const dir = tempDir("tooluse-config-checks-");
const at = (name: string) => join(dir.path, name);
const QUERIES = join(DATA_DIR, "plans/queries.jsonl");
afterAll(() => dir.remove());

async function cli(...argv: string[]) {
  const io = captureIo();
  const code = await main(argv, io);
  return { code, out: io.out, err: io.err };
}

async function refused(argv: string[], message: RegExp) {
  const result = await cli(...argv);
  expect(result.err).toMatch(message);
  expect(result.err.trim().split("\n")).toHaveLength(1);
  expect(result.code).toBe(2);
}

describe("run --config checks every suite before the first request", () => {
  it.each([
    ["a bad case line", '{"id": "x"}\n', /\.jsonl:1: field lang/],
    ["a missing file", null, /cannot read: no such file or folder/],
    ["no cases", "\n", /no cases/],
  ])(
    "the last suite's file has %s: one line naming the config's line, and not one request sent",
    async (_what, text, inner) => {
      const server = await startMockServer({ script: perfectScript(loadCases(DEFAULT_CASES_FILE)) });
      try {
        const good = readFileSync(DEFAULT_CASES_FILE, "utf8").split("\n").slice(0, 3).join("\n");
        writeFileSync(at("good.jsonl"), `${good}\n`);
        const bad = at(`bad-${_what.replaceAll(" ", "-")}.jsonl`);
        if (text !== null) writeFileSync(bad, text);
        const config = at(`${_what.replaceAll(" ", "-")}.yaml`);
        writeFileSync(
          config,
          [
            `out: ${at("matrix")}`,
            "protocols: [json]",
            "suites:",
            "  - name: good",
            `    cases: ${at("good.jsonl")}`,
            "  - name: bad",
            `    cases: ${bad}`,
            "models:",
            "  - name: m",
            "    model: mock-model",
            `    base_url: ${server.url}`,
            "",
          ].join("\n"),
        );
        const { code, err } = await cli("run", "--config", config);
        expect(code).toBe(2);
        expect(err.trim().split("\n")).toHaveLength(1);
        expect(err).toMatch(new RegExp(`${_what.replaceAll(" ", "-")}\\.yaml:7: suites\\[1\\]\\.cases: `));
        expect(err).toMatch(inner);
        // Before: the first suite ran (its requests paid for) and only then was the second suite's file read.
        expect(server.requests).toBe(0);
        expect(existsSync(join(at("matrix"), "m--good.json"))).toBe(false);
      } finally {
        await server.close();
      }
    },
  );

  it("a llama model whose GGUF file is not there is named before any run", async () => {
    writeFileSync(
      at("llama.yaml"),
      `out: ${at("m2")}\nmodels:\n  - name: o\n    backend: oracle\n  - name: l\n    backend: llama\n    model: ${at("nope.gguf")}\n`,
    );
    await refused(
      ["run", "--config", at("llama.yaml")],
      /llama\.yaml:7: models\[1\]\.model: no such GGUF file/,
    );
    expect(existsSync(at("m2"))).toBe(false);
  });
});

describe("plan experiment names the config's line and field, never a command-line flag", () => {
  const config = (lines: string[]) => {
    const file = at("experiment.yaml");
    writeFileSync(
      file,
      [
        `queries: ${QUERIES}`,
        ...lines,
        "planners:",
        "  - name: p",
        "    model: m",
        "    base_url: http://127.0.0.1:9/v1",
        "",
      ].join("\n"),
    );
    return file;
  };
  const noFlag = /(^|\s)--(split|ids|examples|prompt-type|prompt-file|base-url|backend|model)\b/;

  it.each([
    [["split: tset"], /experiment\.yaml:2: split: no query in \S+ has split "tset"/],
    [["ids: [te-001, te-999]"], /experiment\.yaml:2: ids\[1\]: query te-999 is not in the test queries of/],
    [
      ["prompt_files: {planner: missing.txt}"],
      /experiment\.yaml:2: prompt_files\.planner \S+missing\.txt: cannot read \(ENOENT\)/,
    ],
    [
      ["human_labels: {scores: nope.csv}"],
      /experiment\.yaml:2: human_labels\.scores: no such file \S+nope\.csv/,
    ],
  ])("%j", async (lines, message) => {
    const { code, err } = await cli("plan", "experiment", "--config", config(lines), "--dry-run");
    expect(err).toMatch(message);
    expect(err).not.toMatch(noFlag);
    expect(err.trim().split("\n")).toHaveLength(1);
    expect(code).toBe(2);
  });

  it("a judge without a server address is named by its field before the planners are asked", async () => {
    const file = config(["judges:", "  one_shot: {model: gpt-4o}"]);
    const { code, err } = await cli("plan", "experiment", "--config", file, "--dry-run");
    expect(err).toMatch(
      /experiment\.yaml:3: judges\.one_shot: backend openai needs base_url: \(the server's address\)/,
    );
    expect(err).not.toMatch(noFlag);
    expect(code).toBe(2);
  });

  it("examples with no train query to show", async () => {
    const testOnly = readFileSync(QUERIES, "utf8")
      .split("\n")
      .filter((line) => line.includes('"split":"test"'))
      .join("\n");
    writeFileSync(at("test-only.jsonl"), `${testOnly}\n`);
    writeFileSync(
      at("examples.yaml"),
      `queries: ${at("test-only.jsonl")}\nexamples: 2\nplanners:\n  - {name: p, model: m, base_url: "http://127.0.0.1:9/v1"}\n`,
    );
    const { code, err } = await cli("plan", "experiment", "--config", at("examples.yaml"), "--dry-run");
    expect(err).toMatch(
      /examples\.yaml:2: examples: \S+ has no train query to show as an example .*; set examples: 0 for none/,
    );
    expect(err).not.toMatch(noFlag);
    expect(code).toBe(2);
  });
});

describe("plan import refuses a best plan whose steps have no order", () => {
  it("a cycle (before: imported with hops 1)", async () => {
    const rows = parse(readFileSync(join(PACKAGE_ROOT, "src/plans/data/fixtures/queries.csv"), "utf8"), {
      bom: true,
    }) as string[][];
    const header = rows[0] as string[];
    const column = header.indexOf("best_plan");
    const row = [...(rows[2] as string[])];
    row[column] =
      '{ 1: {"step": T2S([], "Fetch call_ids of calls about refunds."), "depends_on": [2]}, 2: {"step": LLM("Summarise (1) for the query (query)"), "depends_on": [1]} }';
    row[header.indexOf("# steps in the BPP")] = "2";
    writeFileSync(at("cyclic.csv"), stringify([header, rows[1] as string[], row]));
    await refused(
      ["plan", "import", "--queries", at("cyclic.csv"), "--out-queries", at("cyclic.jsonl")],
      /cyclic\.csv:3: best_plan: expected a readable plan with known tools \(steps may depend only on earlier steps, found dependency-\S+ at step \d/,
    );
    expect(existsSync(at("cyclic.jsonl"))).toBe(false);
  });
});
