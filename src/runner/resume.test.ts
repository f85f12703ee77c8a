import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { loadCases } from "../cases/load.js";
import { type MockServer, startMockServer } from "../mock-server/openai-server.js";
import { perfectScript } from "../mock-server/perfect-model.js";
import { DEFAULT_CASES_FILE, PACKAGE_ROOT } from "../paths.js";
import { tempDir } from "../test-support/temp.js";
import type { Results } from "./results.js";

const cases = loadCases(DEFAULT_CASES_FILE).slice(0, 30);
const ENTRY = join(PACKAGE_ROOT, "src/test-support/cli-entry.ts");

function cli(args: string[]): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", ENTRY, ...args], {
    cwd: PACKAGE_ROOT,
    env: { ...process.env, NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

function stderrOf(child: ChildProcess): () => string {
  let text = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    text += chunk.toString();
  });
  return () => text;
}

function exit(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.on("exit", (code) => resolve(code)));
}

/** The journal's complete records: read while the run writes, its last line may still be on its way. */
function journalRecords(path: string): { id: string; protocol: string }[] {
  const lines = readFileSync(path, "utf8").split("\n");
  return lines
    .slice(1, -1)
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as { id: string; protocol: string });
}

let server: MockServer | undefined;
const dirs: { remove(): void }[] = [];
afterEach(async () => {
  await server?.close();
  for (const d of dirs.splice(0)) d.remove();
});

describe("kill -9 and --resume", () => {
  it("grades every (case, protocol) exactly once, with the same results as an uninterrupted run", async () => {
    server = await startMockServer({ script: perfectScript(cases), latencyMs: 50 });
    const dir = tempDir();
    dirs.push(dir);
    const base = [
      "run",
      "--backend",
      "openai",
      "--base-url",
      server.url,
      "--model",
      "mock-model",
      "--protocol",
      "json,xml,plain,native",
      "--ids",
      cases.map((c) => c.id).join(","),
      "--concurrency",
      "4",
      "--no-cache",
    ];
    const out = join(dir.path, "killed.json");
    const journal = `${out}.journal.jsonl`;
    const child = cli([...base, "--out", out]);
    const exited = exit(child);
    for (let i = 0; i < 3000 && !(existsSync(journal) && journalRecords(journal).length >= 25); i++)
      await sleep(10);
    child.kill("SIGKILL");
    await exited;
    const before = journalRecords(journal).length;
    expect(before).toBeGreaterThanOrEqual(25);
    expect(before).toBeLessThan(cases.length * 4);
    expect(existsSync(out)).toBe(false);

    expect(await exit(cli(["run", "--resume", out]))).toBe(0);
    const keys = journalRecords(journal).map((r) => `${r.id}/${r.protocol}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBe(cases.length * 4);

    const cleanOut = join(dir.path, "clean.json");
    expect(await exit(cli([...base, "--out", cleanOut]))).toBe(0);
    const resumed = JSON.parse(readFileSync(out, "utf8")) as Results;
    const clean = JSON.parse(readFileSync(cleanOut, "utf8")) as Results;
    const strip = (r: Results) =>
      r.records.map(({ id, protocol, output, verdict }) => ({ id, protocol, output, verdict }));
    expect(strip(resumed)).toEqual(strip(clean));
    expect(resumed.summary).toEqual(clean.summary);
  }, 60_000);

  it("stops cleanly on Ctrl-C, keeps what was done, and resumes from there", async () => {
    server = await startMockServer({ script: perfectScript(cases), latencyMs: 40 });
    const dir = tempDir();
    dirs.push(dir);
    const out = join(dir.path, "interrupted.json");
    const journal = `${out}.journal.jsonl`;
    const args = [
      "run",
      "--backend",
      "openai",
      "--base-url",
      server.url,
      "--model",
      "mock-model",
      "--protocol",
      "json",
    ];
    const child = cli([
      ...args,
      "--ids",
      cases.map((c) => c.id).join(","),
      "--concurrency",
      "2",
      "--no-cache",
      "--out",
      out,
    ]);
    const stderr = stderrOf(child);
    const exited = exit(child);
    for (let i = 0; i < 3000 && !(existsSync(journal) && journalRecords(journal).length >= 5); i++)
      await sleep(10);
    child.kill("SIGINT");
    expect(await exited).toBe(130);
    expect(stderr()).toContain(`tooluse run --resume ${out}`);
    const kept = journalRecords(journal).length;
    expect(kept).toBeGreaterThanOrEqual(5);
    expect(kept).toBeLessThan(cases.length);

    expect(await exit(cli(["run", "--resume", out]))).toBe(0);
    const keys = journalRecords(journal).map((r) => r.id);
    expect(new Set(keys).size).toBe(cases.length);
    expect(keys).toHaveLength(cases.length);
    expect((JSON.parse(readFileSync(out, "utf8")) as Results).summary.score).toBe(1);
  }, 60_000);
});
