/**
 * Replica speed-up: 564 requests (every case in json, xml and plain) against scripted servers of 100 ms latency, once
 * through one endpoint and once through two, at --concurrency 16 per endpoint, both through the command line.
 * Each server runs in its own process, as a real one would, so its work is not the harness's. A short warm-up run
 * comes first, so neither timed run pays for loading and compiling. Target: two replicas finish in at most 60% of
 * the time of one. Exits 1 when missed.
 * Run: npx tsx bench/replicas.ts
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { main } from "../src/cli/main.js";
import { captureIo } from "../src/test-support/capture-io.js";

const TARGET = 0.6;
const servers = [1, 2].map(() =>
  spawn(process.execPath, ["--import", "tsx", "src/test-support/mock-server-process.ts", "100"], {
    stdio: ["ignore", "pipe", "inherit"],
  }),
);
const urls = await Promise.all(
  servers.map(async (server) => ((await once(server.stdout, "data")) as [Buffer])[0].toString().trim()),
);
const dir = mkdtempSync(join(tmpdir(), "tooluse-bench-replicas-"));

async function timed(name: string, urls: string[], ...extra: string[]): Promise<number> {
  const io = captureIo();
  const started = performance.now();
  const code = await main(
    [
      ...["run", "--model", "mock-model", "--protocol", "all", "--no-cache", "--concurrency", "16"],
      ...urls.flatMap((url) => ["--base-url", url]),
      ...["--out", join(dir, `${name}.json`), ...extra],
    ],
    io,
  );
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`the ${name} run failed (exit ${code}): ${io.err}`);
  return seconds;
}

try {
  await timed("warm-up", urls, "--limit", "20");
  const one = await timed("one", urls.slice(0, 1));
  const two = await timed("two", urls);
  const { records } = JSON.parse(readFileSync(join(dir, "two.json"), "utf8")) as {
    records: { endpoint: string }[];
  };
  const split = urls.map((url) => records.filter((r) => r.endpoint === url).length);
  const ratio = two / one;
  console.log(`one endpoint:  564 requests in ${one.toFixed(2)} s`);
  console.log(`two endpoints: 564 requests in ${two.toFixed(2)} s (split ${split.join(" / ")})`);
  console.log(
    `speed-up ${(one / two).toFixed(2)}×; two take ${(ratio * 100).toFixed(0)}% of the time of one`,
  );
  console.log(
    ratio <= TARGET ? `target met: at most ${TARGET * 100}%` : `TARGET MISSED: above ${TARGET * 100}%`,
  );
  process.exitCode = ratio <= TARGET ? 0 : 1;
} finally {
  for (const server of servers) server.kill();
  rmSync(dir, { recursive: true, force: true });
}
