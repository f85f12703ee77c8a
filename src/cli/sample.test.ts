/** Issue 30 item 6: `run --sample N --seed S` draws N cases over every category and language; `--limit N` does not. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadCases } from "../cases/load.js";
import { DEFAULT_CASES_FILE } from "../paths.js";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import { main } from "./main.js";

const dir = tempDir();
afterAll(() => dir.remove());
const corpus = loadCases(DEFAULT_CASES_FILE);
const strata = (ids: readonly string[]) => {
  const byId = new Map(corpus.map((c) => [c.id, c]));
  const count = new Map<string, number>();
  for (const id of ids) {
    const c = byId.get(id);
    if (c) count.set(`${c.category}/${c.lang}`, (count.get(`${c.category}/${c.lang}`) ?? 0) + 1);
  }
  return count;
};

async function run(name: string, ...flags: string[]) {
  const out = join(dir.path, `${name}.json`);
  const io = captureIo();
  const code = await main(["run", "--backend", "oracle", "--protocol", "json", ...flags, "--out", out], io);
  if (code !== 0) return { code, err: io.err, ids: [] as string[], results: null };
  const results = JSON.parse(readFileSync(out, "utf8"));
  return { code, err: io.err, ids: results.records.map((r: { id: string }) => r.id) as string[], results };
}

describe("run --sample", () => {
  it("keeps every (category, language) stratum's share, and --limit takes the first cases of one category", async () => {
    const all = strata(corpus.map((c) => c.id));
    const n = 40;
    const sampled = await run("sample", "--sample", String(n), "--seed", "7");
    expect(sampled.code).toBe(0);
    expect(sampled.ids).toHaveLength(n);
    const got = strata(sampled.ids);
    for (const [stratum, size] of all) {
      const share = (size * n) / corpus.length;
      const taken = got.get(stratum) ?? 0;
      expect(taken, stratum).toBeGreaterThanOrEqual(Math.floor(share));
      expect(taken, stratum).toBeLessThanOrEqual(Math.ceil(share));
    }
    expect(sampled.results.config.filters.sample).toEqual({ n, seed: 7 });
    const limited = await run("limit", "--limit", "10");
    expect(strata(limited.ids).size).toBeLessThan(strata((await run("s10", "--sample", "10")).ids).size);
    expect(limited.results.config.filters.sample).toBe(undefined);
  });

  it("the same seed draws the same cases, another seed others; the draw keeps corpus order", async () => {
    const a = await run("a", "--sample", "30", "--seed", "1");
    const b = await run("b", "--sample", "30", "--seed", "1");
    const c = await run("c", "--sample", "30", "--seed", "2");
    expect(a.ids).toEqual(b.ids);
    expect(c.ids).not.toEqual(a.ids);
    const order = corpus.map((x) => x.id);
    expect([...a.ids].sort((x, y) => order.indexOf(x) - order.indexOf(y))).toEqual(a.ids);
  });

  it("refuses --sample with --limit, and a sample that is not a whole number, in one line", async () => {
    for (const flags of [
      ["--sample", "10", "--limit", "5"],
      ["--sample", "0"],
      ["--sample", "ten"],
    ]) {
      const { code, err } = await run("bad", ...flags);
      expect(code, flags.join(" ")).toBe(2);
      expect(err).toContain("--sample");
      expect(err.trim().split("\n")).toHaveLength(1);
    }
  });
});
