/** A bench that misses its target exits non-zero: the negative control, through a real bench. */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { expect, it } from "vitest";
import { PACKAGE_ROOT } from "../../src/paths.js";

it("bench/grade.ts exits 1 and says TARGET MISSED when its target cannot be met", () => {
  const result = spawnSync(process.execPath, ["--import", "tsx", join(PACKAGE_ROOT, "bench/grade.ts")], {
    cwd: PACKAGE_ROOT,
    env: { ...process.env, BENCH_TARGET_FACTOR: "0" },
    encoding: "utf8",
  });
  expect(result.stdout).toMatch(/TARGET MISSED: grading the corpus/);
  expect(result.status).toBe(1);
}, 60_000);

it("bench/grade-in-process.ts exits 1 and says TARGET MISSED when its target cannot be met", () => {
  const bench = join(PACKAGE_ROOT, "bench/grade-in-process.ts");
  const result = spawnSync(process.execPath, ["--import", "tsx", bench], {
    cwd: PACKAGE_ROOT,
    env: { ...process.env, BENCH_TARGET_FACTOR: "0" },
    encoding: "utf8",
  });
  expect(result.stdout).toMatch(/ToolUse\.1 in process: 752 outputs .* per CPU-second/);
  expect(result.stdout).toMatch(/TARGET MISSED: ToolUse\.1 graded in process/);
  expect(result.status).toBe(1);
}, 60_000);
