/**
 * The README's "First hour (no model needed)" section, run as written: its mock servers are started as real
 * processes (on port 0, loopback), every other command of the section goes through `main()` in a temporary folder,
 * and each must exit 0 with the effect the section states. A README command that breaks fails this test.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PACKAGE_ROOT } from "../paths.js";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import { main } from "./main.js";

const ENTRY = join(PACKAGE_ROOT, "src/test-support/cli-entry.ts");
const README_PORT = "8400";

/** The section's fenced blocks, each as its `npx tooluse …` lines turned into argument lists. */
function firstHourCommands(readme: string): string[][][] {
  const start = readme.indexOf("## First hour (no model needed)");
  if (start === -1) throw new Error('README has no "First hour (no model needed)" section');
  const end = readme.indexOf("\n## ", start + 1);
  const section = readme.slice(start, end === -1 ? undefined : end);
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((block) =>
    (block[1] ?? "")
      .split("\n")
      .filter((line) => line.startsWith("npx tooluse "))
      .map((line) => {
        // Quotes would need a shell to read them; the section's commands are plain words on purpose.
        if (/["'\\$`]/.test(line)) throw new Error(`README command needs a shell: ${line}`);
        return line.replace(/\s*&$/, "").split(/\s+/).slice(2);
      }),
  );
}

interface Served {
  child: ChildProcess;
  url: string;
  exit: Promise<number | null>;
}

/** Starts `tooluse <args>` with --port 0 in a real process; resolves with the URL of its one stdout line. */
function serve(args: readonly string[]): Promise<Served> {
  const portAt = args.indexOf("--port");
  const withPort =
    portAt === -1 ? [...args, "--port", "0"] : args.map((a, i) => (i === portAt + 1 ? "0" : a));
  const child = spawn(process.execPath, ["--import", "tsx", ENTRY, ...withPort], {
    cwd: PACKAGE_ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exit = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  let out = "";
  let err = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    err += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const url = /^mock-server listening on (http:\/\/127\.0\.0\.1:\d+\/v1) \(model mock, mode \w+\)\n/.exec(
        out,
      )?.[1];
      if (url) resolve({ child, url, exit });
    });
    exit.then((code) => reject(new Error(`mock-server exited ${code} before listening: ${err}`)));
  });
}

async function cli(args: string[]) {
  const io = captureIo();
  const code = await main(args, io);
  return { code, out: io.out, err: io.err };
}

const readme = readFileSync(join(PACKAGE_ROOT, "README.md"), "utf8");
const dir = tempDir("tooluse-first-hour-");
// A response cache of its own: the mock servers listen on random ports that earlier runs (of any model behind the
// name "mock") may have used, and a shared cache would answer this run with their replies.
process.env.TOOLUSE_CACHE_DIR = join(dir.path, "cache");
const servers = new Map<string, Served>();

/** README arguments made to run here: the servers' real URLs, data/ and examples/ from the checkout, outputs in dir. */
function localise(args: readonly string[]): string[] {
  return args.map((arg) => {
    const port = /^http:\/\/127\.0\.0\.1:(\d+)\/v1$/.exec(arg)?.[1];
    if (port) return servers.get(port)?.url ?? arg;
    if (arg === "examples/mock-models.yaml") return join(dir.path, "mock-models.yaml");
    if (arg.startsWith("data/")) return join(PACKAGE_ROOT, arg);
    return /^[\w.-]+\.(json|jsonl|html)$/.test(arg) ? join(dir.path, arg) : arg;
  });
}

const [serverCommands = [], commands = []] = firstHourCommands(readme);

beforeAll(async () => {
  for (const args of serverCommands) {
    const portAt = args.indexOf("--port");
    servers.set(portAt === -1 ? README_PORT : (args[portAt + 1] ?? ""), await serve(args));
  }
  // The shipped config names the README's ports and writes beside itself: here, the servers' ports and dir.
  let config = readFileSync(join(PACKAGE_ROOT, "examples/mock-models.yaml"), "utf8");
  for (const [port, served] of servers) config = config.replaceAll(`http://127.0.0.1:${port}/v1`, served.url);
  writeFileSync(join(dir.path, "mock-models.yaml"), config.replace(/^out: .*$/m, "out: results"));
}, 60_000);
afterAll(() => {
  for (const served of servers.values()) served.child.kill("SIGKILL");
  dir.remove();
});

const score = (file: string) =>
  (JSON.parse(readFileSync(join(dir.path, file), "utf8")) as { summary: { score: number } }).summary.score;

describe("README: First hour (no model needed)", () => {
  it("starts an oracle and a noisy mock server, and lists the commands to run against them", () => {
    expect(serverCommands.map((args) => args.slice(0, 3).join(" "))).toEqual([
      "mock-server --mode oracle",
      "mock-server --mode noisy",
    ]);
    const names = commands.map((args) =>
      args
        .filter((a) => !a.startsWith("-"))
        .slice(0, 2)
        .join(" "),
    );
    for (const expected of ["run", "report", "compare", "plan generate", "plan score", "plan report"])
      expect(names.some((name) => name === expected || name.startsWith(`${expected} `))).toBe(true);
    expect(commands.some((args) => args.includes("--config"))).toBe(true);
  });

  it("runs every command as written: exit 0, the oracle scores 1.000 and the noisy model less", async () => {
    const outputs: string[] = [];
    for (const args of commands) {
      const result = await cli(localise(args));
      expect(result.code, `tooluse ${args.join(" ")}\n${result.err}`).toBe(0);
      outputs.push(result.out);
    }
    expect(score("oracle.json")).toBe(1);
    expect(score("noisy.json")).toBeLessThan(0.95);
    expect(score("noisy.json")).toBeGreaterThan(0.5);
    const at = (first: string) => outputs[commands.findIndex((args) => args[0] === first)] ?? "";
    expect(at("compare")).toMatch(/json\s+1\.000/);
    const leaderboard = outputs[commands.findIndex((args) => args.includes("--config"))] ?? "";
    expect(leaderboard.indexOf("mock-oracle")).toBeGreaterThan(-1);
    expect(leaderboard.indexOf("mock-oracle")).toBeLessThan(leaderboard.indexOf("mock-noisy"));
    const scores = readFileSync(join(dir.path, "scores.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(scores.length).toBe(10);
    expect(scores.every((s: { f1: number; tier: string }) => s.f1 === 1 && s.tier === "A+")).toBe(true);
    const judged = readFileSync(join(dir.path, "judged.jsonl"), "utf8").trim().split("\n");
    expect(judged.length).toBe(10);
    // Stopping: every server exits 0 on SIGINT.
    for (const served of servers.values()) {
      served.child.kill("SIGINT");
      expect(await served.exit).toBe(0);
    }
  }, 300_000);

  it("fails when a README command breaks (negative control)", async () => {
    const broken = firstHourCommands(readme.replace("--out oracle.json", "--out oracle.json --no-such-flag"));
    const run = broken[1]?.find((args) => args.includes("--no-such-flag")) ?? [];
    expect((await cli(localise(run))).code).toBe(2);
  });
});
