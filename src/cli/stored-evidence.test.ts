/**
 * Issue 24, "stored results are trusted": `report`, `compare` and `merge` re-grade every record from its raw output
 * under the profile the file records, and name every record whose stored verdict differs; `merge` refuses a shard
 * whose evidence does not hold. Every case goes through the command line (`main`).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCases } from "../cases/load.js";
import type { Verdict } from "../grade/verdict.js";
import { summarize } from "../metrics/summary.js";
import { DEFAULT_CASES_FILE } from "../paths.js";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import { main } from "./main.js";

const dir = tempDir("tooluse-evidence-");
const at = (name: string) => join(dir.path, name);

async function cli(...argv: string[]) {
  const io = captureIo();
  const code = await main(argv, io);
  return { code, out: io.out, err: io.err };
}

interface StoredRecord {
  id: string;
  protocol: string;
  status: string;
  verdict: { passed: boolean; reason: string } | null;
  grading?: { profile: string; version: string };
}
interface Stored {
  grading?: { profile: string; version: string };
  records: StoredRecord[];
  summary: { n: number; passed: number; score: number };
  counts: { missing: number };
  missing: unknown[];
}

const read = (file: string) => JSON.parse(readFileSync(file, "utf8")) as Stored;
const write = (file: string, results: Stored) => writeFileSync(file, `${JSON.stringify(results, null, 1)}\n`);

/** The verdict of record `i`, which the test knows to be scored. */
function verdictAt(results: Stored, i: number | undefined): NonNullable<StoredRecord["verdict"]> {
  const verdict = results.records[i ?? -1]?.verdict;
  if (!verdict) throw new Error(`records[${i}] has no verdict`);
  return verdict;
}

/** The indexes of the first `n` records that passed. */
const passing = (results: Stored, n: number) =>
  results.records.flatMap((r, i) => (r.verdict?.passed ? [i] : [])).slice(0, n);

const baseline = at("baseline.json");
beforeAll(async () => {
  // The rule baseline passes some cases and fails others: flips either way are visible.
  expect((await cli("run", "--protocol", "json", "--out", baseline)).code).toBe(0);
}, 60_000);
afterAll(() => dir.remove());

describe("results carry how their verdicts were made", () => {
  it("every scored record names its grader", () => {
    const results = read(baseline);
    expect(results.grading).toEqual({ profile: "tooluse", version: "2.3.0" });
    for (const record of results.records)
      expect(record.grading).toEqual(record.status === "scored" ? results.grading : undefined);
  });
});

describe("compare re-grades both runs", () => {
  it("finds no difference between a run and a verdict-edited copy of itself, and names every edited record", async () => {
    const edited = read(baseline);
    const flipped = passing(edited, 7);
    for (const i of flipped) verdictAt(edited, i).passed = false;
    edited.summary.passed -= flipped.length;
    write(at("edited.json"), edited);
    const { code, out, err } = await cli("compare", baseline, at("edited.json"));
    expect(code).toBe(0);
    // Before: "significant (p = 0.0156): A is better" on identical outputs.
    expect(out).not.toMatch(/significant at 0\.05|A is better/);
    expect(out).toContain("all: no case flipped");
    for (const i of flipped) {
      const { id, protocol } = edited.records[i] as StoredRecord;
      expect(err).toContain(
        `edited.json: records[${i}] (${id}, ${protocol}): stored failed, re-graded passed`,
      );
    }
    expect(err).toMatch(
      /edited\.json: 7 stored verdict\(s\) differ from re-grading the outputs under tooluse 2\.3\.0/,
    );
  });

  it("--json pairs the re-graded verdicts too", async () => {
    const { code, out } = await cli("compare", baseline, at("edited.json"), "--json");
    expect(code).toBe(0);
    const result = JSON.parse(out);
    expect(result.overall.a_passed_b_failed).toEqual([]);
    expect(result.overall.a_failed_b_passed).toEqual([]);
  });
});

