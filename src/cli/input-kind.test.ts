/**
 * Issue 30 item 6 (input kinds) through main(): a JSONL of the wrong kind is recognised by its shape and refused in
 * one line, exit 2, nothing written; the right kinds (the files the commands write, the data files) pass.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATA_DIR, DEFAULT_CASES_FILE, PACKAGE_ROOT } from "../paths.js";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import { kindOfFile, kindOfLine } from "./input-kind.js";
import { main } from "./main.js";

let dir: ReturnType<typeof tempDir>;
const at = (name: string) => join(dir.path, name);
const PLAN_FIXTURES = join(PACKAGE_ROOT, "src/plans/data/fixtures");
const QUERIES = join(DATA_DIR, "plans/queries.jsonl");
const LABELS = join(PACKAGE_ROOT, "examples/labels");

async function cli(...argv: string[]) {
  const io = captureIo();
  const code = await main(argv, io);
  return { code, out: io.out, err: io.err };
}

beforeAll(async () => {
  dir = tempDir();
  const steps = [
    ["run", "--backend", "oracle", "--protocol", "json", "--limit", "3", "--out", at("run.json")],
    [
      "plan",
      "import",
      "--queries",
      join(PLAN_FIXTURES, "queries.csv"),
      "--plans",
      join(PLAN_FIXTURES, "plans.csv"),
      "--out-queries",
      at("queries.jsonl"),
      "--out-plans",
      at("plans.jsonl"),
    ],
    [
      "plan",
      "score",
      "--queries",
      at("queries.jsonl"),
      "--plans",
      at("plans.jsonl"),
      "--out",
      at("scores.jsonl"),
    ],
  ];
  for (const argv of steps) {
    const made = await cli(...argv);
    if (made.code !== 0) throw new Error(`${argv.join(" ")}: ${made.err}`);
  }
  const records = JSON.parse(readFileSync(at("run.json"), "utf8")).records;
  writeFileSync(
    at("outputs.jsonl"),
    records
      .map(
        (r: Record<string, unknown>) =>
          `${JSON.stringify({ id: r.id, protocol: r.protocol, output: r.output })}\n`,
      )
      .join(""),
  );
});
afterAll(() => dir.remove());

describe("kindOfFile", () => {
  it("recognises every kind the harness writes or ships", () => {
    expect(kindOfFile(at("run.json"))).toBe("results");
    expect(kindOfFile(DEFAULT_CASES_FILE)).toBe("cases");
    expect(kindOfFile(at("outputs.jsonl"))).toBe("outputs");
    expect(kindOfFile(at("plans.jsonl"))).toBe("plans");
    expect(kindOfFile(at("scores.jsonl"))).toBe("scores");
    expect(kindOfFile(QUERIES)).toBe("queries");
    expect(kindOfFile(join(DATA_DIR, "plans/references.jsonl"))).toBe("sql-references");
    expect(kindOfFile(join(LABELS, "scores.jsonl"))).toBe("score-labels");
    expect(kindOfFile(join(LABELS, "tags.jsonl"))).toBe("tag-labels");
    expect(kindOfFile(join(LABELS, "answers.jsonl"))).toBe("answer-judgements");
    expect(kindOfFile(join(LABELS, "scores.csv"))).toBe(null);
  });

  it("says nothing for shapes it cannot be sure of, so the command's reader names the field at fault", () => {
    for (const value of [
      null,
      3,
      "x",
      [],
      {},
      { query_id: "q1" },
      { id: "a" },
      { query_id: "q1", query: "only" },
    ])
      expect(kindOfLine(value), JSON.stringify(value)).toBe(null);
    expect(kindOfLine({ query_id: "q", planner: "p", prompt_type: "t", events: [], lineage: [] })).toBe(
      "lineages",
    );
    expect(kindOfLine({ query_id: "q", planner: "p", prompt_type: "t", judge: { sources: {} } })).toBe(
      "judged",
    );
    expect(kindOfLine({ query_id: "q", query: "x", responses: { R1: "a" } })).toBe("responses");
  });
});

describe("a file of the wrong kind, through main()", () => {
  const refused: [string, () => string[], RegExp][] = [
    [
      "plan report --scores plans.jsonl",
      () => ["plan", "report", "--scores", at("plans.jsonl")],
      /^tooluse: --scores \S+plans\.jsonl: this is a plans file \(plan generate --out, or plan import --out-plans\); --scores wants the output of plan score or plan judge; score the plans first: plan score/,
    ],
    [
      "plan report --before queries",
      () => ["plan", "report", "--scores", at("scores.jsonl"), "--before", QUERIES],
      /^tooluse: --before \S+queries\.jsonl: this is a queries file/,
    ],
    [
      "plan score --plans scores.jsonl",
      () => ["plan", "score", "--queries", QUERIES, "--plans", at("scores.jsonl")],
      /^tooluse: --plans \S+scores\.jsonl: this is a score file \(plan score --out\); --plans wants plans/,
    ],
    [
      "plan score --queries references.jsonl",
      () => [
        "plan",
        "score",
        "--queries",
        join(DATA_DIR, "plans/references.jsonl"),
        "--plans",
        at("plans.jsonl"),
      ],
      /^tooluse: --queries \S+references\.jsonl: this is a SQL references file/,
    ],
    [
      "plan generate --queries plans.jsonl",
      () => [
        "plan",
        "generate",
        "--model",
        "m",
        "--base-url",
        "http://127.0.0.1:9/v1",
        "--queries",
        at("plans.jsonl"),
      ],
      /^tooluse: --queries \S+plans\.jsonl: this is a plans file/,
    ],
    [
      "plan agree --judged plans.jsonl",
      () => ["plan", "agree", "--gold", at("scores.jsonl"), "--judged", at("plans.jsonl")],
      /^tooluse: --judged \S+plans\.jsonl: this is a plans file/,
    ],
    [
      "plan answers --responses queries",
      () => [
        "plan",
        "answers",
        "--model",
        "j",
        "--base-url",
        "http://127.0.0.1:9/v1",
        "--responses",
        QUERIES,
      ],
      /^tooluse: --responses \S+queries\.jsonl: this is a queries file/,
    ],
    [
      "grade --outputs run.json",
      () => ["grade", "--cases", DEFAULT_CASES_FILE, "--outputs", at("run.json")],
      /^tooluse: --outputs \S+run\.json: this is a results file \(tooluse run --out\); --outputs wants recorded outputs.*; to grade a results file under another profile, use tooluse regrade/,
    ],
    [
      "run --outputs run.json",
      () => ["run", "--outputs", at("run.json"), "--out", at("replayed.json")],
      /^tooluse: --outputs \S+run\.json: this is a results file/,
    ],
    [
      "grade --cases outputs.jsonl",
      () => ["grade", "--cases", at("outputs.jsonl"), "--outputs", at("outputs.jsonl")],
      /^tooluse: --cases \S+outputs\.jsonl: this is a recorded outputs file/,
    ],
    [
      "report plans.jsonl",
      () => ["report", at("plans.jsonl")],
      /^tooluse: FILE \S+plans\.jsonl: this is a plans file .*; report reads results files/,
    ],
    [
      "compare run.json outputs.jsonl",
      () => ["compare", at("run.json"), at("outputs.jsonl")],
      /^tooluse: FILE \S+outputs\.jsonl: this is a recorded outputs file.*; compare reads results files.*tooluse run --outputs FILE/,
    ],
  ];
  for (const [name, argv, line] of refused)
    it(`${name}: one line, exit 2, nothing written`, async () => {
      const { code, out, err } = await cli(...argv());
      expect(err.trimEnd().split("\n")).toHaveLength(1);
      expect(err).toMatch(line);
      expect(out).toBe("");
      expect(code).toBe(2);
      expect(existsSync(at("replayed.json"))).toBe(false);
    });

  it("the right kinds pass: the report of score lines, of judged-like labels, and grading recorded outputs", async () => {
    expect((await cli("plan", "report", "--scores", at("scores.jsonl"), "--queries", QUERIES)).code).toBe(0);
    expect((await cli("plan", "report", "--scores", join(LABELS, "scores.jsonl"))).code).toBe(0);
    expect((await cli("grade", "--cases", DEFAULT_CASES_FILE, "--outputs", at("outputs.jsonl"))).code).toBe(
      0,
    );
    expect((await cli("report", at("run.json"))).code).toBe(0);
  });
});
