import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadCases } from "../cases/load.js";
import { type MockOptions, type MockServer, startMockServer } from "../mock-server/openai-server.js";
import { DEFAULT_CASES_FILE } from "../paths.js";
import { captureIo } from "../test-support/capture-io.js";
import { comparableResults, mixedScript } from "../test-support/mixed-model.js";
import { tempDir } from "../test-support/temp.js";
import { main } from "./main.js";

const script = mixedScript(loadCases(DEFAULT_CASES_FILE));
let dir: ReturnType<typeof tempDir>;
const servers: MockServer[] = [];
beforeEach(() => {
  dir = tempDir();
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  dir.remove();
});

const serve = async (extra: Partial<MockOptions> = {}) => {
  const server = await startMockServer({ script, latencyMs: 5, ...extra });
  servers.push(server);
  return server;
};
const run = async (out: string, urls: string[], ...extra: string[]) => {
  const io = captureIo();
  const args = ["run", "--model", "mock-model", "--protocol", "all", "--no-cache", "--concurrency", "8"];
  const code = await main(
    [...args, ...urls.flatMap((u) => ["--base-url", u]), "--out", join(dir.path, out), ...extra],
    io,
  );
  return { code, ...io, results: code === 0 ? JSON.parse(readFileSync(join(dir.path, out), "utf8")) : null };
};
const share = (server: MockServer) => server.requests / 564;

describe("tooluse run --base-url U1 --base-url U2 (replicas)", () => {
  it("splits 564 requests between two replicas, each record naming its replica, with one endpoint's results", async () => {
    const [a, b, single] = [await serve(), await serve(), await serve()];
    const one = await run("one.json", [single.url]);
    const two = await run("two.json", [a.url, b.url]);
    expect(two.code).toBe(0);
    expect(a.requests + b.requests).toBe(564);
    for (const server of [a, b]) {
      expect(share(server)).toBeGreaterThanOrEqual(0.3);
      expect(share(server)).toBeLessThanOrEqual(0.7);
      // Never more than the per-endpoint concurrency on one replica.
      expect(server.maxInFlight).toBeLessThanOrEqual(8);
    }
    const records = two.results.records as { endpoint: string }[];
    expect(records.filter((r) => r.endpoint === a.url)).toHaveLength(a.requests);
    expect(records.filter((r) => r.endpoint === b.url)).toHaveLength(b.requests);
    expect(two.results.config.base_urls).toEqual([a.url, b.url]);
    expect(two.results.summary.score).toBe(one.results.summary.score);
    expect(comparableResults(two.results)).toEqual(comparableResults(one.results));
  });

  it("keeps going when one replica is stopped halfway: every record scored, the lost replica named", async () => {
    const a = await serve();
    let b: MockServer | undefined;
    b = await serve({
      fault: (n) => {
        if (n === 150) void b?.close();
        return null;
      },
    });
    const reference = await run("one.json", [(await serve()).url]);
    const two = await run("two.json", [a.url, b.url]);
    expect(two.code).toBe(0);
    expect(two.results.counts).toMatchObject({ records: 564, scored: 564, errors: 0, missing: 0 });
    expect(two.err).toContain(`replica ${b.url} failed`);
    expect(a.requests).toBeGreaterThan(564 - 160);
    expect(comparableResults(two.results)).toEqual(comparableResults(reference.results));
  });

  it("names an unreachable replica and continues with the others", async () => {
    const a = await serve();
    const gone = await serve();
    await gone.close();
    servers.splice(servers.indexOf(gone), 1);
    const two = await run("two.json", [a.url, gone.url], "--protocol", "json");
    expect(two.code).toBe(0);
    expect(two.err).toMatch(
      new RegExp(`replica ${gone.url} is unreachable \\(.*\\); continuing with 1 of 2 replicas`),
    );
    expect(two.results.counts).toMatchObject({ scored: 188, errors: 0 });
  });

  it("stops with one line when no replica can be reached, and refuses a replica given twice", async () => {
    const gone = await serve();
    await gone.close();
    servers.splice(servers.indexOf(gone), 1);
    const none = await run("x.json", [gone.url, `${gone.url}/`.replace("/v1/", "/v2")]);
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/cannot reach the server at/);
    const twice = await run("y.json", [gone.url, `${gone.url}/`]);
    expect(twice.code).toBe(2);
    expect(twice.err).toContain(`--base-url: ${gone.url} is given twice; each replica once`);
  });
});
