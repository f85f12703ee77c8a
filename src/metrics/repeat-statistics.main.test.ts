/**
 * The repeat statistics on runs made through the door users use: `tooluse run` three times against the flaky mock
 * server, each run's records read back as one repeat. `run --repeats K` will do this in one command (issue 31); until
 * then this is the adapter it needs, records → attempts, and a check that the numbers come out as the server set them.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCases } from "../cases/load.js";
import { main } from "../cli/main.js";
import { flakyCaseIds, flakyScript } from "../mock-server/flaky-model.js";
import { type MockServer, startMockServer } from "../mock-server/openai-server.js";
import { DEFAULT_CASES_FILE } from "../paths.js";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import type { Attempt } from "./attempts.js";
import { compareRepeatedRuns } from "./noise-compare.js";
import { summarizeRepeats } from "./repeat-summary.js";

/** Real processes and servers on a shared two-core machine: these take 10–15 s under load, so allow 90. */
const SLOW_UNDER_LOAD = 90_000;

const cases = loadCases(DEFAULT_CASES_FILE);
const FLAKY = { share: 0.3, seed: 11 };
const flaky = flakyCaseIds(cases, FLAKY);

interface ResultRecord {
  id: string;
  protocol: string;
  status: "scored" | "error";
  verdict: { passed: boolean } | null;
}

/** The adapter: one run's records as the attempts of one repeat. */
const attemptsOf = (records: readonly ResultRecord[], attempt: number): Attempt[] =>
  records.map((r) => ({
    case_id: r.id,
    protocol: r.protocol,
    attempt,
    passed: r.status === "scored" && r.verdict ? r.verdict.passed : null,
  }));

let server: MockServer;
let dir: ReturnType<typeof tempDir>;
beforeAll(async () => {
  server = await startMockServer({ script: flakyScript(cases, FLAKY) });
  dir = tempDir();
});
afterAll(async () => {
  await server.close();
  dir.remove();
});

async function run(name: string, ...extra: string[]): Promise<ResultRecord[]> {
  const out = join(dir.path, `${name}.json`);
  const io = captureIo();
  const args = ["run", "--backend", "openai", "--base-url", server.url, "--model", "mock-model"];
  const code = await main([...args, "--protocol", "json", "--no-cache", "--out", out, ...extra], io);
  expect(code, io.err).toBe(0);
  return (JSON.parse(readFileSync(out, "utf8")) as { records: ResultRecord[] }).records;
}

describe("repeat statistics of three runs against the flaky server", () => {
  it(
    "recover the flip rate, pass^k and run-to-run deviation the server was set to",
    async () => {
      // Greedy runs with no seed send identical requests: the server's per-body count makes them differ.
      const repeats = [await run("r0"), await run("r1"), await run("r2")];
      const attempts = repeats.flatMap((records, attempt) => attemptsOf(records, attempt));
      const summary = summarizeRepeats(attempts, { samples: 2000, level: 0.95, seed: 1 });
      const share = flaky.size / cases.length; // 56 of 188
      const within = (e: { low: number | null; high: number | null }, truth: number) => {
        expect(e.low ?? 1).toBeLessThanOrEqual(truth);
        expect(e.high ?? 0).toBeGreaterThanOrEqual(truth);
      };
      expect(summary).toMatchObject({ units: 188, cases: 188, repeats: 3, errored: 0 });
      within(summary.flip_rate, share / 2);
      for (const point of summary.pass) within(point.pass_hat_k, 1 - share + share / 2 ** point.k);
      within(summary.run_to_run, Math.sqrt(flaky.size * 0.25) / cases.length);
      // Only flaky cases can flip.
      expect(summary.instability.list.every((u) => flaky.has(u.case_id))).toBe(true);
      expect(summary.instability.list.length).toBeGreaterThan(0);
    },
    SLOW_UNDER_LOAD,
  );

  it(
    "makes each seeded attempt reproducible, and two runs of the same server within noise",
    async () => {
      const [first, again, other] = [
        await run("s5", "--seed", "5"),
        await run("s5b", "--seed", "5"),
        await run("s6", "--seed", "6"),
      ];
      const passed = (records: readonly ResultRecord[]) => records.map((r) => `${r.id}:${r.verdict?.passed}`);
      expect(passed(again)).toEqual(passed(first));
      expect(passed(other)).not.toEqual(passed(first));
      const comparison = compareRepeatedRuns(attemptsOf(first, 0), attemptsOf(other, 0), {
        bootstrap: { samples: 500, level: 0.95, seed: 1 },
      });
      expect(comparison.test.method).toBe("mcnemar-exact");
      expect(comparison.kind).toBe("within-noise");
    },
    SLOW_UNDER_LOAD,
  );
});
