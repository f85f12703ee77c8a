/**
 * Issue 30 item 3 through main(): `compare --pair-protocols A:B` pairs case by case across protocols (two runs, or
 * within one), 0 pairs is an error that says what would pair, and the pooled row's test is clustered by case.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pooledMcNemar } from "../metrics/cluster-sign-flip.js";
import { mcnemarExact } from "../metrics/mcnemar.js";
import { type FixtureRun, makeRun } from "../report/test-support/fixtures.js";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import { main } from "./main.js";

let dir: ReturnType<typeof tempDir>;
let jsonRun: FixtureRun;
let nativeRun: FixtureRun;
let both: FixtureRun;
let never: FixtureRun;
let always: FixtureRun;
beforeAll(async () => {
  dir = tempDir();
  jsonRun = await makeRun(dir.path, "json", { backend: "baseline", protocols: ["json"] });
  nativeRun = await makeRun(dir.path, "native", { backend: "oracle", protocols: ["native"] });
  both = await makeRun(dir.path, "both", { backend: "never-call", protocols: ["json", "native"] });
  never = await makeRun(dir.path, "never", { backend: "never-call", protocols: ["json", "xml", "plain"] });
  always = await makeRun(dir.path, "always", { backend: "always-call", protocols: ["json", "xml", "plain"] });
});
afterAll(() => dir.remove());

const passedBy = (run: FixtureRun, protocol: string) =>
  new Map(run.results.records.filter((r) => r.protocol === protocol).map((r) => [r.id, r.verdict?.passed]));

async function compare(...args: string[]) {
  const io = captureIo();
  const code = await main(["compare", ...args], io);
  return { code, ...io };
}

describe("compare --pair-protocols", () => {
  it("0 pairs (a json run against a native run) is an error naming each side's protocols and the flag that pairs them", async () => {
    const { code, out, err } = await compare(jsonRun.file, nativeRun.file);
    expect(code).toBe(2);
    expect(out).toBe("");
    expect(out).not.toContain("agree");
    expect(err.trim().split("\n")).toHaveLength(1);
    expect(err).toContain("0 pairs: A holds json records and B holds native");
    expect(err).toContain("--pair-protocols json:native");
  });

  it("pairs A's json records with B's native records by case, and the counts are the hand-made ones", async () => {
    const { code, out } = await compare(
      jsonRun.file,
      nativeRun.file,
      "--pair-protocols",
      "json:native",
      "--json",
    );
    expect(code).toBe(0);
    const result = JSON.parse(out);
    const a = passedBy(jsonRun, "json");
    const b = passedBy(nativeRun, "native");
    const ids = [...a.keys()].filter((id) => b.has(id));
    const onlyA = ids.filter((id) => a.get(id) && !b.get(id)).length;
    const onlyB = ids.filter((id) => !a.get(id) && b.get(id)).length;
    expect(ids.length).toBeGreaterThan(100);
    expect(Object.keys(result.by_protocol)).toEqual(["json:native"]);
    expect(result.overall.pairs).toBe(ids.length);
    expect(result.overall.a_passed_b_failed).toHaveLength(onlyA);
    expect(result.overall.a_failed_b_passed).toHaveLength(onlyB);
    expect(result.by_protocol["json:native"].p_value).toBe(mcnemarExact(onlyA, onlyB));
    expect(result.paired_protocols).toEqual([{ a: "json", b: "native", name: "json:native" }]);
  });

  it("pairs within one run, and its text rows show each side's own protocol score", async () => {
    const { code, out } = await compare(both.file, "--pair-protocols", "json:native");
    expect(code).toBe(0);
    const row = out.split("\n").find((line) => line.startsWith("json:native"));
    const json = both.results.summary.by_protocol.json?.score?.toFixed(3);
    const native = both.results.summary.by_protocol.native?.score?.toFixed(3);
    expect(row).toContain(`${json} [`);
    expect(row).toContain(`${native} [`);
    expect(out).toMatch(/json:native: (no case flipped|not significant|significant)/);
  });

  it("a pair whose protocols the runs do not hold is 0 pairs, an error listing the pairs they could make", async () => {
    const { code, err } = await compare(jsonRun.file, nativeRun.file, "--pair-protocols", "xml:native");
    expect(code).toBe(2);
    expect(err).toContain("0 pairs: A holds json records and B holds native");
    expect(err).toContain("json:native");
  });

  it("refuses a malformed pair in one line", async () => {
    for (const bad of ["json", "json:json", "json:foo", "json:native,json:native"]) {
      const { code, err } = await compare(jsonRun.file, nativeRun.file, "--pair-protocols", bad);
      expect(code, bad).toBe(2);
      expect(err.trim().split("\n"), bad).toHaveLength(1);
    }
    const { code, err } = await compare(jsonRun.file);
    expect(code).toBe(2);
    expect(err).toContain("--pair-protocols");
  });
});

describe("compare's pooled row", () => {
  it("tests over cases, not over (case, protocol) pairs: one case's three protocols count once", async () => {
    const { code, out } = await compare(never.file, always.file, "--json");
    expect(code).toBe(0);
    const result = JSON.parse(out);
    const table = result.overall;
    const flips = table.a_passed_b_failed.length + table.a_failed_b_passed.length;
    expect(Object.keys(result.by_protocol)).toEqual(["json", "xml", "plain"]);
    // The naive pooled McNemar over pairs, which the old row printed, is not what the row says now.
    const naive = mcnemarExact(table.a_passed_b_failed.length, table.a_failed_b_passed.length);
    expect(table.p_value).toBe(pooledMcNemar(table).p_value);
    expect(table.method).not.toBe(undefined);
    expect(table.informative_cases).toBeLessThan(flips);
    expect(table.p_value).toBeGreaterThan(naive);
    const text = await compare(never.file, always.file);
    expect(text.out).toContain("clustered by case");
  });
});
