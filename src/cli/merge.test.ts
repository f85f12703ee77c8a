import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCases } from "../cases/load.js";
import { type MockServer, startMockServer } from "../mock-server/openai-server.js";
import { DEFAULT_CASES_FILE } from "../paths.js";
import { captureIo } from "../test-support/capture-io.js";
import { comparableResults, mixedScript } from "../test-support/mixed-model.js";
import { tempDir } from "../test-support/temp.js";
import { main } from "./main.js";

let server: MockServer;
let dir: ReturnType<typeof tempDir>;
beforeAll(async () => {
  server = await startMockServer({ script: mixedScript(loadCases(DEFAULT_CASES_FILE)) });
  dir = tempDir();
});
afterAll(async () => {
  await server.close();
  dir.remove();
});

const cli = async (...args: string[]) => {
  const io = captureIo();
  const code = await main(args, io);
  return { code, ...io };
};
const path = (name: string) => join(dir.path, name);
const read = (name: string) => JSON.parse(readFileSync(path(name), "utf8"));
const run = (out: string, ...extra: string[]) =>
  cli(
    "run",
    ...["--model", "mock-model", "--base-url", server.url, "--protocol", "json,plain", "--no-cache"],
    ...["--concurrency", "16", "--out", path(out), ...extra],
  );

describe("tooluse run --shard and tooluse merge (command line)", () => {
  it("merges --shard 1/2 and 2/2 into the unsharded run, record for record and summary", async () => {
    expect((await run("whole.json")).code).toBe(0);
    const one = await run("a.json", "--shard", "1/2");
    expect(one.code).toBe(0);
    expect((await run("b.json", "--shard", "2/2")).code).toBe(0);
    const [a, b, whole] = [read("a.json"), read("b.json"), read("whole.json")];
    expect(a.records.length + b.records.length).toBe(376);
    expect(Math.abs(a.records.length - b.records.length)).toBeLessThanOrEqual(1);
    expect(a.config.shard).toEqual({ index: 1, count: 2 });
    // The scripted model is wrong on about a quarter of the prompts: a summary that could not hide a lost record.
    expect(whole.summary.score).toBeGreaterThan(0.5);
    expect(whole.summary.score).toBeLessThan(0.95);

    const merged = await cli("merge", path("b.json"), path("a.json"), "--out", path("all.json"));
    expect(merged.err).toBe("");
    expect(merged.code).toBe(0);
    expect(merged.out).toContain("2 shards merged, 376 records");
    expect(comparableResults(read("all.json"))).toEqual(comparableResults(whole));
    expect(read("all.json").config.shard).toBeUndefined();
  });

  it("refuses a gap, an overlap, a whole run and shards of different runs, each in one line", async () => {
    await run("c.json", "--shard", "2/2", "--max-tokens", "100");
    await run("d.json", "--shard", "2/2", "--rules", "spec1");
    const cases: [string[], RegExp][] = [
      [["a.json"], /gap: shard 2\/2 is missing \(given: 1\/2\)/],
      [["a.json", "a.json"], /overlap: .*a\.json and .*a\.json are both shard 1\/2/],
      [["a.json", "whole.json"], /whole\.json is a whole run, not a shard/],
      [["a.json", "c.json"], /a\.json and .*c\.json are shards of different runs: config\.settings differs/],
    ];
    cases.push([
      ["a.json", "d.json"],
      /shards of different runs: grading differs \(.*"tooluse".* vs .*"spec1"/,
    ]);
    for (const [files, message] of cases) {
      const result = await cli("merge", ...files.map(path), "--out", path("bad.json"));
      expect(result.code).toBe(2);
      expect(result.err).toMatch(message);
      expect(result.err.trim().split("\n")).toHaveLength(1);
    }
  });

  it("refuses a shard that is not K/N with 1 ≤ K ≤ N", async () => {
    const result = await run("x.json", "--shard", "3/2");
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/--shard: expected K\/N with 1 ≤ K ≤ N \(e\.g\. 2\/4\), got "3\/2"/);
  });
});
