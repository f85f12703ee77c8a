/**
 * `tooluse review export`: the file format follows `--out`'s extension, or `--format`, which must agree with it
 * (issue 30 item 7.4: `--out x.jsonl` used to get YAML for lineages). Every file is read back by a reader of that
 * format, and a triplet CSV by `plan agree`, which picks CSV by the extension.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { DATA_DIR } from "../paths.js";
import { openReviewStore } from "../review/store.js";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import { main } from "./main.js";

const QUERIES = join(DATA_DIR, "plans/queries.jsonl");
const dir = tempDir("tooluse-review-export-format-");
const at = (name: string) => join(dir.path, name);
const db = at("review.sqlite");
afterAll(() => dir.remove());

async function cli(...argv: string[]) {
  const io = captureIo();
  const code = await main(argv, io);
  return { code, out: io.out, err: io.err };
}

const exportTo = (kind: string, out: string, ...flags: string[]) =>
  cli("review", "export", "--db", db, "--kind", kind, "--out", out, ...flags);

beforeAll(async () => {
  for (const kind of ["lineage", "triplet"]) {
    const added = await cli("review", "add", "--db", db, "--kind", kind, "--queries", QUERIES);
    if (added.code !== 0) throw new Error(added.err);
  }
  const store = openReviewStore(db);
  try {
    for (const task of store.listTasks({ kind: "lineage" }).slice(0, 3))
      store.addLabel(task.id, "alice", { action: "accept" });
    for (const task of store.listTasks({ kind: "triplet" }).slice(0, 2))
      store.addLabel(task.id, "alice", { ranks: { A: 1, B: 2, C: 3 } });
  } finally {
    store.close();
  }
});

describe("review export: the format follows --out's extension", () => {
  it("writes a lineage as JSON lines to .jsonl, a JSON array to .json, YAML to .yaml: the same entries", async () => {
    const written: Record<string, string> = {};
    for (const ext of ["yaml", "jsonl", "json", "yml"]) {
      const out = at(`lineages.${ext}`);
      const result = await exportTo("lineage", out);
      expect(result.err).toBe("");
      expect(result.code).toBe(0);
      written[ext] = readFileSync(out, "utf8");
    }
    const fromYaml = parse(written.yaml as string) as { query_id: string }[];
    expect(fromYaml.map((e) => e.query_id)).toEqual(["tr-001", "tr-002", "tr-003"]);
    const lines = (written.jsonl as string)
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines).toEqual(fromYaml);
    expect(JSON.parse(written.json as string)).toEqual(fromYaml);
    // The control: the kind's own format is unchanged, byte for byte, whichever YAML extension names it.
    expect(written.yml).toBe(written.yaml);
  });

  it("says the file format when it is not the kind's own", async () => {
    const result = await exportTo("lineage", at("said.jsonl"));
    expect(result.out).toBe(
      `exported 3 lineage label(s) by alice to ${at("said.jsonl")}: plan build's source YAML (corpus/plans/tr-NN.yaml), as JSON lines\n`,
    );
  });

  it("writes triplets as CSV that plan agree reads like the JSON lines", async () => {
    expect((await exportTo("triplet", at("triplets.csv"))).code).toBe(0);
    expect((await exportTo("triplet", at("triplets.jsonl"))).code).toBe(0);
    const csv = readFileSync(at("triplets.csv"), "utf8").split("\n");
    expect(csv[0]).toBe("query_id,planner,prompt_type,total,rank,lineage_planner");
    expect(csv).toHaveLength(2 * 3 + 2);
    const agree = await cli(
      "plan",
      "agree",
      "--gold",
      at("triplets.csv"),
      "--judged",
      at("triplets.jsonl"),
      "--kind",
      "scores",
      "--metrics",
      "total",
      "--json",
    );
    expect(agree.err).toBe("");
    const total = (JSON.parse(agree.out) as { metrics: { triplets: { triplets: number } }[] }).metrics[0];
    expect(total?.triplets.triplets).toBe(2);
  });

  it("--format names the format of an extension that names none", async () => {
    expect((await exportTo("lineage", at("lineages.txt"), "--format", "json")).code).toBe(0);
    expect((JSON.parse(readFileSync(at("lineages.txt"), "utf8")) as unknown[]).map((e) => typeof e)).toEqual([
      "object",
      "object",
      "object",
    ]);
  });
});

describe("review export: a format that cannot be written is one line, exit 2, no file", () => {
  const cases: [string, string, string[], string][] = [
    [
      "--format disagreeing with the extension",
      "mismatch.jsonl",
      ["--kind", "lineage", "--format", "yaml"],
      `tooluse: --format yaml: --out ${at("mismatch.jsonl")} has the extension of jsonl; name the file .yaml, or leave --format out\n`,
    ],
    [
      "an unknown --format",
      "unknown.out",
      ["--kind", "lineage", "--format", "xml"],
      'tooluse: --format: expected one of jsonl, json, yaml, csv, got "xml"\n',
    ],
    [
      "CSV of a kind whose lines are nested",
      "lineages.csv",
      ["--kind", "lineage"],
      "tooluse: --kind lineage: its lines are nested, so there is no CSV of them; write .jsonl, .json or .yaml\n",
    ],
  ];
  for (const [name, file, flags, line] of cases)
    it(name, async () => {
      const result = await cli("review", "export", "--db", db, "--out", at(file), ...flags);
      expect(result).toEqual({ code: 2, out: "", err: line });
      expect(existsSync(at(file))).toBe(false);
    });
});
