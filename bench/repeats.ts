/**
 * `run --repeats 3` against the 100 ms mock server: 188 cases × 3 protocols = 564 evaluations, asked three times,
 * must take at most 3.3× the wall time of one repeat (the harness adds little per attempt, and computing the repeat
 * statistics the run prints is part of the time). The server is the flaky one (30% of cases answered at random,
 * seed 11), so the bench also prints the statistics beside the values the server was set to.
 * Run: npm run bench:repeats
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";
import { loadCases } from "../src/cases/load.js";
import { flakyCaseIds } from "../src/mock-server/flaky-model.js";
import { DEFAULT_CASES_FILE } from "../src/paths.js";
import { repeatStatistics } from "../src/report/repeats.js";
import { definedRun } from "../src/runner/define-run.js";
import { silentProgress } from "../src/runner/progress.js";
import { runBenchmark } from "../src/runner/run.js";
import { tempDir } from "../src/test-support/temp.js";
import { atMost } from "./target.js";

const LATENCY_MS = 100;
const CONCURRENCY = 32;
const FLAKY = { share: 0.3, seed: 11 };
const REPEATS = 3;
const server = spawn(
  process.execPath,
  [
    ...["--import", "tsx", "src/test-support/mock-server-process.ts", String(LATENCY_MS)],
    ...["--flaky", String(FLAKY.share), "--seed", String(FLAKY.seed)],
  ],
  { stdio: ["ignore", "pipe", "inherit"] },
);
const [firstLine] = (await once(server.stdout, "data")) as [Buffer];
const url = firstLine.toString().trim();
const dir = tempDir("tooluse-bench-repeats-");

/** One run as `tooluse run` makes it: the requests, then (with repeats) the statistics it prints. */
async function timedRun(repeats: number, limit?: number) {
  const config = definedRun({
    backend: "openai",
    model: "mock-model",
    base_url: url,
    cases_file: DEFAULT_CASES_FILE,
    concurrency: CONCURRENCY,
    timeout_ms: 30_000,
    retries: 0,
    cache: false,
    settings: { seed: 5 },
    repeats,
    ...(limit === undefined ? {} : { filters: { limit } }),
    out: join(dir.path, `repeats-${repeats}-${limit ?? "all"}.json`),
  });
  const started = performance.now();
  const results = await runBenchmark(config, false, {
    env: {},
    cacheDir: join(dir.path, "cache"),
    progress: silentProgress,
    signal: new AbortController().signal,
    log: () => {},
  });
  const asked = performance.now();
  const stats = repeatStatistics(results);
  const done = performance.now();
  return { results, stats, wall: (done - started) / 1000, statsSeconds: (done - asked) / 1000 };
}

try {
  // A short untimed run first, so neither timed run pays for loading modules and warming up the JIT.
  await timedRun(REPEATS, 20);
  const one = await timedRun(1);
  const three = await timedRun(REPEATS);
  const evaluations = one.results.counts.records;
  const ratio = three.wall / one.wall;
  console.log(`${evaluations} evaluations, ${LATENCY_MS} ms latency, concurrency ${CONCURRENCY}`);
  console.log(`one repeat: wall ${one.wall.toFixed(2)} s (${one.results.counts.records} records)`);
  console.log(
    `--repeats ${REPEATS}: wall ${three.wall.toFixed(2)} s (${three.results.counts.records} records; statistics ${three.statsSeconds.toFixed(2)} s) → ${ratio.toFixed(2)}× one repeat`,
  );
  const stats = three.stats;
  if (stats) {
    const cases = loadCases(DEFAULT_CASES_FILE);
    const share = flakyCaseIds(cases, FLAKY).size / cases.length;
    const show = (e: { value: number | null; low: number | null; high: number | null }) =>
      `${e.value?.toFixed(4)} [${e.low?.toFixed(4)}, ${e.high?.toFixed(4)}]`;
    console.log(`flip rate ${show(stats.flip_rate)} (set: ${(share / 2).toFixed(4)})`);
    for (const p of stats.pass)
      console.log(`pass^${p.k} ${show(p.pass_hat_k)} (set: ${(1 - share + share / 2 ** p.k).toFixed(4)})`);
    const unitsPerRepeat = stats.units;
    // Each flaky case contributes its three protocols, each a coin flip: sd = √(flaky units · 1/4) / units.
    const truth = Math.sqrt(share * unitsPerRepeat * 0.25) / unitsPerRepeat;
    const sd = stats.run_to_run;
    console.log(
      `run-to-run deviation seen ${sd.sd?.toFixed(4)} [${sd.low?.toFixed(4)}, ${sd.high?.toFixed(4)}], implied ${show(sd.implied)} (set: ${truth.toFixed(4)}, if protocols flip independently)`,
    );
  }
  atMost(`--repeats ${REPEATS} wall time over one repeat's`, ratio, 3.3, "×");
  if (three.results.counts.records !== evaluations * REPEATS) {
    console.log(`TARGET MISSED: ${three.results.counts.records} records, expected ${evaluations * REPEATS}`);
    process.exitCode = 1;
  }
} finally {
  server.kill();
  dir.remove();
}
