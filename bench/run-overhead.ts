/**
 * Harness overhead against a mock OpenAI-compatible server with a fixed latency: 188 cases × 3 protocols = 564
 * requests, 100 ms each, 32 in flight. The ideal wall time is ceil(564 / 32) × 0.1 s; we report the ratio.
 * The mock server runs in its own process, as a real server would, so its work does not count as harness overhead.
 * Run: npx tsx bench/run-overhead.ts
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";
import { DEFAULT_CASES_FILE } from "../src/paths.js";
import { definedRun } from "../src/runner/define-run.js";
import { silentProgress } from "../src/runner/progress.js";
import { runBenchmark } from "../src/runner/run.js";
import { tempDir } from "../src/test-support/temp.js";
import { atLeast } from "./target.js";

const LATENCY_MS = 100;
const CONCURRENCY = 32;
const server = spawn(
  process.execPath,
  ["--import", "tsx", "src/test-support/mock-server-process.ts", String(LATENCY_MS)],
  {
    stdio: ["ignore", "pipe", "inherit"],
  },
);
const [firstLine] = (await once(server.stdout, "data")) as [Buffer];
const url = firstLine.toString().trim();
const dir = tempDir("tooluse-bench-");
try {
  // No api_key_env: the mock server needs no key, and only the default variable may be unset (a variable named on
  // purpose and unset is refused before any request, so "NONE" stopped the bench at start).
  const config = definedRun({
    backend: "openai",
    model: "mock-model",
    base_url: url,
    cases_file: DEFAULT_CASES_FILE,
    concurrency: CONCURRENCY,
    timeout_ms: 30_000,
    retries: 0,
    cache: false,
    out: join(dir.path, "bench.json"),
  });
  const started = performance.now();
  const results = await runBenchmark(config, false, {
    env: {},
    cacheDir: join(dir.path, "cache"),
    progress: silentProgress,
    signal: new AbortController().signal,
    log: () => {},
  });
  const wall = (performance.now() - started) / 1000;
  const requests = results.counts.records;
  const ideal = (Math.ceil(requests / CONCURRENCY) * LATENCY_MS) / 1000;
  console.log(`${requests} requests, ${LATENCY_MS} ms latency, concurrency ${CONCURRENCY}`);
  console.log(
    `wall ${wall.toFixed(2)} s, ideal ${ideal.toFixed(2)} s → ${((ideal / wall) * 100).toFixed(1)}% of ideal`,
  );
  console.log(`score ${results.summary.score?.toFixed(3)} (a perfect scripted model: must be 1.000)`);
  // The harness should add little to the server's latency: at least 80% of the ideal wall time.
  atLeast("share of ideal wall time", ideal / wall, 0.8, "");
  atLeast("score of a perfect model", results.summary.score ?? 0, 1, "");
} finally {
  server.kill();
  dir.remove();
}
