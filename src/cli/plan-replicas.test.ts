/**
 * The plan commands open their model through the run's session (src/runner/session.ts): `--base-url` given twice
 * spreads a plan command's requests over both servers, and the output is the one a single server gives.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type MockServer, startMockServer } from "../mock-server/openai-server.js";
import { scriptedModel } from "../mock-server/plan-prompts.js";
import { DATA_DIR } from "../paths.js";
import { REFUND_BEST_PLAN } from "../plans/paper-examples.js";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import { main } from "./main.js";

const QUERIES = join(DATA_DIR, "plans/queries.jsonl");
let dir: ReturnType<typeof tempDir>;
const servers: MockServer[] = [];
beforeEach(() => {
  dir = tempDir("tooluse-plan-replicas-");
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  dir.remove();
});

const serve = async () => {
  const server = await startMockServer({
    models: ["planner"],
    script: scriptedModel({ planner: () => REFUND_BEST_PLAN }),
    latencyMs: 5,
  });
  servers.push(server);
  return server;
};
const generate = async (out: string, urls: string[]) => {
  const io = captureIo();
  // The flags both runs share; only the --base-url list differs.
  const args = [..."plan generate --model planner --no-cache --retries 0".split(" "), "--queries", QUERIES];
  const code = await main(
    [...args, ...urls.flatMap((u) => ["--base-url", u]), "--concurrency", "2", "--out", join(dir.path, out)],
    io,
  );
  return { code, err: io.err, text: code === 0 ? readFileSync(join(dir.path, out), "utf8") : "" };
};

describe("tooluse plan generate --base-url U1 --base-url U2 (replicas)", () => {
  it("spreads its requests over both servers and writes what one server gives", async () => {
    const [a, b, single] = [await serve(), await serve(), await serve()];
    const one = await generate("one.jsonl", [single.url]);
    const two = await generate("two.jsonl", [a.url, b.url]);
    expect(two.code, two.err).toBe(0);
    expect(a.requests + b.requests).toBe(single.requests);
    expect(a.requests).toBeGreaterThan(0);
    expect(b.requests).toBeGreaterThan(0);
    // The per-endpoint limit holds on each replica, and the two together ask more at once than one server.
    for (const server of [a, b]) expect(server.maxInFlight).toBeLessThanOrEqual(2);
    expect(single.maxInFlight).toBeLessThanOrEqual(2);
    expect(two.text).toBe(one.text);
  });
});
