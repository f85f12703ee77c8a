import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineRun, RUN_DEFAULTS, readResults, runBenchmark } from "tooluse";

// A mistake comes back as issues {code, path, message} naming the run's fields; nothing is thrown.
const bad = defineRun({ backend: "replay", concurrency: 0 });
if (!bad.ok) for (const issue of bad.issues) console.log(`${issue.code}: ${issue.message}`);

// The library's defaults (RUN_DEFAULTS) fill every field not given; the run's results file is read back.
const dir = mkdtempSync(join(tmpdir(), "tooluse-"));
const run = defineRun({ backend: "baseline", filters: { limit: 5 }, out: join(dir, "baseline.json") });
if (!run.ok) throw new Error(run.issues.map((issue) => issue.message).join("; "));
console.log(`concurrency ${run.config.concurrency} (default ${RUN_DEFAULTS.concurrency})`);
await runBenchmark(run.config, false, {
  env: process.env,
  cacheDir: join(dir, "cache"),
  progress: { start() {}, record() {}, finish() {} },
  signal: AbortSignal.timeout(60_000),
  log: () => {},
});
const results = readResults(run.config.out);
console.log(`${results.backend}: ${results.counts.records} records, score ${results.summary.score}`);
rmSync(dir, { recursive: true, force: true });
