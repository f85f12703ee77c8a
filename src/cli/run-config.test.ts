import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCases } from "../cases/load.js";
import { matrixJsonSchema } from "../config/json-schema.js";
import { readMatrixConfig } from "../config/matrix.js";
import { type MockServer, startMockServer } from "../mock-server/openai-server.js";
import { perfectScript } from "../mock-server/perfect-model.js";
import { DEFAULT_CASES_FILE, PACKAGE_ROOT } from "../paths.js";
import { captureIo } from "../test-support/capture-io.js";
import { mixedScript } from "../test-support/mixed-model.js";
import { tempDir } from "../test-support/temp.js";
import { main } from "./main.js";

const cases = loadCases(DEFAULT_CASES_FILE);
let dir: ReturnType<typeof tempDir>;
const servers: MockServer[] = [];
beforeAll(() => {
  dir = tempDir();
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  dir.remove();
});
const at = (name: string) => join(dir.path, name);
const cli = async (...args: string[]) => {
  const io = captureIo();
  const code = await main(args, io);
  return { code, ...io };
};
const journalLines = (path: string) =>
  existsSync(path) ? readFileSync(path, "utf8").split("\n").filter(Boolean).length - 1 : 0;

describe("tooluse run --config (command line)", () => {
  it("refuses a bad config with file:line: field, in one line", async () => {
    const bad: [string, RegExp][] = [
      ["models:\n  - name: a\n    backend: vllm\n", /bad\.yaml:3: models\[0\]\.backend: .*"openai"/],
      ["models:\n  - name: a\n    modle: x\n", /bad\.yaml:3: models\[0\]\.modle: unknown field/],
      ["models:\n  - name: a\n    model: x\n", /bad\.yaml:2: models\[0\]: backend openai needs base_url/],
      [
        "models:\n  - name: a\n    backend: oracle\n  - name: a\n    backend: oracle\n",
        /bad\.yaml:4: models\[1\]\.name: "a" is used twice/,
      ],
    ];
    for (const [text, line] of bad) {
      writeFileSync(at("bad.yaml"), text);
      const result = await cli("run", "--config", at("bad.yaml"));
      expect(result.code).toBe(2);
      expect(result.err).toMatch(line);
      expect(result.err.trim().split("\n")).toHaveLength(1);
    }
    writeFileSync(at("ok.yaml"), "models:\n  - name: a\n    backend: oracle\n");
    const mixed = await cli("run", "--config", at("ok.yaml"), "--model", "x");
    expect(mixed.err).toMatch(/--config cannot be combined with --model/);
  });

  it("runs two models × two suites in one command, and resumes as a whole after kill -9", async () => {
    const a = await startMockServer({ script: mixedScript(cases), latencyMs: 50 });
    const b = await startMockServer({ script: perfectScript(cases), latencyMs: 50 });
    servers.push(a, b);
    const mini = readFileSync(DEFAULT_CASES_FILE, "utf8").split("\n").slice(0, 100).join("\n");
    writeFileSync(at("mini.jsonl"), `${mini}\n`);
    writeFileSync(
      at("tooluse.config.yaml"),
      [
        "out: matrix",
        "cache_dir: cache",
        "protocols: [json]",
        "suites:",
        "  - name: ToolUse.1",
        "  - name: mini",
        "    cases: mini.jsonl",
        "models:",
        "  - name: mixed",
        "    model: mock-model",
        `    base_url: ${a.url}`,
        "    concurrency: 4",
        "  - name: perfect",
        "    model: mock-model",
        `    base_urls: [${b.url}]`,
        "    concurrency: 4",
        "    decoding: { max_tokens: 128 }",
        "",
      ].join("\n"),
    );
    // Killed in the third run: two finished, one half done, one not started.
    const first = at("matrix/mixed--mini.json");
    const second = `${at("matrix/perfect--ToolUse.1.json")}.journal.jsonl`;
    const child: ChildProcess = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        join(PACKAGE_ROOT, "src/test-support/cli-entry.ts"),
        "run",
        "--config",
        at("tooluse.config.yaml"),
      ],
      { cwd: PACKAGE_ROOT, stdio: "ignore" },
    );
    const exited = new Promise((resolve) => child.on("exit", resolve));
    for (let i = 0; i < 6000 && !(existsSync(first) && journalLines(second) >= 5); i++) await sleep(10);
    child.kill("SIGKILL");
    await exited;
    expect(existsSync(first)).toBe(true);
    expect(journalLines(second)).toBeGreaterThanOrEqual(5);
    expect(journalLines(second)).toBeLessThan(188);
    const askedBefore = a.requests + b.requests;

    const resumed = await cli(
      "run",
      "--config",
      at("tooluse.config.yaml"),
      "--format",
      "md",
      "--html",
      at("m.html"),
    );
    expect(resumed.code).toBe(0);
    expect(resumed.err).toContain("[1/4] mixed × ToolUse.1: finished earlier, kept");
    expect(resumed.err).toContain("[2/4] mixed × mini: finished earlier, kept");
    expect(resumed.err).toContain("[3/4] perfect × ToolUse.1: resuming");
    expect(resumed.err).toContain("[4/4] perfect × mini: starting");
    // The leaderboards, in Markdown, one per suite: both models, the perfect one first.
    const [builtIn, miniBoard] = resumed.out.split(/^(?=## )/m);
    expect(builtIn).toMatch(/^## ToolUse\.1 · 188 cases · 2 models\n[\s\S]*\| perfect [\s\S]*\| mixed /);
    expect(miniBoard).toMatch(/^## mini · 100 cases · 2 models\n[\s\S]*\| perfect [\s\S]*\| mixed /);
    // Two suites: one page each, beside the file --html names.
    expect(existsSync(at("m.ToolUse.1.html"))).toBe(true);
    expect(existsSync(at("m.mini.html"))).toBe(true);
    // The mini suite's prompts are ToolUse.1's: one cache, so each model is asked each prompt once, but for the
    // few in flight when the process was killed.
    expect(a.requests).toBe(188);
    expect(b.requests).toBeGreaterThanOrEqual(188);
    expect(b.requests).toBeLessThanOrEqual(188 + 4);
    expect(askedBefore).toBeLessThan(2 * 188);
    for (const name of ["mixed--ToolUse.1", "mixed--mini", "perfect--ToolUse.1", "perfect--mini"]) {
      const results = JSON.parse(readFileSync(at(`matrix/${name}.json`), "utf8"));
      expect(results.counts.missing).toBe(0);
      expect(results.counts.scored).toBe(name.endsWith("mini") ? 100 : 188);
    }
    const perfect = JSON.parse(readFileSync(at("matrix/perfect--ToolUse.1.json"), "utf8"));
    expect(perfect.summary.score).toBe(1);
    expect(perfect.config.settings.max_tokens).toBe(128);
    // The key variable's name is recorded, never a key.
    expect(perfect.config.api_key_env).toBe("OPENAI_API_KEY");
  }, 120_000);

  it("ships an example config that validates and a JSON Schema generated from the one schema", () => {
    expect(() => readMatrixConfig(join(PACKAGE_ROOT, "examples/tooluse.config.yaml"))).not.toThrow();
    const shipped = JSON.parse(
      readFileSync(join(PACKAGE_ROOT, "examples/tooluse.config.schema.json"), "utf8"),
    );
    expect(shipped).toEqual(JSON.parse(matrixJsonSchema()));
    expect(shipped.properties.models.items.properties.backend.enum).toContain("openai");
  });
});
