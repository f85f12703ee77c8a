/**
 * `plan generate` and `plan judge` keep their word: after a request still fails after its retries, the advice they
 * print works exactly as printed — the same command with --resume asks only the failed requests, keeps every other
 * answer of its own --out file, and writes the lines a fresh run would have written. A file that is not this run's
 * is refused, naming the line, before anything is asked.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type MockServer, startMockServer } from "../mock-server/openai-server.js";
import { candidateIds, queryOf, scriptedModel, stepAnswer } from "../mock-server/plan-prompts.js";
import { DATA_DIR } from "../paths.js";
import { REFUND_BEST_PLAN } from "../plans/paper-examples.js";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import { main } from "./main.js";

const QUERIES = join(DATA_DIR, "plans/queries.jsonl");
const IDS = "te-001,te-002,te-003";
/** te-002's question: the one whose requests fail while `failing` is on. */
const FAILING_QUERY = "How did customer sentiment change";

let failing = true;
let server: MockServer;
const dir = tempDir("tooluse-plan-resume-");
const path = (name: string) => join(dir.path, name);
const plans = path("plans.jsonl");

beforeAll(async () => {
  server = await startMockServer({
    models: ["planner", "judge", "other-judge"],
    script: scriptedModel({
      planner: () => REFUND_BEST_PLAN,
      metric: (metric, asked) => stepAnswer(metric, candidateIds(asked.user)),
    }),
    fault: (_n, body) => {
      const user = body.messages[1]?.content ?? "";
      const title = (body.messages[0]?.content ?? "").split("\n")[0];
      const asked = title === "# Plan judge: Format" || body.model === "planner";
      return failing && asked && queryOf(user).startsWith(FAILING_QUERY) ? "500" : null;
    },
  });
  writeFileSync(
    plans,
    ["te-001", "te-002", "te-003"]
      .map(
        (id) =>
          `${JSON.stringify({ query_id: id, planner: "p", prompt_type: "x", plan: REFUND_BEST_PLAN })}\n`,
      )
      .join(""),
  );
});
afterAll(async () => {
  await server.close();
  dir.remove();
});
beforeEach(() => {
  failing = true;
});

async function cli(args: string[]) {
  const io = captureIo();
  const before = server.requests;
  const code = await main(args, io);
  return { code, out: io.out, err: io.err, requests: server.requests - before };
}

const connection = () => ["--base-url", server.url, "--retries", "0", "--no-cache"];
const lines = (file: string) => readFileSync(file, "utf8").trimEnd().split("\n");

function judge(out: string | null, ...extra: string[]) {
  return cli([
    "plan",
    "judge",
    "--model",
    "judge",
    "--queries",
    QUERIES,
    "--plans",
    plans,
    "--metrics",
    "format,redundancy",
    ...(out ? ["--out", out] : []),
    ...connection(),
    ...extra,
  ]);
}

function generate(out: string | null, ...extra: string[]) {
  return cli([
    "plan",
    "generate",
    "--model",
    "planner",
    "--queries",
    QUERIES,
    "--ids",
    IDS,
    "--prompt-type",
    "without_lineage",
    "--examples",
    "1",
    ...(out ? ["--out", out] : []),
    ...connection(),
    ...extra,
  ]);
}

