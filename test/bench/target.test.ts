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

it("notSlower (bench:bfcl's comparison with check.py) misses and exits 1 when slower, and when the target is unreachable", () => {
  const verdict = (measured: number, reference: number, factor: string) => {
    const script = `import { notSlower } from ${JSON.stringify(join(PACKAGE_ROOT, "bench/target.ts"))};
notSlower("ours against theirs", ${measured}, ${reference}, "s");`;
    const result = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      cwd: PACKAGE_ROOT,
      env: { ...process.env, BENCH_TARGET_FACTOR: factor },
      encoding: "utf8",
    });
    return { status: result.status, line: result.stdout.trim() };
  };
  expect(verdict(1, 1.5, "1")).toEqual({
    status: 0,
    line: "target met: ours against theirs 1.00 s (target ≤ 1.50 s)",
  });
  expect(verdict(1.5, 1.5, "1").status).toBe(0);
  expect(verdict(1.6, 1.5, "1")).toEqual({
    status: 1,
    line: "TARGET MISSED: ours against theirs 1.60 s (target ≤ 1.50 s)",
  });
  expect(verdict(0.001, 1.5, "0")).toMatchObject({
    status: 1,
    line: expect.stringMatching(/^TARGET MISSED/),
  });
}, 60_000);
