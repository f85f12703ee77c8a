// The shipped examples and docs stay usable: the example config dry-runs, the example label files are read by
// `plan agree` in both formats, docs/prompts.md documents every role and placeholder, config errors name file:line.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../cli/main.js";
import { PACKAGE_ROOT } from "../../paths.js";
import { captureIo } from "../../test-support/capture-io.js";
import { tempDir } from "../../test-support/temp.js";
import { PROMPT_ROLES, ROLE_PLACEHOLDERS } from "../templates.js";

const at = (path: string) => join(PACKAGE_ROOT, path);

async function cli(args: string[]) {
  const io = captureIo();
  const code = await main(args, io);
  return { code, out: io.out, err: io.err };
}

describe("examples/", () => {
  it("dry-runs the example experiment: requests per planner and judge, nothing sent", async () => {
    const dry = await cli(["plan", "experiment", "--config", at("examples/experiment.yaml"), "--dry-run"]);
    expect(dry.err).toBe("");
    expect(dry.code).toBe(0);
    for (const planner of ["qwen3-8b", "llama-3.1-8b", "gpt-4o-mini"])
      expect(dry.out).toMatch(new RegExp(`^planner\\s+${planner.replace(/\./g, "\\.")}\\s+20\\s`, "m"));
    expect(dry.out).toMatch(/^metric-wise judge\s+gpt-4o\s+420\s/m);
    expect(dry.out).toMatch(/^refine loop\s+Qwen\/Qwen3-8B\s+\d+–\d+\s/m);
    expect(dry.out).toMatch(/^answer judge\s+gpt-4o\s+1\s/m);
  });

  it.each([
    ["scores", "scores.csv", "scores.jsonl", /tool_prompt_alignment\s+2\s+100/],
    ["tags", "tags.csv", "tags.jsonl", /^INCORRECT TOOL\s+1\s+1\s+1\s+1\.00\s+1\.00/m],
    ["answers", "answers.csv", "answers.jsonl", /2 queries paired; 1 only in gold/],
  ])("reads the %s labels in CSV and JSON lines", async (kind, gold, judged, expected) => {
    const result = await cli([
      "plan",
      "agree",
      "--kind",
      kind,
      "--gold",
      at(`examples/labels/${gold}`),
      "--judged",
      at(`examples/labels/${judged}`),
    ]);
    expect(result.err).toBe("");
    expect(result.out).toMatch(expected);
  });

  it("reports every bad cell of a label file with its row", async () => {
    const dir = tempDir();
    try {
      const file = join(dir.path, "bad.csv");
      writeFileSync(
        file,
        "query_id,planner,prompt_type,format,rating\nq1,p,t,twenty,Good\nq2,p,t,20,Superb\n",
      );
      const result = await cli([
        "plan",
        "agree",
        "--kind",
        "scores",
        "--gold",
        file,
        "--judged",
        at("examples/labels/scores.jsonl"),
      ]);
      expect(result.code).toBe(2);
      expect(result.err).toContain(`${file}:2: format: expected a number, got "twenty"`);
      expect(result.err).toContain(`${file}:3: rating: expected one of Extremely Bad`);
    } finally {
      dir.remove();
    }
  });
});

describe("docs/prompts.md", () => {
  it("documents every role and every placeholder it receives", () => {
    const doc = readFileSync(at("docs/prompts.md"), "utf8");
    for (const role of PROMPT_ROLES) {
      expect(doc).toContain(`\`${role}\``);
      for (const name of Object.keys(ROLE_PLACEHOLDERS[role])) expect(doc).toContain(`\`${name}\``);
    }
  });
});

describe("experiment config errors", () => {
  it.each([
    ["an unknown field", "queries: q.jsonl\nplaners: []\n", /experiment\.yaml:2: planers: unknown field$/m],
    [
      "a planner label used twice",
      "queries: q.jsonl\nplanners:\n  - {model: a}\n  - {model: a}\n",
      /:4: planners\[1\]: the label "a" is used twice/,
    ],
    ["a negative limit", "queries: q.jsonl\nlimit: -1\nplanners: [{model: a}]\n", /:2: limit: /],
    ["broken YAML", "queries: [q.jsonl\n", /:\d+: invalid YAML/],
  ])("%s is one line naming file, line and field", async (_, text, expected) => {
    const dir = tempDir();
    try {
      const file = join(dir.path, "experiment.yaml");
      writeFileSync(file, text);
      const result = await cli(["plan", "experiment", "--config", file, "--dry-run"]);
      expect(result.code).toBe(2);
      expect(result.err.trim().split("\n")).toHaveLength(1);
      expect(result.err).toMatch(expected);
    } finally {
      dir.remove();
    }
  });
});
