/**
 * What only a real process shows: stdout piped into another program, the working folder, exit codes set by the
 * entry, the stack printed for a bug (and only for a bug, or with --debug), and `build` in an installed copy.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PACKAGE_ROOT } from "../paths.js";
import { tempDir } from "../test-support/temp.js";

const ENTRY = join(PACKAGE_ROOT, "src/test-support/cli-entry.ts");
// Resolved here, so the process can start in any folder.
const TSX = import.meta.resolve("tsx");
const dir = tempDir("tooluse-process-");
afterAll(() => dir.remove());

function tooluse(args: string[], options: { cwd?: string; entry?: string } = {}) {
  const result = spawnSync(process.execPath, ["--import", TSX, options.entry ?? ENTRY, ...args], {
    cwd: options.cwd ?? dir.path,
    env: { ...process.env, NO_COLOR: "1" },
    encoding: "utf8",
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

describe("the tooluse process", () => {
  it("`tooluse run --json | python3 -c 'import json,sys; json.load(sys.stdin)'` succeeds", () => {
    const folder = join(dir.path, "pipe");
    mkdirSync(folder);
    const command = `set -o pipefail; "${process.execPath}" --import "${TSX}" "${ENTRY}" run --json | python3 -c 'import json,sys; json.load(sys.stdin)'`;
    const result = spawnSync("bash", ["-c", command], {
      cwd: folder,
      env: { ...process.env, NO_COLOR: "1" },
      encoding: "utf8",
    });
    expect(result.stderr).toMatch(/results: results\/baseline-.*\.json/);
    expect(result.status).toBe(0);
  });

  it("--resume with an absolute path from another folder writes and prints that path", () => {
    const out = join(dir.path, "resumable.json");
    const first = tooluse(["run", "--backend", "oracle", "--protocol", "json", "--limit", "3", "--out", out]);
    expect(first.code).toBe(0);
    const elsewhere = join(dir.path, "elsewhere");
    mkdirSync(elsewhere);
    const again = tooluse(["run", "--resume", out], { cwd: elsewhere });
    expect(again.code).toBe(0);
    expect(again.out).toContain(`results: ${out}`);
    expect(existsSync(join(elsewhere, "results"))).toBe(false);
    expect(JSON.parse(readFileSync(out, "utf8")).counts.scored).toBe(3);
  });

  it("a user's mistake is one line without a stack; --debug adds the stack", () => {
    const plain = tooluse(["run", "--timeout", "abc"]);
    expect(plain.code).toBe(2);
    expect(plain.err).toBe(
      'tooluse: --timeout: expected seconds greater than 0 (at most 86400), got "abc"\n',
    );
    const debug = tooluse(["run", "--timeout", "abc", "--debug"]);
    expect(debug.code).toBe(2);
    expect(debug.err.split("\n")[0]).toBe(plain.err.trimEnd());
    expect(debug.err).toMatch(/\n {4}at .*flags\.ts:\d+/);
  });

  it("a corrupt journal header is one line naming the file and line", () => {
    const out = join(dir.path, "corrupt.json");
    writeFileSync(`${out}.journal.jsonl`, "{not json\n");
    const result = tooluse(["run", "--resume", out]);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(
      /^tooluse: \S+corrupt\.json\.journal\.jsonl:1: invalid JSON \([^\n]*\); the journal was edited or damaged; start a new run \(choose another --out, or delete the journal\)\n$/,
    );
  });

  it("refuses `build` in an installed copy, writing nothing", () => {
    const installed = join(dir.path, "app/node_modules/tooluse");
    mkdirSync(installed, { recursive: true });
    cpSync(join(PACKAGE_ROOT, "src"), join(installed, "src"), { recursive: true });
    cpSync(join(PACKAGE_ROOT, "package.json"), join(installed, "package.json"));
    symlinkSync(join(PACKAGE_ROOT, "node_modules"), join(installed, "node_modules"));
    for (const command of [["build"], ["plan", "build"]]) {
      const result = tooluse(command, {
        cwd: PACKAGE_ROOT,
        entry: join(installed, "src/test-support/cli-entry.ts"),
      });
      expect(result.code).toBe(2);
      expect(result.err).toMatch(
        /build regenerates the package's own data files and runs only in a checkout; this copy is installed at/,
      );
      expect(existsSync(join(installed, "data"))).toBe(false);
    }
  });
});