describe("plan judge --resume", () => {
  it("asks only the failed request and keeps the answers of the file, exactly as the advice says", async () => {
    const out = path("judged.jsonl");
    const first = await judge(out);
    expect(first.code).toBe(1);
    expect(first.requests).toBe(6);
    expect(first.err).toContain(
      `; to ask only the failed request again, run the same command with --resume (it keeps every other answer in ${out})\n`,
    );
    const before = lines(out);
    failing = false;
    const resumed = await judge(out, "--resume");
    expect(resumed.code).toBe(0);
    expect(resumed.requests).toBe(1);
    expect(resumed.err).toContain(`resumed ${out}: 5 replies from the file, 1 request asked\n`);
    const after = lines(out);
    // te-001 and te-003 are the lines they were; te-002 is now judged in full.
    expect([after[0], after[2]]).toEqual([before[0], before[2]]);
    expect(JSON.parse(after[1] ?? "{}").judge.failures).toEqual([]);
    // And they are the lines a fresh run writes.
    const fresh = await judge(path("fresh.jsonl"));
    expect(lines(path("fresh.jsonl"))).toEqual(after);
    expect(fresh.code).toBe(0);
  });

  it("refuses a file that is not this run's before asking anything, naming the line", async () => {
    const out = path("judged-refused.jsonl");
    await judge(out);
    failing = false;
    const otherJudge = await cli([
      "plan",
      "judge",
      "--model",
      "other-judge",
      "--queries",
      QUERIES,
      "--plans",
      plans,
      "--metrics",
      "format,redundancy",
      "--out",
      out,
      ...connection(),
      "--resume",
    ]);
    expect(otherJudge).toMatchObject({ code: 2, requests: 0 });
    // One error line (a note about the unset default key variable may come before it).
    expect(otherJudge.err.split("\n").filter((line) => line.startsWith("tooluse:"))).toEqual([
      `tooluse: --resume: ${out}:1: judged by judge; this run asks other-judge; resume with the command that wrote the file, or start afresh with --force`,
    ]);
    const otherMetrics = await judge(out, "--resume", "--metrics", "format");
    expect(otherMetrics).toMatchObject({ code: 2, requests: 0 });
    expect(otherMetrics.err).toMatch(
      /^tooluse: --resume: \S+:1: judged on format, redundancy; this run asks format;/m,
    );
    const prompt = path("format-prompt.txt");
    writeFileSync(prompt, "Judge the format of {CANDIDATE_PLAN} for {QUERY}.\n");
    const otherPrompt = await judge(out, "--resume", "--prompt-file", `judge-format=${prompt}`);
    expect(otherPrompt).toMatchObject({ code: 2, requests: 0 });
    expect(otherPrompt.err).toMatch(
      /^tooluse: --resume: \S+:1: answers to another judge-format prompt \(built-in,/m,
    );
    const foreign = path("foreign.jsonl");
    writeFileSync(foreign, readFileSync(out, "utf8").replaceAll('"te-003"', '"te-099"'));
    const notOurs = await cli([
      "plan",
      "judge",
      "--model",
      "judge",
      "--queries",
      QUERIES,
      "--plans",
      plans,
      "--metrics",
      "format,redundancy",
      "--out",
      foreign,
      ...connection(),
      "--resume",
    ]);
    expect(notOurs).toMatchObject({ code: 2, requests: 0 });
    expect(notOurs.err).toMatch(
      /^tooluse: --resume: \S+foreign\.jsonl:3: plan te-099 \(p, x\) is not among this run's --plans;/m,
    );
  });

  it("refuses --resume where it cannot work: no --out, a missing file, or --force", async () => {
    const none = await judge(null, "--resume");
    expect(none).toMatchObject({
      code: 2,
      requests: 0,
      err: "tooluse: --resume: continues the --out file of an earlier run; give that file with --out FILE\n",
    });
    const missing = path("never-written.jsonl");
    expect(await judge(missing, "--resume")).toMatchObject({
      code: 2,
      requests: 0,
      err: `tooluse: --resume: --out ${missing} does not exist, so there is nothing to resume; leave --resume out to start\n`,
    });
    const out = path("judged-force.jsonl");
    await judge(out);
    expect(await judge(out, "--resume", "--force")).toMatchObject({ code: 2, requests: 0 });
  });

  it("after a run with --force, advises --resume in its place, and that works as printed", async () => {
    const out = path("judged-forced.jsonl");
    writeFileSync(out, "an older file\n");
    const forced = await judge(out, "--force");
    expect(forced.code).toBe(1);
    expect(forced.err).toContain(
      `; to ask only the failed request again, run the same command with --resume instead of --force (it keeps every other answer in ${out})\n`,
    );
    failing = false;
    expect(await judge(out, "--resume")).toMatchObject({ code: 0, requests: 1 });
  });

  it("without --out, advises what works: the same command when answers are cached, a file when they are not", async () => {
    const uncached = await judge(null);
    expect(uncached.code).toBe(1);
    expect(uncached.err).toContain(
      "; a re-run asks every prompt again (answers are not cached: --no-cache); write them with --out FILE, and --resume then asks only what failed\n",
    );
    const cache = path("cache");
    const cached = await cli([
      "plan",
      "judge",
      "--model",
      "judge",
      "--queries",
      QUERIES,
      "--plans",
      plans,
      "--metrics",
      "format,redundancy",
      "--base-url",
      server.url,
      "--retries",
      "0",
      "--cache-dir",
      cache,
    ]);
    expect(cached.err).toContain(
      "; to ask only the failed request again, run the same command (the answered prompts come from the cache)\n",
    );
    failing = false;
    const again = await cli([
      "plan",
      "judge",
      "--model",
      "judge",
      "--queries",
      QUERIES,
      "--plans",
      plans,
      "--metrics",
      "format,redundancy",
      "--base-url",
      server.url,
      "--retries",
      "0",
      "--cache-dir",
      cache,
    ]);
    expect(again).toMatchObject({ code: 0, requests: 1 });
  });
});

describe("plan generate --resume", () => {
  it("asks only the prompts whose request failed and keeps the plans of the file", async () => {
    const out = path("plans-generated.jsonl");
    const first = await generate(out);
    expect(first.code).toBe(1);
    expect(first.requests).toBe(3);
    expect(first.err).toContain(
      `tooluse: 1 request failed and its plan is missing; to ask only the failed request again, run the same command with --resume (it keeps every other answer in ${out})\n`,
    );
    const before = lines(out);
    expect(before).toHaveLength(2);
    failing = false;
    const resumed = await generate(out, "--resume");
    expect(resumed).toMatchObject({ code: 0, requests: 1 });
    expect(resumed.err).toContain(`resumed ${out}: 2 replies from the file, 1 request asked\n`);
    const after = lines(out);
    expect(after).toHaveLength(3);
    expect([after[0], after[2]]).toEqual(before);
    await generate(path("plans-fresh.jsonl"));
    expect(lines(path("plans-fresh.jsonl"))).toEqual(after);
  });

  it("refuses plans another planner wrote, or for prompts this run does not ask", async () => {
    const out = path("plans-other.jsonl");
    failing = false;
    await generate(out);
    writeFileSync(out, readFileSync(out, "utf8").replace('"planner":"planner"', '"planner":"someone-else"'));
    const other = await generate(out, "--resume");
    expect(other).toMatchObject({ code: 2, requests: 0 });
    expect(other.err).toMatch(/^tooluse: --resume: \S+:1: planned by someone-else; this run asks planner;/m);
    await generate(out, "--force");
    const fewer = await cli([
      "plan",
      "generate",
      "--model",
      "planner",
      "--queries",
      QUERIES,
      "--ids",
      "te-001",
      "--prompt-type",
      "without_lineage",
      "--examples",
      "1",
      "--out",
      out,
      ...connection(),
      "--resume",
    ]);
    expect(fewer).toMatchObject({ code: 2, requests: 0 });
    expect(fewer.err).toMatch(
      /^tooluse: --resume: \S+:2: query te-002 \(without_lineage\) is not among this run's prompts;/m,
    );
  });
});
