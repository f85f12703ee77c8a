/**
 * Exit codes that tell the truth (README, "Errors, exit codes and files"), through `main()` for every command that
 * can end with failed records: 0 all scored; 1 any record errored or missing (`run`, `run --json`, `run --config`
 * as the worst of its runs, `report`, `merge`); 2 a usage mistake or a server that refuses the run; 130 interrupted.
 * The resume hint appears only when a journal exists and names what a resumed run may change; a resumed run accepts
 * those changes (server address, key variable, concurrency, timeout, retries) and refuses what alters answers.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCases } from "../cases/load.js";
import { type MockServer, startMockServer } from "../mock-server/openai-server.js";
import { perfectScript } from "../mock-server/perfect-model.js";
import { DEFAULT_CASES_FILE, PACKAGE_ROOT } from "../paths.js";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import { main } from "./main.js";

const cases = loadCases(DEFAULT_CASES_FILE);
const PLAN_FIXTURES = join(PACKAGE_ROOT, "src/plans/data/fixtures");
const dir = tempDir("tooluse-exit-");
const at = (name: string) => join(dir.path, name);

/** One server that fails about 30% of requests while `failing` is on, and answers perfectly otherwise. */
let failing = true;
let flaky: MockServer;
let healthy: MockServer;
beforeAll(async () => {
  flaky = await startMockServer({
    script: perfectScript(cases),
    fault: (n) => (failing && n % 3 === 0 ? "500" : null),
  });
  healthy = await startMockServer({ script: perfectScript(cases) });
});
afterAll(async () => {
  await Promise.all([flaky.close(), healthy.close()]);
  dir.remove();
});

async function cli(...argv: string[]) {
  const io = captureIo();
  const code = await main(argv, io);
  return { code, out: io.out, err: io.err };
}

/** The lines that say what happened (progress lines and the no-key note aside). */
const lines = (err: string) =>
  err
    .trimEnd()
    .split("\n")
    .filter((line) => line.startsWith("tooluse:"));
const HINT =
  "(a resumed run may change --base-url, --api-key-env, --concurrency, --timeout, --retries and --no-cache)";

const modelRun = (url: string, out: string, ...extra: string[]) => [
  ...["run", "--model", "mock-model", "--base-url", url, "--protocol", "json", "--limit", "12"],
  ...["--retries", "0", "--no-cache", "--concurrency", "1", "--out", out],
  ...extra,
];

