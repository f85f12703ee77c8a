/**
 * `tooluse mock-server` through `main()`: the oracle scores 1.000 over --base-url, the noisy model scores lower and
 * the same for the same seed, a non-loopback --host is refused, and SIGINT stops it with exit 0 and the port closed.
 * The server runs in this process; SIGINT is delivered to its listener with process.emit (what a real Ctrl+C does
 * to a process is covered by readme-first-hour.test.ts, which runs it as a child).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import { main } from "./main.js";

const dir = tempDir("tooluse-mock-server-");
// A response cache of its own: the mock servers listen on random ports that earlier runs (of any model behind the
// name "mock") may have used, and a shared cache would answer this run with their replies.
process.env.TOOLUSE_CACHE_DIR = join(dir.path, "cache");
afterAll(() => dir.remove());

async function cli(...args: string[]) {
  const io = captureIo();
  const code = await main(args, io);
  return { code, out: io.out, err: io.err };
}

/** Starts `tooluse mock-server ARGS --port 0` in this process; `stop` sends SIGINT and resolves with its exit code. */
async function serve(...args: string[]) {
  const io = captureIo();
  const done = main(["mock-server", ...args, "--port", "0"], io);
  for (let waited = 0; !io.out.includes("\n"); waited += 20) {
    if (waited > 30_000) throw new Error(`mock-server did not start: ${io.err}`);
    await sleep(20);
  }
  const url = /^mock-server listening on (http:\/\/127\.0\.0\.1:\d+\/v1) \(model (\S+), mode (\w+)\)\n$/.exec(
    io.out,
  );
  if (!url) throw new Error(`unexpected first line: ${io.out}`);
  return {
    url: url[1] as string,
    line: io.out,
    stop: async () => {
      process.emit("SIGINT", "SIGINT");
      return { code: await done, err: io.err };
    },
  };
}

interface Results {
  summary: { score: number; n: number };
  records: { id: string; protocol: string; passed?: boolean; verdict?: { passed: boolean } }[];
}

async function run(url: string, name: string, ...extra: string[]): Promise<Results> {
  const out = join(dir.path, `${name}.json`);
  const result = await cli(
    "run",
    "--base-url",
    url,
    "--model",
    "mock",
    "--out",
    out,
    "--retries",
    "0",
    ...extra,
  );
  expect(result.code, result.err).toBe(0);
  return JSON.parse(readFileSync(out, "utf8")) as Results;
}

const passes = (results: Results) =>
  results.records.map((r) => `${r.id} ${r.protocol} ${JSON.stringify(r.passed ?? r.verdict?.passed)}`);

describe("tooluse mock-server", () => {
  it("oracle: a run over --base-url scores 1.000 in the text protocols and native tool calls", async () => {
    const server = await serve("--mode", "oracle");
    expect(server.line).toMatch(/\(model mock, mode oracle\)\n$/);
    try {
      const results = await run(server.url, "oracle", "--protocol", "json,xml,plain,native", "--limit", "40");
      expect(results.summary.n).toBe(160);
      expect(results.summary.score).toBe(1);
    } finally {
      expect((await server.stop()).code).toBe(0);
    }
  }, 120_000);

  it("noisy: scores lower, the same for the same seed, and differently for another seed", async () => {
    const scores: Results[] = [];
    for (const seed of ["7", "7", "8"]) {
      const server = await serve("--mode", "noisy", "--share", "0.3", "--seed", seed);
      try {
        scores.push(
          await run(server.url, `noisy-${scores.length}`, "--protocol", "json,native", "--limit", "60"),
        );
      } finally {
        expect((await server.stop()).code).toBe(0);
      }
    }
    const [first, again, other] = scores as [Results, Results, Results];
    expect(first.summary.score).toBeLessThan(0.9);
    expect(first.summary.score).toBeGreaterThan(0.5);
    expect(passes(again)).toEqual(passes(first));
    expect(passes(other)).not.toEqual(passes(first));
  }, 180_000);

  it("SIGINT closes it: exit 0, a line on stderr, and the port no longer answers", async () => {
    const server = await serve("--mode", "oracle", "--model", "other-name");
    expect(server.line).toMatch(/\(model other-name, mode oracle\)\n$/);
    const models = await fetch(`${server.url}/models`);
    expect(((await models.json()) as { data: { id: string }[] }).data.map((m) => m.id)).toEqual([
      "other-name",
    ]);
    const stopped = await server.stop();
    expect(stopped.code).toBe(0);
    expect(stopped.err).toMatch(/^mock-server: stopped \(SIGINT\) after 0 requests$/m);
    await expect(fetch(`${server.url}/models`)).rejects.toThrow();
  });

  it("refuses a non-loopback --host unless --allow-remote (exit 2, one line), and --allow-remote on loopback", async () => {
    const remote = await cli("mock-server", "--host", "0.0.0.0", "--port", "0");
    expect(remote.code).toBe(2);
    expect(remote.err).toMatch(/^tooluse: --host 0\.0\.0\.0: not a loopback address: .*--allow-remote.*\n$/);
    expect(remote.out).toBe("");
    const pointless = await cli("mock-server", "--allow-remote", "--port", "0");
    expect(pointless.code).toBe(2);
    expect(pointless.err).toMatch(/^tooluse: --allow-remote: --host 127\.0\.0\.1 is a loopback address/);
    // Negative control: the same command on loopback is accepted and serves.
    const server = await serve("--host", "127.0.0.1");
    expect((await server.stop()).code).toBe(0);
  });

  it("refuses a bad --mode and an unknown prompt gets a 400 that names it", async () => {
    const bad = await cli("mock-server", "--mode", "perfect");
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/^tooluse: --mode: expected one of oracle, noisy, got "perfect"/);
    const server = await serve();
    try {
      const response = await fetch(`${server.url}/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ model: "mock", messages: [{ role: "user", content: "hello?" }] }),
      });
      expect(response.status).toBe(400);
      expect(await response.text()).toMatch(/does not know this prompt/);
    } finally {
      await server.stop();
    }
  });

  it("help ends with Examples, each comment on a line of its own", async () => {
    const help = await cli("mock-server", "--help");
    const examples = help.out.slice(help.out.indexOf("\nExamples:\n"));
    expect(help.out.indexOf("\nExamples:\n")).toBeGreaterThan(-1);
    const lines = examples.trim().split("\n").slice(1);
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(line).toMatch(/^ {2}(# .+|\$ tooluse [^#]+)$/);
  });
});
