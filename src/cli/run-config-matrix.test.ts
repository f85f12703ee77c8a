/** What a matrix run (`run --config`) shows, through `main`: a progress line that starts afresh for each run. */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CASES_FILE } from "../paths.js";
import { captureIo } from "../test-support/capture-io.js";
import type { MockServer } from "../test-support/mock-openai-server.js";
import { tempDir } from "../test-support/temp.js";
import { main } from "./main.js";

let dir: ReturnType<typeof tempDir>;
const servers: MockServer[] = [];
beforeAll(() => {
  dir = tempDir();
  const mini = readFileSync(DEFAULT_CASES_FILE, "utf8").split("\n").slice(0, 40).join("\n");
  writeFileSync(at("mini.jsonl"), `${mini}\n`);
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  dir.remove();
});
const at = (name: string) => join(dir.path, name);
const cli = async (args: string[], tty = false) => {
  const io = captureIo();
  // A terminal on stderr (and no NO_COLOR or CI in the environment): the live progress line.
  if (tty) Object.assign(io, { stderrIsTTY: true, env: {} });
  const code = await main(args, io);
  return { code, out: io.out, err: io.err };
};

/** A config file of in-process backends (no server): the rule baseline and the oracle. */
function writeConfig(name: string, options: { out: string; suites: string[]; models?: string[] }): string {
  const suites = options.suites.flatMap((suite) =>
    suite === "ToolUse.1" ? ["  - name: ToolUse.1"] : [`  - name: ${suite}`, `    cases: ${suite}.jsonl`],
  );
  const models = options.models ?? [
    "  - name: rules",
    "    backend: baseline",
    "  - name: reference",
    "    backend: oracle",
  ];
  const text = [
    `out: ${options.out}`,
    "cache_dir: cache",
    "protocols: [json]",
    "suites:",
    ...suites,
    "models:",
    ...models,
  ];
  writeFileSync(at(name), `${text.join("\n")}\n`);
  return at(name);
}

/** The score each progress line reports between two markers of stderr. */
function progressScores(err: string, from: string, to?: string): string[] {
  const start = err.indexOf(from);
  const end = to === undefined ? err.length : err.indexOf(to);
  return [...err.slice(start, end).matchAll(/score (\S+)/g)].map((m) => m[1] as string);
}

describe("tooluse run --config: several models × several suites", () => {
  let matrix: Awaited<ReturnType<typeof cli>>;
  beforeAll(async () => {
    const config = writeConfig("two-suites.yaml", { out: "matrix", suites: ["ToolUse.1", "mini"] });
    matrix = await cli(["run", "--config", config, "--html", at("m.html")]);
  }, 60_000);

  it("starts each run's progress line from its own tally, not the previous run's", () => {
    // The oracle passes every case: every line of its run says so. The baseline's own lines show the check can see
    // a score below 1 (negative control).
    const oracle = progressScores(matrix.err, "[3/4] reference × ToolUse.1", "[4/4]");
    expect(oracle.length).toBeGreaterThan(5);
    expect(new Set(oracle)).toEqual(new Set(["1.000"]));
    expect(new Set(progressScores(matrix.err, "[4/4] reference × mini"))).toEqual(new Set(["1.000"]));
    const baseline = progressScores(matrix.err, "[2/4] rules × mini", "[3/4]");
    expect(baseline.some((score) => score !== "1.000")).toBe(true);
  });

  it("starts the live terminal line afresh for each run too", async () => {
    const config = writeConfig("tty.yaml", { out: "tty", suites: ["mini"] });
    const run = await cli(["run", "--config", config], true);
    expect(run.code).toBe(0);
    // The line drawn as a run starts has scored nothing yet ("–").
    const oracle = progressScores(run.err, "[2/2] reference × mini").filter((s) => s !== "–");
    expect(oracle.length).toBeGreaterThan(0);
    expect(new Set(oracle)).toEqual(new Set(["1.000"]));
    expect(progressScores(run.err, "[1/2] rules × mini", "[2/2]").some((s) => s !== "1.000")).toBe(true);
  });
});