describe("report re-grades every record", () => {
  it("shows the re-graded verdicts in the table and in every export, naming each edited record", async () => {
    const edited = read(baseline);
    const [up] = edited.records.flatMap((r, i) => (r.verdict && !r.verdict.passed ? [i] : []));
    const target = edited.records[up as number] as StoredRecord;
    verdictAt(edited, up).passed = true;
    edited.summary.passed += 1;
    write(at("promoted.json"), edited);
    const { code, out, err } = await cli("report", at("promoted.json"), "--csv", at("promoted.csv"));
    expect(code).toBe(0);
    expect(out).toContain(`${read(baseline).summary.passed}/${read(baseline).summary.n} passed`);
    expect(err).toContain(
      `promoted.json: records[${up}] (${target.id}, ${target.protocol}): stored passed, re-graded failed`,
    );
    const row = readFileSync(at("promoted.csv"), "utf8")
      .split("\n")
      .find((line) => line.includes(`,${target.id},${target.protocol},`));
    expect(row).toMatch(/,failed,/);
  });

  it("names a verdict whose reason (not its outcome) was edited", async () => {
    const edited = read(baseline);
    verdictAt(edited, 0).reason = "looks fine to me";
    write(at("reason.json"), edited);
    const { code, err } = await cli("report", at("reason.json"));
    expect(code).toBe(0);
    expect(err).toMatch(
      /reason\.json: records\[0\] \([^)]+\): stored (passed|failed) as re-graded, but reason differ/,
    );
  });

  it("re-grades a file of an older grader version under this one, saying so", async () => {
    const older = read(baseline);
    older.grading = { profile: "tooluse", version: "1.9.0" };
    for (const record of older.records) if (record.grading) record.grading.version = "1.9.0";
    const [i] = passing(older, 1);
    verdictAt(older, i).passed = false;
    write(at("older.json"), older);
    const { code, err } = await cli("report", at("older.json"));
    expect(code).toBe(0);
    expect(err).toMatch(
      /older\.json: graded under tooluse 1\.9\.0, re-graded under tooluse 2\.3\.0: 1 verdict\(s\) differ; showing the re-graded verdicts/,
    );
  });

  it("names a record that claims another grader than its file", async () => {
    const spliced = read(baseline);
    (spliced.records[2] as StoredRecord).grading = { profile: "spec1", version: "1.1.0" };
    write(at("spliced.json"), spliced);
    const { err } = await cli("report", at("spliced.json"));
    expect(err).toMatch(
      /spliced\.json: records\[2\] \([^)]+\): graded under spec1 1\.1\.0 in a file graded under tooluse 2\.3\.0/,
    );
  });

  it("refuses a file whose profile is unknown or unrecorded, in one line", async () => {
    const unknown = read(baseline);
    unknown.grading = { profile: "lenient", version: "9" };
    write(at("unknown.json"), unknown);
    const none = read(baseline);
    delete none.grading;
    write(at("none.json"), none);
    for (const [file, message] of [
      ["unknown.json", /unknown\.json: graded under the profile "lenient", which this tooluse does not have/],
      ["none.json", /none\.json: records no grading profile .*so its verdicts cannot be re-graded/],
    ] as const) {
      for (const argv of [
        ["report", at(file)],
        ["compare", baseline, at(file)],
      ]) {
        const { code, out, err } = await cli(...argv);
        expect(code).toBe(2);
        expect(out).toBe("");
        expect(err).toMatch(message);
        expect(err.trim().split("\n")).toHaveLength(1);
      }
    }
  });
});

describe("merge refuses a shard whose evidence does not hold", () => {
  const shard = (k: number) => at(`shard-${k}.json`);
  beforeAll(async () => {
    for (const k of [1, 2])
      expect((await cli("run", "--protocol", "json", "--shard", `${k}/2`, "--out", shard(k))).code).toBe(0);
  }, 60_000);

  async function refused(edit: (results: Stored) => void, message: RegExp) {
    const results = read(shard(2));
    edit(results);
    write(at("shard-2-edited.json"), results);
    const out = at(`merged-${Math.random().toString(36).slice(2)}.json`);
    const merged = await cli("merge", shard(1), at("shard-2-edited.json"), "--out", out);
    expect(merged.code).toBe(2);
    expect(merged.err).toMatch(message);
    expect(merged.err.trim().split("\n")).toHaveLength(1);
    expect(existsSync(out)).toBe(false);
  }

  it("merges the shards as they are", async () => {
    const merged = await cli("merge", shard(1), shard(2), "--out", at("merged.json"));
    expect(merged.code).toBe(0);
  });

  it("a shard whose summary disagrees with its records", async () => {
    await refused((r) => {
      r.summary.passed += 3;
      r.summary.score = r.summary.passed / r.summary.n;
    }, /merge: \S+shard-2-edited\.json: the stored summary disagrees with its records; the shard was edited or damaged/);
  });

  it("a shard with a verdict that re-grading does not give, naming the record", async () => {
    await refused((r) => {
      const [i] = passing(r, 1);
      verdictAt(r, i).passed = false;
      r.summary.passed -= 1;
      r.summary.score = r.summary.passed / r.summary.n;
    }, /merge: \S+shard-2-edited\.json: 1 stored verdict\(s\) differ from re-grading the outputs: records\[\d+\] \([^)]+\): stored failed, re-graded passed/);
  });

  it("a shard with a record removed, its summary and counts made to agree, but not listed as missing", async () => {
    await refused((r) => {
      r.records.pop();
      const verdicts = r.records.flatMap((record) =>
        record.verdict ? [record.verdict as unknown as Verdict] : [],
      );
      r.summary = summarize(verdicts, loadCases(DEFAULT_CASES_FILE)) as unknown as Stored["summary"];
      Object.assign(r.counts, { records: r.records.length, scored: verdicts.length });
    }, /merge: \S+shard-2-edited\.json: lists 0 missing record\(s\), but 1 of its pairs have no record; the file was edited/);
  });

  it("a shard graded under another version of the profile", async () => {
    await refused((r) => {
      r.grading = { profile: "tooluse", version: "1.9.0" };
      for (const record of r.records) if (record.grading) record.grading.version = "1.9.0";
    }, /merge: \S+shard-2-edited\.json was graded under tooluse 1\.9\.0; this tooluse grades under 2\.3\.0/);
  });
});
