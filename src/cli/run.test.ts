import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadCases } from "../cases/load.js";
import { startMockServer } from "../mock-server/openai-server.js";
import { perfectScript } from "../mock-server/perfect-model.js";
import { DEFAULT_CASES_FILE } from "../paths.js";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import { main } from "./main.js";

let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => dir.remove());

const run = async (...args: string[]) => {
  const io = captureIo();
  const code = await main(["run", "--cache-dir", join(dir.path, "cache"), ...args], io);
  return { code, ...io };
};

describe("tooluse run (command line)", () => {
  it("sends the key from the variable --api-key-env names, and writes it to no file", async () => {
    const secret = "sk-cli-test-NEVER-WRITTEN-987";
    const cases = loadCases(DEFAULT_CASES_FILE).slice(0, 3);
    const server = await startMockServer({ script: perfectScript(cases) });
    process.env.TOOLUSE_CLI_TEST_KEY = secret;
    try {
      const out = join(dir.path, "keyed.json");
      const common = [
        "--backend",
        "openai",
        "--base-url",
        server.url,
        "--model",
        "mock-model",
        "--protocol",
        "json",
      ];
      const ids = ["--ids", cases.map((c) => c.id).join(",")];
      const { code } = await run(...common, ...ids, "--api-key-env", "TOOLUSE_CLI_TEST_KEY", "--out", out);
      expect(code).toBe(0);
      expect(server.authorizations.length).toBeGreaterThan(0);
      expect(server.authorizations.every((a) => a === `Bearer ${secret}`)).toBe(true);
      expect(readFileSync(out, "utf8")).not.toContain(secret);
      // Negative control: an empty variable name is refused before any request.
      const asked = server.authorizations.length;
      const refused = await run(...common, ...ids, "--api-key-env", "", "--out", join(dir.path, "x.json"));
      expect(refused.code).toBe(2);
      expect(server.authorizations.length).toBe(asked);
    } finally {
      delete process.env.TOOLUSE_CLI_TEST_KEY;
      await server.close();
    }
  });

  it("runs the oracle to 1.000 and writes a self-describing results file", async () => {
    const out = join(dir.path, "oracle.json");
    const { code, out: printed } = await run("--backend", "oracle", "--protocol", "all", "--out", out);
    expect(code).toBe(0);
    expect(printed).toContain("score 1.000");
    const results = JSON.parse(readFileSync(out, "utf8"));
    expect(results).toMatchObject({
      format: "tooluse.results/1",
      corpus: { name: "ToolUse.1", version: "2.0.0", cases: 188 },
      backend: "oracle",
      counts: { records: 564, scored: 564, errors: 0 },
      config: { protocols: ["json", "xml", "plain"], settings: { temperature: 0, max_tokens: 256 } },
    });
    expect(results.corpus.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(Object.keys(results.prompts.sha256)).toEqual(["json", "xml", "plain", "native"]);
    expect(results.records[0]).toMatchObject({ id: expect.any(String), protocol: "json", status: "scored" });
    expect(results.summary.score).toBe(1);
  });

  it("prints the summary as JSON with --json, the same object the results file holds", async () => {
    const out = join(dir.path, "never.json");
    const { code, out: printed } = await run(
      "--backend",
      "never-call",
      "--protocol",
      "json",
      "--lang",
      "ru",
      "--json",
      "--out",
      out,
    );
    expect(code).toBe(0);
    const summary = JSON.parse(printed.slice(0, printed.lastIndexOf("}") + 1));
    expect(summary).toEqual(JSON.parse(readFileSync(out, "utf8")).summary);
    expect(summary.n).toBe(74);
    expect(summary.passed).toBe(25);
  });

  it("exits 1 below --min-score", async () => {
    const { code, err } = await run(
      "--backend",
      "always-call",
      "--protocol",
      "plain",
      "--min-score",
      "0.9",
      "--out",
      join(dir.path, "a.json"),
    );
    expect(code).toBe(1);
    expect(err).toContain("below --min-score 0.9");
  });

  it("filters by category, ids and limit", async () => {
    const out = join(dir.path, "f.json");
    await run(
      "--backend",
      "oracle",
      "--protocol",
      "json",
      "--category",
      "calculator",
      "--limit",
      "3",
      "--out",
      out,
    );
    expect(JSON.parse(readFileSync(out, "utf8")).records.map((r: { id: string }) => r.id)).toEqual([
      "calculator-en-01",
      "calculator-en-02",
      "calculator-en-03",
    ]);
    const { code, err } = await run(
      "--backend",
      "oracle",
      "--ids",
      "nope-en-01",
      "--out",
      join(dir.path, "g.json"),
    );
    expect(code).toBe(2);
    expect(err).toBe("tooluse: --ids: no such case: nope-en-01\n");
  });

  it("grades recorded outputs through the same pipeline with --backend replay", async () => {
    const outputs = join(dir.path, "outputs.jsonl");
    writeFileSync(
      outputs,
      `${JSON.stringify({ id: "calculator-en-01", protocol: "json", output: '{"name":"calculator","arguments":{"expression":"45+12"}}' })}\n`,
    );
    const out = join(dir.path, "replay.json");
    const { code } = await run(
      "--backend",
      "replay",
      "--outputs",
      outputs,
      "--ids",
      "calculator-en-01",
      "--protocol",
      "json",
      "--out",
      out,
    );
    expect(code).toBe(0);
    expect(JSON.parse(readFileSync(out, "utf8")).summary.passed).toBe(1);
  });

  it("answers a bad flag with one line naming it, and writes nothing", async () => {
    for (const [flags, message] of [
      [["--protocol", "yaml"], '--protocol: expected one of json, xml, plain, native, got "yaml"'],
      [["--concurrency", "0"], "--concurrency: expected a whole number from 1 to 1024"],
      [
        ["--backend", "llama", "--model", "m.gguf", "--protocol", "native"],
        "--protocol native needs a server's tool parser",
      ],
      [["--backend", "openai", "--model", "m"], "--backend openai needs --base-url"],
    ] as const) {
      const out = join(dir.path, "bad.json");
      const { code, err } = await run(...flags, "--out", out);
      expect(code).toBe(2);
      expect(err.split("\n").filter(Boolean)).toHaveLength(1);
      expect(err).toContain(message);
      expect(existsSync(out)).toBe(false);
    }
  });

  it("never caches backends computed in-process, so a changed rule is never answered from an old cache", async () => {
    const out = join(dir.path, "base.json");
    expect(
      (await run("--backend", "baseline", "--protocol", "json", "--limit", "3", "--out", out)).code,
    ).toBe(0);
    const results = JSON.parse(readFileSync(out, "utf8"));
    expect(results.records.every((r: { cached: boolean }) => !r.cached)).toBe(true);
    expect(existsSync(join(dir.path, "cache"))).toBe(false);
  });

  it("refuses to resume when the cases file changed since the run started", async () => {
    const cases = join(dir.path, "cases.jsonl");
    const lines = readFileSync(DEFAULT_CASES_FILE, "utf8").split("\n").slice(0, 4);
    writeFileSync(cases, `${lines.join("\n")}\n`);
    const out = join(dir.path, "changing.json");
    expect(
      (await run("--backend", "oracle", "--cases", cases, "--protocol", "json", "--out", out)).code,
    ).toBe(0);
    expect((await run("--resume", out)).code).toBe(0);
    writeFileSync(cases, `${lines.slice(0, 3).join("\n")}\n`);
    const again = await run("--resume", out);
    expect(again.code).toBe(2);
    expect(again.err).toBe(
      `tooluse: cannot resume ${out}: the cases file changed since it started; start a new run (choose another --out, or delete ${out}.journal.jsonl)\n`,
    );
    // The advice works as printed: with the journal deleted, a new run to the same --out starts.
    rmSync(`${out}.journal.jsonl`);
    const fresh = await run(
      "--backend",
      "oracle",
      "--cases",
      cases,
      "--protocol",
      "json",
      "--out",
      out,
      "--force",
    );
    expect(fresh.code, fresh.err).toBe(0);
  });

  it("refuses to start over an existing journal and points to --resume", async () => {
    const out = join(dir.path, "twice.json");
    expect((await run("--backend", "oracle", "--protocol", "json", "--limit", "2", "--out", out)).code).toBe(
      0,
    );
    const again = await run("--backend", "oracle", "--protocol", "json", "--limit", "2", "--out", out);
    expect(again.code).toBe(2);
    expect(again.err).toBe(
      `tooluse: --out ${out} already exists; pass --force to replace it, or choose another file\n`,
    );
    const forced = await run(
      "--backend",
      "oracle",
      "--protocol",
      "json",
      "--limit",
      "2",
      "--out",
      out,
      "--force",
    );
    expect(forced.code).toBe(2);
    expect(forced.err).toContain(`resume that run with --resume ${out}, or delete the journal to start over`);
    // The advice works as printed: the --resume it names continues (here: finishes) that run.
    const resumed = await run("--resume", out);
    expect(resumed.code, resumed.err).toBe(0);
  });
});
