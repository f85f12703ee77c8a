/**
 * Issue 31 through `main()`: `run --repeats 3` against the flaky mock server recovers the flip rate, pass^k and
 * run-to-run deviation the server was set to (within their intervals), and every view shows the statistics: the
 * terminal and Markdown report, `--json`, the HTML page, and CSV and JUnit with one row and testcase per attempt.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCases } from "../cases/load.js";
import { flakyCaseIds, flakyScript } from "../mock-server/flaky-model.js";
import { type MockServer, startMockServer } from "../mock-server/openai-server.js";
import { DEFAULT_CASES_FILE } from "../paths.js";
import type { RepeatStatistics } from "../report/repeats.js";
import { checkJunit } from "../report/test-support/junit-schema.js";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import { main } from "./main.js";

const SLOW_UNDER_LOAD = 120_000;
const cases = loadCases(DEFAULT_CASES_FILE);
const FLAKY = { share: 0.3, seed: 11 };
const flaky = flakyCaseIds(cases, FLAKY);

let server: MockServer;
/** The same corpus with half the cases flaky, not 30%: ten points lower in expectation (0.75 against 0.85). */
let worse: MockServer;
let dir: ReturnType<typeof tempDir>;
let out: string;
let stats: RepeatStatistics;

/** `run --repeats 3 --json` against `url`; returns the results path and the printed JSON. */
async function repeatedRun(url: string, name: string, seed: string, ...extra: string[]) {
  const file = join(dir.path, `${name}.json`);
  const io = captureIo();
  const code = await main(
    [
      ...["run", "--backend", "openai", "--base-url", url, "--model", "mock-model", "--protocol", "json"],
      ...["--repeats", "3", "--seed", seed, "--no-cache", "--json", "--out", file, ...extra],
    ],
    io,
  );
  expect(code, io.err).toBe(0);
  return { file, json: JSON.parse(io.out) as { repeats: RepeatStatistics } };
}

beforeAll(async () => {
  server = await startMockServer({ script: flakyScript(cases, FLAKY) });
  worse = await startMockServer({ script: flakyScript(cases, { share: 0.5, seed: 11 }) });
  dir = tempDir();
  const first = await repeatedRun(server.url, "flaky", "5");
  out = first.file;
  stats = first.json.repeats;
}, SLOW_UNDER_LOAD);
afterAll(async () => {
  await server.close();
  await worse.close();
  dir.remove();
});

const within = (e: { low: number | null; high: number | null }, truth: number) => {
  expect(e.low ?? 1).toBeLessThanOrEqual(truth);
  expect(e.high ?? 0).toBeGreaterThanOrEqual(truth);
};

async function cli(...argv: string[]) {
  const io = captureIo();
  const code = await main(argv, io);
  return { code, out: io.out, err: io.err };
}

