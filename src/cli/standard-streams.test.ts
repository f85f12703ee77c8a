/**
 * The process's own stdout and stderr failing (issue 24, "Resource limits"): stdout on a full device is one line and
 * exit 1, a reader that goes away (`| head -c 100`, EPIPE) ends quietly with exit 1, never an unhandled 'error'
 * event with a Node stack trace. Only a real process shows this.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PACKAGE_ROOT } from "../paths.js";
import { tempDir } from "../test-support/temp.js";

const ENTRY = join(PACKAGE_ROOT, "src/test-support/cli-entry.ts");
const TSX = import.meta.resolve("tsx");
const dir = tempDir("tooluse-streams-");
const results = join(dir.path, "oracle.json");
afterAll(() => dir.remove());

/** `tooluse ARGS` in bash, with `redirect` after it (`> /dev/full`, `| head -c 100`); the exit code is tooluse's. */
function shell(args: string, redirect: string) {
  const command = `"${process.execPath}" --import "${TSX}" "${ENTRY}" ${args} ${redirect}; exit \${PIPESTATUS[0]}`;
  const result = spawnSync("bash", ["-c", command], {
    cwd: dir.path,
    env: { ...process.env, NO_COLOR: "1" },
    encoding: "utf8",
  });
  return { code: result.status, err: result.stderr };
}

const STACK = /at .*:\d+:\d+|Unhandled 'error' event|node:events|this is a bug/;

beforeAll(() => {
  const ran = shell(`run --backend oracle --out ${results}`, "> /dev/null");
  if (ran.code !== 0) throw new Error(ran.err);
}, 120_000);

describe("stdout and stderr that fail", () => {
  it("stdout on a full device: one line naming it, exit 1", () => {
    const { code, err } = shell(`report ${results}`, "> /dev/full");
    expect(code).toBe(1);
    expect(err).toBe("tooluse: cannot write to stdout: no space left on the device (ENOSPC)\n");
  });

  it("a reader that goes away (| head -c 100): quiet, exit 1, on an output larger than a pipe holds", () => {
    // Outputs larger than a pipe holds: a small one is all written before the reader goes, and rightly exits 0.
    for (const args of [`report ${results} --csv -`, `run --backend oracle --out -`]) {
      const { code, err } = shell(args, "| head -c 100 > /dev/null");
      expect(err).not.toMatch(STACK);
      expect(err).not.toContain("EPIPE");
      expect(code).toBe(1);
    }
  });

  it("stderr on a full device: the command's own exit code, and no crash", () => {
    expect(shell("run --timeout abc", "2> /dev/full").code).toBe(2);
    expect(shell(`report ${results}`, "2> /dev/full > /dev/null").code).toBe(0);
  });
});