describe("run", () => {
  it("exits 1 when requests failed, with and without --json, naming how to ask them again", async () => {
    failing = true;
    for (const json of [false, true]) {
      const out = at(`flaky-${json}.json`);
      const { code, out: printed, err } = await cli(...modelRun(flaky.url, out, ...(json ? ["--json"] : [])));
      expect(code).toBe(1);
      const results = JSON.parse(readFileSync(out, "utf8"));
      expect(results.counts.errors).toBeGreaterThan(0);
      expect(results.counts.scored).toBeGreaterThan(0);
      expect(err).toContain(
        `tooluse: ${results.counts.errors} of 12 requests failed after their retries (not scored); first: `,
      );
      expect(err).toContain(`ask them again with: tooluse run --resume ${out} ${HINT}`);
      if (json) expect(JSON.parse(printed).n).toBe(results.counts.scored);
    }
  });

  it("a resumed run re-asks only the failed requests, at a new address, and then exits 0", async () => {
    failing = true;
    const out = at("moved.json");
    expect((await cli(...modelRun(flaky.url, out))).code).toBe(1);
    const before = JSON.parse(readFileSync(out, "utf8"));
    const asked = healthy.requests;
    process.env.TOOLUSE_TEST_OTHER_KEY_VAR = "sk-exit-codes-test-key";
    const resumed = await cli(
      ...["run", "--resume", out, "--base-url", healthy.url, "--concurrency", "4", "--timeout", "30"],
      ...["--retries", "2", "--api-key-env", "TOOLUSE_TEST_OTHER_KEY_VAR", "--no-cache"],
    );
    expect(resumed.err).not.toContain("cannot be combined");
    delete process.env.TOOLUSE_TEST_OTHER_KEY_VAR;
    expect(resumed.code).toBe(0);
    expect(healthy.requests - asked).toBe(before.counts.errors);
    const after = JSON.parse(readFileSync(out, "utf8"));
    expect(after.counts).toMatchObject({ records: 12, scored: 12, errors: 0, missing: 0 });
    expect(after.config).toMatchObject({
      base_url: healthy.url,
      concurrency: 4,
      timeout_ms: 30_000,
      retries: 2,
      api_key_env: "TOOLUSE_TEST_OTHER_KEY_VAR",
    });
  });

  it("a resumed run still refuses what would change its answers", async () => {
    const out = at("flaky-false.json");
    for (const flags of [
      ["--model", "other"],
      ["--thinking", "on"],
      ["--temperature", "0.5"],
      ["--protocol", "xml"],
    ]) {
      const { code, err } = await cli("run", "--resume", out, ...flags);
      expect(code).toBe(2);
      expect(lines(err)).toEqual([
        `tooluse: --resume cannot be combined with ${flags[0]}: a resumed run keeps the configuration it started with (start a new run to change it)`,
      ]);
    }
    const oracle = at("oracle-base.json");
    expect(
      (await cli("run", "--backend", "oracle", "--protocol", "json", "--limit", "1", "--out", oracle)).code,
    ).toBe(0);
    const moved = await cli("run", "--resume", oracle, "--base-url", healthy.url);
    expect(moved.code).toBe(2);
    expect(lines(moved.err)).toEqual([
      "tooluse: --base-url: the resumed run's backend oracle asks no server",
    ]);
  });

  it("after a start-up failure prints no resume hint: no journal exists", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    for (const [argv, message] of [
      [modelRun(`http://127.0.0.1:${port}/v1`, at("unreachable.json")), "cannot reach the server"],
      [
        [
          "run",
          "--model",
          "unknown-model",
          "--base-url",
          healthy.url,
          "--protocol",
          "json",
          "--out",
          at("u.json"),
        ],
        'the server does not serve model "unknown-model"',
      ],
    ] as const) {
      const { code, err } = await cli(...argv);
      expect(code).toBe(2);
      expect(lines(err)).toHaveLength(1);
      expect(err).toContain(message);
      expect(err).toContain("Nothing was recorded: run the command again once that is fixed");
      expect(err).not.toContain("--resume");
      expect(existsSync(`${argv.at(-1)}.journal.jsonl`)).toBe(false);
    }
  });

  it("after a refusal that resuming cannot fix (chat_template_kwargs), says to start a new run", async () => {
    const refusing = await startMockServer({
      script: () => {
        throw Object.assign(new Error("unknown field chat_template_kwargs"), { status: 400 });
      },
    });
    try {
      const out = at("hosted.json");
      const { code, err } = await cli(...modelRun(refusing.url, out));
      expect(code).toBe(2);
      expect(lines(err)).toEqual([
        `tooluse: the server rejects chat_template_kwargs: run with --thinking default. What was done is kept in ${out}.journal.jsonl, but a resumed run keeps its model and decoding settings: start a new run (another --out) to change them`,
      ]);
    } finally {
      await refusing.close();
    }
  });

  it("Ctrl-C before anything was recorded exits 130 without a resume hint", async () => {
    const silent = createServer(() => {
      // Never answers: the run is still asking for the model list when Ctrl-C comes.
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/v1`;
    try {
      const running = cli(...modelRun(url, at("hung.json")));
      // Ctrl-C as soon as the run listens for it (the command module loads first).
      const ctrlC = setInterval(() => {
        if (process.listenerCount("SIGINT") > 0) process.emit("SIGINT");
      }, 50);
      const { code, err } = await running.finally(() => clearInterval(ctrlC));
      expect(code).toBe(130);
      expect(lines(err)).toEqual(["tooluse: interrupted before anything was recorded"]);
      expect(existsSync(at("hung.json.journal.jsonl"))).toBe(false);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it("a replay whose file lacks outputs advises what works, never a resume that would replay the same file", async () => {
    const some = cases.slice(0, 3).map((c) => ({ id: c.id, protocol: "json", output: "I cannot help." }));
    writeFileSync(at("partial-outputs.jsonl"), `${some.map((o) => JSON.stringify(o)).join("\n")}\n`);
    const { code, err } = await cli(
      "run",
      "--outputs",
      at("partial-outputs.jsonl"),
      "--protocol",
      "json",
      "--out",
      at("partial.json"),
    );
    expect(code).toBe(1);
    expect(err).toMatch(
      /partial-outputs\.jsonl holds no output for them, and resuming would replay the same file/,
    );
    expect(err).not.toMatch(/--resume/);
  });
});

describe("report and merge", () => {
  it("report exits 1 on a results file with errored records, naming it; 0 on a clean one", async () => {
    const flakyResults = at("flaky-false.json");
    const { code, err } = await cli("report", flakyResults);
    expect(code).toBe(1);
    expect(err).toMatch(
      new RegExp(`^tooluse: ${flakyResults}: \\d+ of 12 records errored \\(not scored\\)$`, "m"),
    );
    expect((await cli("report", at("moved.json"))).code).toBe(0);
  });

  it("merge exits 1 when a shard holds errored records", async () => {
    failing = true;
    const shards = [1, 2].map((k) => at(`shard-${k}.json`));
    for (const [k, shard] of shards.entries())
      await cli(...modelRun(flaky.url, shard, "--shard", `${k + 1}/2`));
    const { code, err } = await cli("merge", ...shards, "--out", at("merged.json"));
    expect(code).toBe(1);
    expect(err).toMatch(/records of the merged run errored \(not scored\)/);
  });
});

describe("the model-asking plan commands", () => {
  it("exit 1 when every request failed: a failure, not a usage mistake", async () => {
    const down = await startMockServer({ script: () => ({ content: "" }), fault: () => "500" });
    try {
      const imported = await cli(
        ...["plan", "import", "--queries", join(PLAN_FIXTURES, "queries.csv")],
        ...["--plans", join(PLAN_FIXTURES, "plans.csv")],
        ...["--out-queries", at("pq.jsonl"), "--out-plans", at("pp.jsonl")],
      );
      expect(imported.code).toBe(0);
      writeFileSync(
        at("responses.jsonl"),
        `${JSON.stringify({ query_id: "q1", query: "x", responses: { R1: "a", R2: "b" } })}\n`,
      );
      const model = ["--base-url", down.url, "--retries", "0", "--no-cache", "--limit", "1"];
      for (const argv of [
        [
          "plan",
          "generate",
          "--model",
          "mock-model",
          "--queries",
          at("pq.jsonl"),
          "--split",
          "all",
          ...model,
        ],
        [
          "plan",
          "judge",
          "--model",
          "mock-model",
          "--queries",
          at("pq.jsonl"),
          "--plans",
          at("pp.jsonl"),
          ...model,
        ],
        [
          "plan",
          "refine",
          "--model",
          "mock-model",
          "--queries",
          at("pq.jsonl"),
          "--plans",
          at("pp.jsonl"),
          ...model,
        ],
        ["plan", "answers", "--model", "mock-model", "--responses", at("responses.jsonl"), ...model],
      ]) {
        const { code, err } = await cli(...argv);
        expect(err).not.toMatch(/this is a bug/);
        expect(code, `${argv.slice(0, 2).join(" ")}: ${err}`).toBe(1);
      }
    } finally {
      await down.close();
    }
  });
});

describe("run --config", () => {
  it("exits with the worst of its runs, and running it again asks only the failed requests", async () => {
    failing = true;
    const casesFile = at("twelve.jsonl");
    writeFileSync(
      casesFile,
      `${readFileSync(DEFAULT_CASES_FILE, "utf8").split("\n").slice(0, 12).join("\n")}\n`,
    );
    const config = at("matrix.yaml");
    writeFileSync(
      config,
      [
        `out: ${at("matrix")}`,
        "protocols: [json]",
        "suites:",
        `  - name: twelve`,
        `    cases: ${casesFile}`,
        "models:",
        "  - name: clean",
        "    backend: oracle",
        "  - name: flaky",
        "    backend: openai",
        "    model: mock-model",
        `    base_url: ${flaky.url}`,
        "    retries: 0",
        "    concurrency: 1",
        "",
      ].join("\n"),
    );
    const first = await cli("run", "--config", config, "--cache-dir", at("cache"));
    expect(first.code).toBe(1);
    expect(first.err).toMatch(
      /matrix\/flaky--twelve\.json is incomplete|flaky--twelve\.json: \d+ of 12 records errored/,
    );
    expect(first.err).toContain(`run the same command again to resume: tooluse run --config ${config}`);
    failing = false;
    const again = await cli("run", "--config", config, "--cache-dir", at("cache"));
    expect(again.err).toContain("[2/2] flaky × twelve: resuming");
    expect(again.code).toBe(0);
    const results = JSON.parse(readFileSync(at("matrix/flaky--twelve.json"), "utf8"));
    expect(results.counts).toMatchObject({ scored: 12, errors: 0 });
  });
});
