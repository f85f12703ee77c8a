import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadCases } from "../cases/load.js";
import { type Fault, type MockServer, startMockServer } from "../mock-server/openai-server.js";
import { perfectScript } from "../mock-server/perfect-model.js";
import { DEFAULT_CASES_FILE } from "../paths.js";
import { tempDir } from "../test-support/temp.js";
import { definedRun, type RunInput } from "./define-run.js";
import { silentProgress } from "./progress.js";
import { runBenchmark } from "./run.js";

const SECRET = "sk-test-DO-NOT-WRITE-1234567890";
const cases = loadCases(DEFAULT_CASES_FILE).slice(0, 40);
const ids = cases.map((c) => c.id).join(",");

let dir: ReturnType<typeof tempDir>;
let server: MockServer | undefined;
beforeEach(() => {
  dir = tempDir();
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  dir.remove();
});

function input(overrides: RunInput): RunInput {
  return {
    backend: "openai",
    model: "mock-model",
    api_key_env: "TOOLUSE_TEST_KEY",
    protocols: ["json", "xml", "plain", "native"],
    cases_file: DEFAULT_CASES_FILE,
    concurrency: 8,
    timeout_ms: 10_000,
    retries: 6,
    cache: false,
    filters: { ids: ids.split(",") },
    out: join(dir.path, "results.json"),
    ...overrides,
  };
}

async function run(overrides: RunInput) {
  const config = definedRun(input({ base_url: server?.url ?? null, ...overrides }));
  return runBenchmark(config, false, {
    env: { TOOLUSE_TEST_KEY: SECRET },
    cacheDir: join(dir.path, "cache"),
    progress: silentProgress,
    signal: new AbortController().signal,
    log: () => {},
  });
}

function filesUnder(path: string): string[] {
  return readdirSync(path, { recursive: true, encoding: "utf8" })
    .map((name) => join(path, name))
    .filter((file) => statSync(file).isFile());
}

describe("tooluse run against a mock OpenAI-compatible server", () => {
  it("scores a perfect scripted model 1.000 in every protocol, native included", async () => {
    server = await startMockServer({ script: perfectScript(cases) });
    const results = await run({});
    expect(results.counts).toEqual({
      records: cases.length * 4,
      scored: cases.length * 4,
      errors: 0,
      missing: 0,
    });
    expect(results.missing).toEqual([]);
    for (const protocol of ["json", "xml", "plain", "native"]) {
      expect(results.summary.by_protocol[protocol]?.score).toBe(1);
    }
    expect(server.requests).toBe(cases.length * 4);
  });

  it("retries faults and ends with the same results as a fault-free run", async () => {
    server = await startMockServer({ script: perfectScript(cases) });
    const clean = await run({ out: join(dir.path, "clean.json") });
    await server.close();
    const faults: Fault[] = ["429", "500", "reset", "truncated"];
    server = await startMockServer({
      script: perfectScript(cases),
      // Every third request fails once, cycling through every kind of fault.
      fault: (n) => (n % 3 === 0 ? (faults[(n / 3) % faults.length] as Fault) : null),
    });
    const faulty = await run({ out: join(dir.path, "faulty.json") });
    expect(faulty.counts.errors).toBe(0);
    expect(server.requests).toBeGreaterThan(cases.length * 4);
    const strip = (r: typeof clean) =>
      r.records.map(({ id, protocol, output, verdict }) => ({ id, protocol, output, verdict }));
    expect(strip(faulty)).toEqual(strip(clean));
    expect(faulty.summary).toEqual(clean.summary);
  });

  it("records a request that keeps failing as an error, never as a pass", async () => {
    server = await startMockServer({
      script: perfectScript(cases),
      fault: (_n, body) => (body.tools ? "500" : null),
    });
    const results = await run({ retries: 1, protocols: ["json", "native"] });
    expect(results.counts.errors).toBe(cases.length);
    expect(
      results.records.filter((r) => r.protocol === "native").every((r) => r.status === "error" && !r.verdict),
    ).toBe(true);
    expect(results.summary.n).toBe(cases.length);
    expect(results.summary.by_protocol.native).toBeUndefined();
  });

  it("never has more requests in flight than --concurrency", async () => {
    server = await startMockServer({ script: perfectScript(cases), latencyMs: 20 });
    await run({ concurrency: 3, protocols: ["json", "xml"] });
    expect(server.maxInFlight).toBeLessThanOrEqual(3);
    expect(server.maxInFlight).toBe(3);
  });

  it("answers a repeated run from the cache without contacting the server", async () => {
    server = await startMockServer({ script: perfectScript(cases) });
    const first = await run({ cache: true, out: join(dir.path, "a.json") });
    const sent = server.requests;
    const second = await run({ cache: true, out: join(dir.path, "b.json") });
    expect(server.requests).toBe(sent);
    expect(second.records.every((r) => r.cached)).toBe(true);
    expect(second.summary).toEqual(first.summary);
  });

  it("does not answer a server from another server's cache, even for the same model name", async () => {
    server = await startMockServer({ script: perfectScript(cases) });
    await run({ cache: true, protocols: ["json"], out: join(dir.path, "a.json") });
    const other = await startMockServer({ script: perfectScript(cases) });
    try {
      await run({ cache: true, protocols: ["json"], base_url: other.url, out: join(dir.path, "b.json") });
      expect(other.requests).toBe(cases.length);
    } finally {
      await other.close();
    }
  });

  it("sends the API key to the server but writes it to no file", async () => {
    server = await startMockServer({ script: perfectScript(cases) });
    await run({ cache: true });
    expect(server.authorizations.every((a) => a === `Bearer ${SECRET}`)).toBe(true);
    const written = filesUnder(dir.path);
    expect(written.length).toBeGreaterThan(2);
    for (const file of written) expect(readFileSync(file, "utf8")).not.toContain(SECRET);
  });

  it("stops with one clear error when the model is not served", async () => {
    server = await startMockServer({ script: perfectScript(cases), models: ["other"] });
    await expect(run({})).rejects.toThrow(/does not serve model "mock-model"/);
  });

  it("says how to go on when a server refuses chat_template_kwargs", async () => {
    server = await startMockServer({
      script: (body) => {
        if ("chat_template_kwargs" in body)
          throw Object.assign(new Error("unknown field chat_template_kwargs"), { status: 400 });
        return { content: "ok" };
      },
    });
    await expect(run({ protocols: ["json"] })).rejects.toThrow(/run with --thinking default/);
    await expect(
      run({ protocols: ["json"], settings: { enable_thinking: null }, out: join(dir.path, "d.json") }),
    ).resolves.toBeDefined();
  });

  it("stops with one clear error when the server is unreachable", async () => {
    await expect(run({ base_url: "http://127.0.0.1:9/v1" })).rejects.toThrow(/cannot reach the server/);
  });
});
