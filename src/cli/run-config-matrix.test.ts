/**
 * What a matrix run (`run --config`) shows and leaves behind, through `main`: one leaderboard per suite, runs named
 * by the config, suites named (never a path), one HTML page per suite, a progress line that starts afresh for each
 * run, and a failed run that leaves no empty folder and names what it kept.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MockServer, startMockServer } from "../mock-server/openai-server.js";
import { DEFAULT_CASES_FILE } from "../paths.js";
import { captureIo } from "../test-support/capture-io.js";
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

/** The (label, score) rows of a text leaderboard. */
const rowsOf = (table: string) => [...table.matchAll(/^\d+\s+(\S+)\s+json\s+(\d\.\d{3})/gm)].map((m) => m[1]);

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

  it("prints one leaderboard per suite under '<suite> · N cases · M models', never two suites in one table", () => {
    expect(matrix.code).toBe(0);
    const [tooluse, mini, more] = matrix.out.split(/^(?=\S+ · \d+ cases · \d+ models$)/m);
    expect(more).toBeUndefined();
    expect(tooluse).toMatch(/^ToolUse\.1 · 188 cases · 2 models\n/);
    expect(mini).toMatch(/^mini · 40 cases · 2 models\n/);
    // Each table ranks the suite's two runs, with their n: nothing of the other suite.
    expect(rowsOf(tooluse ?? "")).toEqual(["reference", "rules"]);
    expect(rowsOf(mini ?? "")).toEqual(["reference", "rules"]);
    expect(tooluse).not.toMatch(/json\s+\S+\s+\[[^\]]+\]\s+40\s/);
    expect(mini).not.toMatch(/json\s+\S+\s+\[[^\]]+\]\s+188\s/);
    // The runs of one suite are comparable: the table does not warn that it is not.
    expect(`${matrix.out}${matrix.err}`).not.toMatch(/different corpus digests|different numbers of cases/);
  });

  it("labels every run by the config's model name: leaderboard, results file, report; no legend", async () => {
    // A cut name and its legend line (`1:rule-ba… = rule-baseline-1 · rules--mini.json`) never appear.
    expect(matrix.out).not.toMatch(/rule-baseline|oracle|\.json|…/);
    const results = JSON.parse(readFileSync(at("matrix/rules--mini.json"), "utf8"));
    expect(results.model).toBe("rules");
    expect(results.config.label).toBe("rules");
    // The backend's own name stays where it says what was run.
    expect(results.backend).toBe("baseline");
    const report = await cli(["report", at("matrix/rules--mini.json"), at("matrix/reference--mini.json")]);
    expect(report.code).toBe(0);
    expect(rowsOf(report.out)).toEqual(["reference", "rules"]);
  });

  it("writes one HTML page per suite beside --html FILE, headed by the suite's name, never its path", () => {
    expect(existsSync(at("m.html"))).toBe(false);
    expect(matrix.err).toContain(`report: ${at("m.ToolUse.1.html")}\n`);
    expect(matrix.err).toContain(`report: ${at("m.mini.html")}\n`);
    const page = readFileSync(at("m.mini.html"), "utf8");
    expect(page).toContain("<title>ToolUse report: mini · rules, reference</title>");
    expect(page).toContain('<p class="sub">2 runs on mini · rules, reference</p>');
    expect(page).not.toContain("rules--ToolUse.1.json");
    const builtIn = readFileSync(at("m.ToolUse.1.html"), "utf8");
    expect(builtIn).toMatch(/<p class="sub">2 runs on ToolUse\.1 \d+\.\d+\.\d+ · rules, reference<\/p>/);
    expect(builtIn).not.toContain("rules--mini.json");
  });

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

  it("refuses --html - with several suites in one line, exit 2, before any run", async () => {
    const config = writeConfig("to-stdout.yaml", { out: "stdout-matrix", suites: ["ToolUse.1", "mini"] });
    const refused = await cli(["run", "--config", config, "--html", "-"]);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/^tooluse: --html -: the config has 2 suites and each gets its own page/);
    expect(refused.err.trim().split("\n")).toHaveLength(1);
    expect(refused.out).toBe("");
    expect(existsSync(at("stdout-matrix"))).toBe(false);
    // Negative control: with one suite its one page may go to stdout.
    const one = writeConfig("one-suite.yaml", { out: "one-matrix", suites: ["mini"] });
    const accepted = await cli(["run", "--config", one, "--html", "-"]);
    expect(accepted.code).toBe(0);
    expect(accepted.out).toMatch(/^<!doctype html>/);
    expect(accepted.out).toContain('<p class="sub">2 runs on mini · rules, reference</p>');
  });
});

describe("tooluse run --config: a run that fails", () => {
  let url: string;
  beforeAll(async () => {
    // A server that serves another model than the one the config asks for: the run stops before its first case.
    const server = await startMockServer({ models: ["other-model"], script: () => ({ content: "none" }) });
    servers.push(server);
    url = server.url;
  });
  const broken = () => [
    "  - name: broken",
    "    model: asked-model",
    `    base_url: ${url}`,
    "    retries: 0",
  ];

  it("keeps the finished runs and names them, the failed run and why; exit non-zero", async () => {
    const config = writeConfig("fails-second.yaml", {
      out: "kept/matrix",
      suites: ["mini"],
      models: ["  - name: reference", "    backend: oracle", ...broken()],
    });
    const failed = await cli(["run", "--config", config]);
    expect(failed.code).toBe(2);
    expect(failed.err).toMatch(/^tooluse: run 2\/2 \(broken × mini\) failed: .*asked-model/m);
    expect(failed.err).toContain(`kept: 1 results file: ${at("kept/matrix/reference--mini.json")}\n`);
    expect(existsSync(at("kept/matrix/reference--mini.json"))).toBe(true);
    expect(existsSync(at("kept/matrix/broken--mini.json"))).toBe(false);
  });

  it("removes the folders it created and left empty, and never one that was there before", async () => {
    const config = writeConfig("fails-first.yaml", {
      out: "fresh/matrix",
      suites: ["mini"],
      models: broken(),
    });
    const failed = await cli(["run", "--config", config]);
    expect(failed.code).toBe(2);
    expect(failed.err).toMatch(/^tooluse: run 1\/1 \(broken × mini\) failed: /m);
    expect(failed.err).toContain("kept: no results file (no run finished)\n");
    expect(existsSync(at("fresh"))).toBe(false);
    // Negative control: an empty folder the user made stays; only the one the matrix made inside it goes.
    mkdirSync(at("mine"));
    const inside = writeConfig("fails-inside.yaml", {
      out: "mine/matrix",
      suites: ["mini"],
      models: broken(),
    });
    expect((await cli(["run", "--config", inside])).code).toBe(2);
    expect(existsSync(at("mine"))).toBe(true);
    expect(existsSync(at("mine/matrix"))).toBe(false);
  });
});
