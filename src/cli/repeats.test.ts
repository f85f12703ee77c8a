/**
 * `run --repeats K` through `main()`: every attempt recorded with its index and seed, the cache keyed per attempt
 * (attempt 0 keeps a single run's key), `--repeats` part of the run's identity, and a journal that holds one attempt
 * twice counted once, as the journal's rule says (a scored record is never replaced).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadCases } from "../cases/load.js";
import { startMockServer } from "../mock-server/openai-server.js";
import { perfectScript } from "../mock-server/perfect-model.js";
import { DEFAULT_CASES_FILE } from "../paths.js";
import { ResponseCache } from "../runner/cache.js";
import { Journal, journalPath } from "../runner/journal.js";
import { readJournal } from "../runner/journal-read.js";
import type { RunRecord } from "../runner/record.js";
import { attemptSeed } from "../runner/repeats.js";
import { assembleOutcome, type Results } from "../runner/results.js";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import { main } from "./main.js";

const dir = tempDir("tooluse-repeats-");
const at = (name: string) => join(dir.path, name);
afterAll(() => dir.remove());

async function cli(...argv: string[]) {
  const io = captureIo();
  const code = await main(argv, io);
  return { code, out: io.out, err: io.err };
}

const read = (out: string) => JSON.parse(readFileSync(out, "utf8")) as Results;

describe("run --repeats", () => {
  it("records every attempt with its index and its seed, derived from --seed", async () => {
    const out = at("seeded.json");
    const { code, err } = await cli(
      "run",
      ...["--backend", "oracle", "--protocol", "json,xml", "--limit", "4", "--repeats", "3", "--seed", "5"],
      ...["--out", out],
    );
    expect(code, err).toBe(0);
    const results = read(out);
    expect(results.config).toMatchObject({ repeats: 3 });
    expect(results.counts).toEqual({ records: 24, scored: 24, errors: 0, missing: 0 });
    // Case order, protocol order, attempt order.
    expect(results.records.slice(0, 4).map((r) => [r.protocol, r.attempt])).toEqual([
      ["json", 0],
      ["json", 1],
      ["json", 2],
      ["xml", 0],
    ]);
    const seeds = results.records.slice(0, 3).map((r) => r.seed);
    expect(seeds[0]).toBe(5);
    expect(new Set(seeds).size).toBe(3);
    expect(seeds).toEqual([0, 1, 2].map((i) => attemptSeed(5, i)));
    expect(results.records.every((r) => r.seed === attemptSeed(5, r.attempt ?? -1))).toBe(true);
  });

  it("sends no seed without --seed, and a run without --repeats writes no attempt at all", async () => {
    const out = at("unseeded.json");
    expect(
      (await cli("run", "--backend", "oracle", "--limit", "2", "--repeats", "2", "--out", out)).code,
    ).toBe(0);
    expect(read(out).records.every((r) => r.seed === null && typeof r.attempt === "number")).toBe(true);
    const single = at("single.json");
    expect((await cli("run", "--backend", "oracle", "--limit", "2", "--out", single)).code).toBe(0);
    const results = read(single);
    expect("repeats" in results.config).toBe(false);
    expect(results.records.some((r) => "attempt" in r || "seed" in r)).toBe(false);
  });

  it("refuses a repeat count that is not a whole number ≥ 1, and a --repeats given to a resumed run", async () => {
    for (const bad of ["0", "-1", "1.5", "three"]) {
      const { code, err } = await cli(
        "run",
        "--backend",
        "oracle",
        "--repeats",
        bad,
        "--out",
        at(`bad${bad}.json`),
      );
      expect(code).toBe(2);
      expect(err).toMatch(/--repeats/);
    }
    const out = at("identity.json");
    expect(
      (await cli("run", "--backend", "oracle", "--limit", "2", "--repeats", "2", "--out", out)).code,
    ).toBe(0);
    const { code, err } = await cli("run", "--resume", out, "--repeats", "3");
    expect(code).toBe(2);
    expect(err).toMatch(/--repeats/);
    expect(err).toMatch(/keeps the configuration it started with/);
  });

  it("asks greedy repeats again: one cache entry per attempt, and attempt 0 is a single run's entry", async () => {
    const cases = loadCases(DEFAULT_CASES_FILE).slice(0, 5);
    const server = await startMockServer({ script: perfectScript(cases) });
    try {
      const common = ["--backend", "openai", "--base-url", server.url, "--model", "mock-model"];
      const select = ["--protocol", "json", "--ids", cases.map((c) => c.id).join(",")];
      const cache = ["--cache-dir", at("cache")];
      const first = await cli(
        "run",
        ...common,
        ...select,
        ...cache,
        "--repeats",
        "3",
        "--out",
        at("c1.json"),
      );
      expect(first.code, first.err).toBe(0);
      expect(server.requests).toBe(15);
      expect(read(at("c1.json")).records.every((r) => !r.cached)).toBe(true);
      // The same run again: every attempt from the cache.
      expect(
        (await cli("run", ...common, ...select, ...cache, "--repeats", "3", "--out", at("c2.json"))).code,
      ).toBe(0);
      expect(server.requests).toBe(15);
      expect(read(at("c2.json")).records.every((r) => r.cached)).toBe(true);
      // A run without repeats finds attempt 0's answers: existing caches stay valid.
      expect((await cli("run", ...common, ...select, ...cache, "--out", at("c3.json"))).code).toBe(0);
      expect(server.requests).toBe(15);
      // Two more repeats ask only attempts 3 and 4.
      expect(
        (await cli("run", ...common, ...select, ...cache, "--repeats", "5", "--out", at("c4.json"))).code,
      ).toBe(0);
      expect(server.requests).toBe(25);
    } finally {
      await server.close();
    }
    const parts = { backend: "openai", model: "m", endpoint: null, messages: [], tools: null, settings: {} };
    expect(ResponseCache.key({ ...parts, attempt: 0 })).toBe(ResponseCache.key(parts));
    expect(ResponseCache.key({ ...parts, attempt: 1 })).not.toBe(ResponseCache.key(parts));
  });

  it("counts an attempt written twice in the journal once (the first scored), and refuses an attempt ≥ K", async () => {
    const out = at("twice.json");
    expect(
      (
        await cli(
          "run",
          "--backend",
          "oracle",
          "--protocol",
          "json",
          "--limit",
          "3",
          "--repeats",
          "2",
          "--out",
          out,
        )
      ).code,
    ).toBe(0);
    const lines = readFileSync(journalPath(out), "utf8").split("\n").filter(Boolean).slice(1);
    const records = lines.map((line) => JSON.parse(line) as RunRecord & { digest?: string });
    // Asked attempt by attempt: every attempt 0 before any attempt 1.
    expect(records.map((r) => r.attempt)).toEqual([0, 0, 0, 1, 1, 1]);
    const { digest: _digest, ...second } = records[3] as RunRecord & { digest?: string };
    // Appended through the journal itself, so the chain holds: the same attempt again, with another answer.
    const journal = Journal.reopen(journalPath(out), readJournal(journalPath(out)));
    journal.append({
      ...second,
      output: "a later answer",
      verdict: { ...second.verdict, passed: false } as RunRecord["verdict"],
    });
    await journal.close();
    expect(readJournal(journalPath(out)).records.size).toBe(6);
    const resumed = await cli("run", "--resume", out);
    expect(resumed.code, resumed.err).toBe(0);
    const results = read(out);
    expect(results.records).toHaveLength(6);
    const kept = results.records.filter((r) => r.id === second.id && r.attempt === 1);
    expect(kept).toHaveLength(1);
    expect(kept[0]?.output).toBe(second.output);
    expect(results.summary.score).toBe(1);

    const beyond = Journal.reopen(journalPath(out), readJournal(journalPath(out)));
    beyond.append({ ...second, attempt: 2 });
    await beyond.close();
    const refused = await cli("run", "--resume", out);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/\(attempt 2\) is not one this run asks/);
  });

  it("deals all attempts of a pair to one shard, and merges the shards back into every attempt once", async () => {
    const shards = [1, 2].map((index) => at(`shard-${index}.json`));
    for (const [i, file] of shards.entries())
      expect(
        (
          await cli(
            ...["run", "--backend", "oracle", "--protocol", "json,xml", "--limit", "3", "--repeats", "2"],
            ...["--shard", `${i + 1}/2`, "--out", file],
          )
        ).code,
      ).toBe(0);
    const [one, two] = shards.map(read) as [Results, Results];
    const pairsOf = (r: Results) => new Set(r.records.map((x) => `${x.id}/${x.protocol}`));
    expect([...pairsOf(one)].some((pair) => pairsOf(two).has(pair))).toBe(false);
    expect(one.records.length + two.records.length).toBe(12);
    const merged = at("merged.json");
    const { code, err } = await cli("merge", ...shards, "--out", merged);
    expect(code, err).toBe(0);
    const results = read(merged);
    expect(results.counts).toMatchObject({ records: 12, missing: 0 });
    expect(new Set(results.records.map((r) => `${r.id}/${r.protocol}/${r.attempt}`)).size).toBe(12);
  });

  it("compares a single run with a repeated one through the noise-aware comparison", async () => {
    const single = at("mixed-1.json");
    const repeated = at("mixed-3.json");
    expect(
      (await cli("run", "--backend", "oracle", "--protocol", "json", "--limit", "8", "--out", single)).code,
    ).toBe(0);
    expect(
      (
        await cli(
          "run",
          "--backend",
          "oracle",
          "--protocol",
          "json",
          "--limit",
          "8",
          "--repeats",
          "3",
          "--out",
          repeated,
        )
      ).code,
    ).toBe(0);
    const { code, out } = await cli("compare", single, repeated, "--json");
    expect(code).toBe(0);
    const json = JSON.parse(out);
    expect([json.a.repeats, json.b.repeats]).toEqual([1, 3]);
    expect(json.overall.kind).toBe("within-noise");
    expect(json.overall.difference.value).toBe(0);
  });

  it("lists each missing attempt by its index", () => {
    const cases = loadCases(DEFAULT_CASES_FILE).slice(0, 2);
    const record = (id: string, attempt: number) =>
      ({ id, protocol: "json", attempt, status: "error", verdict: null }) as unknown as RunRecord;
    const [one, two] = cases.map((c) => c.id) as [string, string];
    const outcome = assembleOutcome(cases, { protocols: ["json"], repeats: 2 }, [
      record(two, 1),
      record(one, 0),
    ]);
    expect(outcome.records.map((r) => [r.id, r.attempt])).toEqual([
      [one, 0],
      [two, 1],
    ]);
    expect(outcome.missing).toEqual([
      { id: one, protocol: "json", attempt: 1 },
      { id: two, protocol: "json", attempt: 0 },
    ]);
  });

  it("reads a results file without attempts as one repeat", async () => {
    const out = at("report-k1.json");
    expect(
      (await cli("run", "--backend", "oracle", "--protocol", "json", "--limit", "3", "--out", out)).code,
    ).toBe(0);
    const report = await cli("report", out);
    expect(report.code).toBe(0);
    expect(report.out).not.toMatch(/repeats|pass\^/);
  });
});
