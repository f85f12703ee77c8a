/**
 * `tooluse run` as a user starts it (the built CLI in its own process, start-up included), against a mock
 * OpenAI-compatible server in another process (issue 28's start-up targets):
 *   1. a run of 188 cases × 3 protocols = 564 requests at 100 ms each, 32 in flight, against its server-bound ideal
 *      ceil(564 / 32) × 0.1 s — target at most 1.3 × the ideal;
 *   2. the same run again with every answer in the response cache, against `tooluse --version` timed in the same
 *      bench run — target at most 3 ×.
 * Times are medians of RUNS runs. Builds dist/ first, so the CLI measured is the one `npx tooluse` runs.
 * Run: npm run bench:run-cached   (BENCH_TARGET_FACTOR scales the targets; see bench/target.ts)
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";
import { PACKAGE_ROOT } from "../src/paths.js";
import { tempDir } from "../src/test-support/temp.js";
import { atMost } from "./target.js";

const RUNS = 3;
const LATENCY_MS = 100;
const CONCURRENCY = 32;
const REQUESTS = 564;
const BIN = join(PACKAGE_ROOT, "bin/tooluse.js");

execFileSync("npm", ["run", "--silent", "build"], { cwd: PACKAGE_ROOT, stdio: "inherit" });

/** Seconds one CLI process takes from spawn to exit; throws with its stderr when it fails. */
function timed(args: string[]): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: "utf8" });
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0)
    throw new Error(`tooluse ${args.join(" ")} exited ${result.status}: ${result.stderr}`);
  return seconds;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const server = spawn(
  process.execPath,
  ["--import", "tsx", "src/test-support/mock-server-process.ts", String(LATENCY_MS)],
  { cwd: PACKAGE_ROOT, stdio: ["ignore", "pipe", "inherit"] },
);
const [firstLine] = (await once(server.stdout, "data")) as [Buffer];
const url = firstLine.toString().trim();
const dir = tempDir("tooluse-bench-cli-");
try {
  const run = (cacheDir: string, out: string, cache: boolean) => [
    "run",
    "--base-url",
    url,
    "--model",
    "mock-model",
    "--protocol",
    "all",
    "--concurrency",
    String(CONCURRENCY),
    "--retries",
    "0",
    "--cache-dir",
    cacheDir,
    ...(cache ? [] : ["--no-cache"]),
    "--out",
    out,
    "--force",
  ];
  const live = median(
    Array.from({ length: RUNS }, (_, i) =>
      timed(run(join(dir.path, `cache-${i}`), join(dir.path, `live-${i}.json`), false)),
    ),
  );
  // One run fills a cache; the timed re-runs find every answer there.
  const cacheDir = join(dir.path, "cache");
  timed(run(cacheDir, join(dir.path, "fill.json"), true));
  const cached = median(
    Array.from({ length: RUNS }, (_, i) => timed(run(cacheDir, join(dir.path, `cached-${i}.json`), true))),
  );
  const version = median(Array.from({ length: RUNS }, () => timed(["--version"])));
  const ideal = (Math.ceil(REQUESTS / CONCURRENCY) * LATENCY_MS) / 1000;
  console.log(
    `${REQUESTS} requests, ${LATENCY_MS} ms latency, concurrency ${CONCURRENCY}; medians of ${RUNS}`,
  );
  console.log(
    `live run ${live.toFixed(2)} s, ideal ${ideal.toFixed(2)} s → ${(live / ideal).toFixed(2)} × ideal`,
  );
  console.log(
    `cached re-run ${cached.toFixed(2)} s, tooluse --version ${version.toFixed(2)} s → ${(cached / version).toFixed(2)} ×`,
  );
  atMost("live run against its server-bound ideal", live / ideal, 1.3, "×");
  atMost("cached re-run against tooluse --version", cached / version, 3, "×");
} finally {
  server.kill();
  dir.remove();
}
