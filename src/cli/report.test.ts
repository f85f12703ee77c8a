import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { UserError } from "../errors.js";
import { type FixtureRun, makeRun } from "../report/test-support/fixtures.js";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import { runReport } from "./report.js";

let dir: ReturnType<typeof tempDir>;
let baseline: FixtureRun;
let oracle: FixtureRun;
beforeAll(async () => {
  dir = tempDir();
  baseline = await makeRun(dir.path, "baseline", { backend: "baseline" });
  oracle = await makeRun(dir.path, "oracle", { backend: "oracle" });
});
afterAll(() => dir.remove());

describe("tooluse report", () => {
  it("prints one run's header and summary, plain when not on a TTY", async () => {
    const io = captureIo();
    expect(await runReport({ files: [baseline.file], format: "text" }, io)).toBe(0);
    expect(io.out).toContain(`score ${baseline.results.summary.score?.toFixed(3)}`);
    expect(io.out).toContain("correct abstention");
    expect(io.out).not.toContain("\u001b[");
    expect(io.err).toBe("");
  });

  it("colours on a TTY, and never in Markdown", async () => {
    vi.stubEnv("NO_COLOR", "");
    const tty = captureIo();
    tty.isTTY = true;
    await runReport({ files: [baseline.file], format: "text" }, tty);
    expect(tty.out).toContain("\u001b[");
    const md = captureIo();
    md.isTTY = true;
    await runReport({ files: [baseline.file], format: "md" }, md);
    expect(md.out).not.toContain("\u001b[");
    expect(md.out).toContain("| protocol | n | score | 95% CI |");
    vi.stubEnv("NO_COLOR", "1");
    const plain = captureIo();
    plain.isTTY = true;
    await runReport({ files: [baseline.file], format: "text" }, plain);
    expect(plain.out).not.toContain("\u001b[");
    vi.unstubAllEnvs();
  });

  it("prints a leaderboard for several runs and writes the HTML report atomically", async () => {
    const io = captureIo();
    const html = join(dir.path, "report.html");
    expect(await runReport({ files: [baseline.file, oracle.file], format: "text", html }, io)).toBe(0);
    expect(io.out).toMatch(/^1 {2}oracle +json +1\.000/m);
    expect(io.err).toMatch(/^report: .*report\.html \(\d+ KB, opens offline in any browser\)\n$/);
    const page = readFileSync(html, "utf8");
    expect(page.startsWith("<!doctype html>")).toBe(true);
    expect(page).toContain("rule-baseline");
    expect(readdirSync(dir.path).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });

  it("refuses a bad file in one line naming it", async () => {
    const bad = join(dir.path, "bad.json");
    writeFileSync(bad, JSON.stringify({ format: "tooluse.results/1", model: 3 }));
    await expect(runReport({ files: [baseline.file, bad], format: "text" }, captureIo())).rejects.toThrow(
      new UserError(
        `${bad}: not a valid results file: field harness: Invalid input: expected object, received undefined`,
      ),
    );
  });

  it("refuses an unknown format and an unwritable HTML path", async () => {
    await expect(runReport({ files: [baseline.file], format: "csv" as "text" }, captureIo())).rejects.toThrow(
      /--format: expected text or md/,
    );
    const notFolder = join(dir.path, "a-file");
    writeFileSync(notFolder, "");
    const html = join(notFolder, "report.html");
    await expect(runReport({ files: [baseline.file], format: "text", html }, captureIo())).rejects.toThrow(
      new UserError(`${html}: cannot write: a part of the path is not a folder (ENOTDIR)`, {
        kind: "failure",
        hint: "choose a folder you can write to",
      }),
    );
  });
});
