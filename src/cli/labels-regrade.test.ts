/**
 * Issue 30 item 5 through main(): `run --label` (a replay included), `plan generate --label` so the README's planning
 * sequence meets examples/labels/scores.csv, `tooluse regrade`, and mismatch errors that show both sides' keys.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MockServer, startMockServer } from "../mock-server/openai-server.js";
import { scriptedModel } from "../mock-server/plan-prompts.js";
import { DATA_DIR, PACKAGE_ROOT } from "../paths.js";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import { ESCALATION_BEST } from "../workflows/plan-models/test-support/fixtures.js";
import { main } from "./main.js";

let dir: ReturnType<typeof tempDir>;
let server: MockServer;
const at = (name: string) => join(dir.path, name);
const QUERIES = join(DATA_DIR, "plans/queries.jsonl");
const SCORES_CSV = join(PACKAGE_ROOT, "examples/labels/scores.csv");

async function cli(...argv: string[]) {
  const io = captureIo();
  const code = await main(argv, io);
  return { code, out: io.out, err: io.err };
}

const json = (file: string) => JSON.parse(readFileSync(file, "utf8"));

beforeAll(async () => {
  dir = tempDir();
  server = await startMockServer({
    models: ["Qwen/Qwen3-8B"],
    script: scriptedModel({ planner: () => ESCALATION_BEST }),
  });
  const made = await cli(
    "run",
    "--backend",
    "oracle",
    "--protocol",
    "json",
    "--limit",
    "6",
    "--out",
    at("oracle.json"),
  );
  if (made.code !== 0) throw new Error(made.err);
  // Recorded outputs, as a user would have them from another harness.
  const outputs = json(at("oracle.json")).records.map((r: { id: string; protocol: string; output: string }) =>
    JSON.stringify({ id: r.id, protocol: r.protocol, output: r.output }),
  );
  writeFileSync(at("outputs.jsonl"), `${outputs.join("\n")}\n`);
});
afterAll(async () => {
  await server.close();
  dir.remove();
});

describe("run --label", () => {
  it("names a replay run, in the results file and the report; the replayed file stays in the configuration", async () => {
    const { code } = await cli(
      "run",
      "--outputs",
      at("outputs.jsonl"),
      "--protocol",
      "json",
      "--limit",
      "6",
      "--label",
      "my-model v2",
      "--out",
      at("replay.json"),
    );
    expect(code).toBe(0);
    const results = json(at("replay.json"));
    expect(results.model).toBe("my-model v2");
    expect(results.config.label).toBe("my-model v2");
    expect(results.config.replay_file).toBe(at("outputs.jsonl"));
    const report = await cli("report", at("replay.json"));
    expect(report.code).toBe(0);
    expect(report.out).toContain("my-model v2 (replay)");
    expect(report.out).not.toContain("replay:");
  });

  it("refuses an empty label or one with control characters in one line, exit 2", async () => {
    for (const bad of ["", "  ", "a\u0007b", "a\u202eb"]) {
      const { code, err } = await cli("run", "--backend", "oracle", "--label", bad, "--out", at("x.json"));
      expect(code, JSON.stringify(bad)).toBe(2);
      expect(err).toContain("--label");
      expect(err.trim().split("\n")).toHaveLength(1);
    }
  });
});

describe("tooluse regrade", () => {
  it("writes the run graded under another profile: verdicts, summary and profile as `grade --rules` gives them", async () => {
    const { code, out } = await cli(
      "regrade",
      at("oracle.json"),
      "--rules",
      "bfcl",
      "--out",
      at("bfcl.json"),
    );
    expect(code).toBe(0);
    expect(out).toMatch(/^oracle: tooluse 2\.\d+\.\d+ → bfcl \d+\.\d+\.\d+: 6 verdicts/);
    const regraded = json(at("bfcl.json"));
    expect(regraded.grading.profile).toBe("bfcl");
    expect(regraded.config.rules).toBe("bfcl");
    for (const record of regraded.records) expect(record.grading.profile).toBe("bfcl");
    const graded = await cli(
      "grade",
      "--cases",
      join(DATA_DIR, "tooluse1.jsonl"),
      "--outputs",
      at("outputs.jsonl"),
      "--rules",
      "bfcl",
      "--json",
    );
    const summary = JSON.parse(graded.out);
    expect(regraded.summary.score).toBe(summary.score);
    expect(regraded.summary.passed).toBe(summary.passed);
    // The new file reads back clean: no stored verdict differs from re-grading it under the profile it names.
    const report = await cli("report", at("bfcl.json"));
    expect(report.code).toBe(0);
    expect(report.err).toBe("");
  });

  it("mixed profiles are refused naming each file and profile, with the regrade command as the way out", async () => {
    const { code, err } = await cli("compare", at("oracle.json"), at("bfcl.json"));
    expect(code).toBe(2);
    expect(err).toContain("oracle.json (tooluse)");
    expect(err).toContain("bfcl.json (bfcl)");
    expect(err).toContain("tooluse regrade FILE --rules PROFILE --out NEW.json");
    const again = await cli("regrade", at("oracle.json"), "--rules", "bfcl", "--out", at("bfcl-2.json"));
    expect(again.code).toBe(0);
    expect((await cli("compare", at("bfcl.json"), at("bfcl-2.json"))).code).toBe(0);
  });

  it("refuses an unknown profile in one line", async () => {
    const { code, err } = await cli("regrade", at("oracle.json"), "--rules", "nope", "--out", at("n.json"));
    expect(code).toBe(2);
    expect(err.trim().split("\n")).toHaveLength(1);
  });
});

describe("plan generate --label and the README's planning sequence", () => {
  const generate = (out: string, ...extra: string[]) =>
    cli(
      "plan",
      "generate",
      "--model",
      "Qwen/Qwen3-8B",
      ...extra,
      "--base-url",
      server.url,
      "--queries",
      QUERIES,
      "--ids",
      "te-002,te-003",
      "--prompt-type",
      "both",
      "--examples",
      "3",
      "--no-cache",
      "--out",
      out,
    );

  it("without --label the planner is the model, and agree shows both sides' planner names", async () => {
    expect((await generate(at("plans-model.jsonl"))).code).toBe(0);
    const score = await cli(
      "plan",
      "score",
      "--queries",
      QUERIES,
      "--plans",
      at("plans-model.jsonl"),
      "--out",
      at("scores-model.jsonl"),
    );
    expect(score.code).toBe(0);
    const { code, err } = await cli(
      "plan",
      "agree",
      "--gold",
      SCORES_CSV,
      "--judged",
      at("scores-model.jsonl"),
    );
    expect(code).toBe(2);
    expect(err.trim().split("\n")).toHaveLength(1);
    expect(err).toContain("share no (query_id, planner, prompt_type) line");
    expect(err).toContain("has 3, e.g. (te-002, qwen3-8b, without_lineage)");
    expect(err).toContain("has 4, e.g. (te-002, Qwen/Qwen3-8B,");
    expect(err).toMatch(/planner: \S*scores\.csv has qwen3-8b, \S*scores-model\.jsonl has Qwen\/Qwen3-8B/);
    expect(err).toContain("plan generate --label");
  });

  it("with --label qwen3-8b the plans carry the labels file's planner name, and agree pairs them", async () => {
    const made = await generate(at("plans.jsonl"), "--label", "qwen3-8b");
    expect(made.code).toBe(0);
    expect(made.out).toContain("plans from qwen3-8b");
    const lines = readFileSync(at("plans.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(new Set(lines.map((l) => l.planner))).toEqual(new Set(["qwen3-8b"]));
    // README step 2 and step 4, as printed (the code's scores stand in for the judge's here).
    const score = await cli(
      "plan",
      "score",
      "--queries",
      QUERIES,
      "--plans",
      at("plans.jsonl"),
      "--out",
      at("scores.jsonl"),
      "--json",
    );
    expect(score.code).toBe(0);
    const agree = await cli("plan", "agree", "--gold", SCORES_CSV, "--judged", at("scores.jsonl"));
    expect(agree.err).not.toContain("share no");
    expect(agree.code).toBe(0);
    // A resumed run keeps asking for the same label: lines of another planner name are not this run's.
    const resumed = await generate(at("plans.jsonl"), "--label", "qwen3-8b", "--resume");
    expect(resumed.code).toBe(0);
  });
});
