import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  createBackend,
  DEFAULT_CASES_FILE,
  definedRun,
  defineRun,
  extractCalls,
  grade,
  isCaseAnswerer,
  loadCases,
  plans,
  RUN_BOUNDS,
  RUN_DEFAULTS,
  readResults,
  runBenchmark,
  summarize,
  wilsonInterval,
  writeResults,
} from "./index.js";
import { PACKAGE_ROOT } from "./paths.js";

describe("the library's public surface", () => {
  it("grades and summarises through the documented entry points", () => {
    const cases = loadCases(DEFAULT_CASES_FILE);
    const byId = new Map(cases.map((c) => [c.id, c]));
    const testCase = byId.get("calculator-en-01");
    if (!testCase) throw new Error("the corpus lost calculator-en-01");
    const output = {
      id: testCase.id,
      protocol: "plain" as const,
      output: "TOOL calculator | expression=(45+12)",
    };
    expect(extractCalls(output.output).calls).toEqual([
      { name: "calculator", arguments: { expression: "(45+12)" } },
    ]);
    const verdict = grade(testCase, output);
    expect(verdict.passed).toBe(true);
    const summary = summarize([verdict], cases);
    expect(summary.score).toBe(1);
    expect(summary.score_ci).toEqual(wilsonInterval(1, 1));
  });

  it("creates the rule baseline as a case answerer, told apart by isCaseAnswerer", async () => {
    const baseline = await createBackend(
      {
        backend: "baseline",
        model: null,
        base_url: null,
        api_key_env: "UNUSED",
        replay_file: null,
        timeout_ms: 1000,
        batch_size: null,
        settings: { temperature: 0, max_tokens: 256, seed: null, enable_thinking: null },
      },
      {},
    );
    expect(isCaseAnswerer(baseline)).toBe(true);
    if (!isCaseAnswerer(baseline)) return;
    const testCase = loadCases(DEFAULT_CASES_FILE).find((c) => c.id === "calculator-en-01");
    if (!testCase) throw new Error("the corpus lost calculator-en-01");
    const answer = await baseline.answer(testCase, "plain", new AbortController().signal);
    expect(grade(testCase, { id: testCase.id, protocol: "plain", output: answer.text }).passed).toBe(true);
  });

  it("offers the planning API under `plans`", () => {
    const parsed = plans.parsePlan(
      '{1: {"step": T2S([], "Fetch call_ids of calls about refunds."), "depends_on": []}}',
    );
    expect(parsed.ok).toBe(true);
  });

  it("is what package.json exports, with the CLI as bin", () => {
    const pkg = JSON.parse(readFileSync(join(PACKAGE_ROOT, "package.json"), "utf8"));
    expect(pkg.exports["."]).toEqual({ types: "./dist/index.d.ts", default: "./dist/index.js" });
    expect(pkg.bin).toEqual({ tooluse: "bin/tooluse.js" });
    expect(pkg.type).toBe("module");
  });
});

describe("building a run and reading its results back (the README's Library example)", () => {
  const dir = mkdtempSync(join(tmpdir(), "tooluse-index-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("returns every mistake as an issue {code, path, message} naming fields, and definedRun throws them", () => {
    const bad = defineRun({ backend: "replay", concurrency: RUN_BOUNDS.concurrency.min - 1 });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.issues.map(({ code, path }) => ({ code, path }))).toEqual([
      { code: "replay_needs_file", path: "replay_file" },
      { code: "too_small", path: "concurrency" },
    ]);
    expect(bad.issues[0]?.message).toBe(
      "backend replay needs replay_file FILE (the recorded outputs to grade)",
    );
    expect(bad.issues.every((issue) => !issue.message.includes("--"))).toBe(true);
    expect(() => definedRun({ backend: "replay" })).toThrow(/^invalid run: backend replay needs replay_file/);
  });

  it("fills the library's defaults, runs, and reads back what writeResults writes", async () => {
    const run = defineRun({ backend: "baseline", filters: { limit: 5 }, out: join(dir, "baseline.json") });
    if (!run.ok) throw new Error(run.issues.map((issue) => issue.message).join("; "));
    expect(run.config).toMatchObject({
      concurrency: RUN_DEFAULTS.concurrency,
      retries: RUN_DEFAULTS.retries,
      timeout_ms: RUN_DEFAULTS.timeoutMs,
      api_key_env: RUN_DEFAULTS.apiKeyEnv,
      settings: { max_tokens: RUN_DEFAULTS.maxTokens },
    });
    const results = await runBenchmark(run.config, false, {
      env: {},
      cacheDir: join(dir, "cache"),
      progress: { start() {}, record() {}, finish() {} },
      signal: new AbortController().signal,
      log: () => {},
    });
    const read = readResults(run.config.out);
    expect(read.counts).toEqual(results.counts);
    expect(read.counts.records).toBe(15);
    const copy = join(dir, "copy.json");
    writeResults(copy, read);
    expect(readResults(copy)).toEqual(read);
  });
});
