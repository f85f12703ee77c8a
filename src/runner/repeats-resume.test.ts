/**
 * `run --repeats K` and `--resume` after `kill -9`: every (case, protocol, attempt) is in the journal exactly once,
 * and the resumed results are the uninterrupted run's (seeded attempts are reproducible against the flaky server).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { loadCases } from "../cases/load.js";
import { flakyScript } from "../mock-server/flaky-model.js";
import { type MockServer, startMockServer } from "../mock-server/openai-server.js";
import { DEFAULT_CASES_FILE, PACKAGE_ROOT } from "../paths.js";
import { tempDir } from "../test-support/temp.js";
import type { Results } from "./results.js";

const all = loadCases(DEFAULT_CASES_FILE);
const cases = all.slice(0, 20);
const K = 3;
const PROTOCOLS = ["json", "xml"];
const ENTRY = join(PACKAGE_ROOT, "src/test-support/cli-entry.ts");

function cli(args: string[]): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", ENTRY, ...args], {
    cwd: PACKAGE_ROOT,
    env: { ...process.env, NO_COLOR: "1" },
    stdio: ["ignore", "ignore", "pipe"],
  });
}

function exit(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.on("exit", (code) => resolve(code)));
}

interface JournalLine {
  id: string;
  protocol: string;
  attempt?: number;
  seed?: number | null;
}

/** The journal's complete lines: one still being written (read while the run appends, or torn by the kill) is left. */
function journalRecords(path: string): JournalLine[] {
  const text = readFileSync(path, "utf8");
  return text
    .slice(0, text.lastIndexOf("\n") + 1)
    .split("\n")
    .slice(1)
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as JournalLine);
}

let server: MockServer | undefined;
const dirs: { remove(): void }[] = [];
afterEach(async () => {
  await server?.close();
  for (const d of dirs.splice(0)) d.remove();
});

describe("kill -9 and --resume of a repeated run", () => {
  it("asks every attempt exactly once, with the results of an uninterrupted run", async () => {
    server = await startMockServer({ script: flakyScript(all, { share: 0.5, seed: 3 }), latencyMs: 40 });
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
      PROTOCOLS.join(","),
      "--ids",
      cases.map((c) => c.id).join(","),
      "--repeats",
      String(K),
      "--seed",
      "9",
      "--concurrency",
      "4",
      "--no-cache",
    ];
    const total = cases.length * PROTOCOLS.length * K;
    const out = join(dir.path, "killed.json");
    const journal = `${out}.journal.jsonl`;
    const child = cli([...base, "--out", out]);
    const exited = exit(child);
    // Past the first repeat, so the kill lands among attempts 1 and 2.
    const target = cases.length * PROTOCOLS.length + 5;
    for (let i = 0; i < 6000 && !(existsSync(journal) && journalRecords(journal).length >= target); i++)
      await sleep(10);
    child.kill("SIGKILL");
    await exited;
    const before = journalRecords(journal);
    expect(before.length).toBeGreaterThanOrEqual(target);
    expect(before.length).toBeLessThan(total);
    expect(existsSync(out)).toBe(false);

    expect(await exit(cli(["run", "--resume", out]))).toBe(0);
    const lines = journalRecords(journal);
    const keys = lines.map((r) => `${r.id}/${r.protocol}/${r.attempt}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toHaveLength(total);
    expect(new Set(lines.map((r) => r.attempt))).toEqual(new Set([0, 1, 2]));

    const cleanOut = join(dir.path, "clean.json");
    expect(await exit(cli([...base, "--out", cleanOut]))).toBe(0);
    const resumed = JSON.parse(readFileSync(out, "utf8")) as Results;
    const clean = JSON.parse(readFileSync(cleanOut, "utf8")) as Results;
    const strip = (r: Results) =>
      r.records.map(({ id, protocol, attempt, seed, output, verdict }) => ({
        id,
        protocol,
        attempt,
        seed,
        output,
        verdict,
      }));
    expect(resumed.records).toHaveLength(total);
    expect(strip(resumed)).toEqual(strip(clean));
    expect(resumed.summary).toEqual(clean.summary);
    // The flaky server really answered attempts differently: some unit is not unanimous.
    const verdicts = new Map<string, Set<boolean>>();
    for (const r of resumed.records) {
      const key = `${r.id}/${r.protocol}`;
      verdicts.set(key, (verdicts.get(key) ?? new Set()).add(r.verdict?.passed === true));
    }
    expect([...verdicts.values()].some((set) => set.size === 2)).toBe(true);
  }, 120_000);
});