describe("run --repeats 3 against the flaky server", () => {
  it("recovers the flip rate, pass^k and run-to-run deviation the server was set to", () => {
    const share = flaky.size / cases.length;
    expect(stats).toMatchObject({ units: 188, cases: 188, repeats: 3, errored: 0 });
    // A flaky case passes each attempt with probability 1/2: two attempts disagree with probability 1/2.
    within(stats.flip_rate, share / 2);
    for (const point of stats.pass) within(point.pass_hat_k, 1 - share + share / 2 ** point.k);
    for (const point of stats.pass) within(point.pass_at_k, 1 - share / 2 ** point.k);
    within(stats.run_to_run, Math.sqrt(flaky.size * 0.25) / cases.length);
    within(stats.run_to_run.implied, Math.sqrt(flaky.size * 0.25) / cases.length);
    expect(stats.instability.list.length).toBeGreaterThan(0);
    expect(stats.instability.list.every((u) => flaky.has(u.case_id))).toBe(true);
    expect(stats.by_protocol.map((p) => p.protocol)).toEqual(["json"]);
  });

  it("shows the statistics in the terminal and Markdown report, and each attempt in CSV and JUnit", async () => {
    const csv = join(dir.path, "flaky.csv");
    const junit = join(dir.path, "flaky.xml");
    const text = await cli("report", out, "--csv", csv, "--junit", junit);
    expect(text.code, text.err).toBe(0);
    expect(text.out).toMatch(/repeats: K = 3 · 188 units/);
    expect(text.out).toMatch(/pass\^k/);
    expect(text.out).toMatch(/stability/);
    expect(text.out).toMatch(/flip rate \d\.\d{3} \[/);
    expect(text.out).toMatch(/run-to-run deviation/);
    const first = stats.instability.list[0];
    expect(text.out).toContain(`unstable cases (${stats.instability.list.length} units`);
    expect(text.out).toContain(`${first?.case_id} (json) ${first?.passes}/3 passed`);
    const block = text.out.slice(text.out.indexOf("repeats: K = 3"));
    expect(block.split("\n").filter((line) => line.length > 100)).toEqual([]);
    const md = await cli("report", out, "--format", "md");
    expect(md.out).toMatch(/\*\*repeats: K = 3/);
    expect(md.out).toMatch(/\| k \| pass@k \|/);

    const rows = readFileSync(csv, "utf8").trimEnd().split("\r\n");
    expect(rows[0]).toMatch(/^model,backend,id,protocol,attempt,outcome,/);
    expect(rows).toHaveLength(1 + 188 * 3);
    expect(rows[1]).toMatch(/,json,0,/);
    expect(rows[2]).toMatch(/,json,1,/);
    const xml = readFileSync(junit, "utf8");
    expect(checkJunit(xml)).toBe(188 * 3);
    expect(xml).toContain(`name="${cases[0]?.id} #2"`);
  });

  it("shows the stability section in the HTML report", async () => {
    const page = join(dir.path, "flaky.html");
    expect((await cli("report", out, "--html", page)).code).toBe(0);
    const html = readFileSync(page, "utf8");
    expect(html).toContain('<a href="#stability">Stability</a>');
    expect(html).toContain("Stability across repeats");
    expect(html).toContain(`Unstable cases (${stats.instability.list.length})`);
  });
});

describe("compare with repeats", () => {
  it(
    "says two runs of the same flaky server are within noise, and finds a planted 10-point difference",
    async () => {
      const again = await repeatedRun(server.url, "flaky-again", "6");
      const same = await cli("compare", out, again.file, "--json");
      expect(same.code, same.err).toBe(0);
      const sameJson = JSON.parse(same.out);
      expect(sameJson.a.repeats).toBe(3);
      expect(sameJson.overall.kind).toBe("within-noise");
      expect(sameJson.overall.verdict).toMatch(/^within noise: /);
      expect(sameJson.overall.test.method).toBe("sign-flip-exact");
      expect(sameJson.overall.mde).toBeGreaterThan(0);
      expect(sameJson.overall.mde).toBeLessThan(0.1);

      const lower = await repeatedRun(worse.url, "worse", "5");
      const text = await cli("compare", out, lower.file, "--mde", "0.02");
      expect(text.code, text.err).toBe(0);
      expect(text.out).toMatch(/all: A is better by \d+\.\d points/);
      expect(text.out).toMatch(/detects differences of \d+\.\d\s+points or more/);
      expect(text.out).toMatch(/to detect 2\.0\s+points: [\d,]+\s+cases at K = 3/);
      const planted = JSON.parse((await cli("compare", out, lower.file, "--json")).out);
      expect(planted.overall.kind).toBe("a-better");
      // The planted gap is 10 points in expectation; its interval holds it.
      expect(planted.overall.difference.low).toBeLessThanOrEqual(-0.1);
      expect(planted.overall.difference.high).toBeGreaterThanOrEqual(-0.1);
      expect(planted.overall.mde).toBeLessThan(0.1);
    },
    SLOW_UNDER_LOAD,
  );

  it(
    "says within noise at about the test's rate over seeds (two runs of one server, 12 seed pairs)",
    async () => {
      // 40 cases per run keep this affordable; with α = 0.05 about 0.6 of 12 comparisons reject by chance.
      let within = 0;
      for (let pair = 0; pair < 12; pair++) {
        const a = await repeatedRun(server.url, `rate-a${pair}`, String(100 + 2 * pair), "--limit", "40");
        const b = await repeatedRun(server.url, `rate-b${pair}`, String(101 + 2 * pair), "--limit", "40");
        const { out: json } = await cli("compare", a.file, b.file, "--json");
        if (JSON.parse(json).overall.kind === "within-noise") within++;
      }
      // P(more than 2 of 12 reject | α = 0.05) = 2%: a test that rejected too often would fail here.
      expect(within).toBeGreaterThanOrEqual(10);
    },
    SLOW_UNDER_LOAD,
  );

  it("keeps the exact McNemar test for single runs, adds the power line, and plans for --mde", async () => {
    const single = async (name: string) => {
      const file = join(dir.path, `${name}.json`);
      const io = captureIo();
      const args = ["run", "--backend", "openai", "--base-url", server.url, "--model", "mock-model"];
      const code = await main(
        [...args, "--protocol", "json", "--no-cache", "--seed", name.length.toString(), "--out", file],
        io,
      );
      expect(code, io.err).toBe(0);
      return file;
    };
    const [a, b] = [await single("one"), await single("three")];
    const text = await cli("compare", a, b, "--mde", "0.02");
    expect(text.code, text.err).toBe(0);
    expect(text.out).toContain("p (exact)");
    expect(text.out).toMatch(/json: (not significant|significant|no case flipped)/);
    expect(text.out).toMatch(/power: at 80% power and alpha 0\.05 this comparison \(188 cases × K = 1\)/);
    expect(text.out).toMatch(/to detect 2\.0\s+points: [\d,]+\s+cases at K = 1/);
    const json = JSON.parse((await cli("compare", a, b, "--json")).out);
    expect(json.overall.p_value).toBeTypeOf("number");
    expect(json.noise.test.method).toBe("mcnemar-exact");
    expect((await cli("compare", a, b, "--mde", "0")).code).toBe(2);
    expect((await cli("compare", a, b, "--mde", "2")).code).toBe(2);
  });
});
