/**
 * The answer readers of every judge follow docs/prompts.md to the letter, through the command line: one rule for
 * which JSON object of a reply counts (the last valid one, for the plan judges and the answer judge alike); no JSON
 * answer without its violations and step count; an evaluation of another step than the one under review is not an
 * evaluation; the answer judge reads the paper's own layout (marked) and never repairs an empty reply.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ChatBody, type MockServer, startMockServer } from "../mock-server/openai-server.js";
import { REFUND_BEST_PLAN, REFUND_INITIAL_PLAN, REFUND_QUERY } from "../plans/paper-examples.js";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import { main } from "./main.js";

/** What the judge answers next, given the request (the test sets it per case). */
let reply: (body: ChatBody) => string = () => "";
let server: MockServer;
const dir = tempDir("tooluse-judge-readers-");
const at = (name: string) => join(dir.path, name);
const write = (name: string, lines: readonly unknown[]) => {
  writeFileSync(at(name), lines.map((line) => `${JSON.stringify(line)}\n`).join(""));
  return at(name);
};
const jsonl = (name: string) =>
  readFileSync(at(name), "utf8")
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line));

beforeAll(async () => {
  server = await startMockServer({ models: ["judge"], script: (body) => ({ content: reply(body) }) });
  write("ref.jsonl", [{ query_id: "q1", query: REFUND_QUERY, best_plan: REFUND_BEST_PLAN }]);
  write("plans.jsonl", [{ query_id: "q1", planner: "p", prompt_type: "x", plan: REFUND_BEST_PLAN }]);
  write("queries.jsonl", [{ query_id: "q1", query: REFUND_QUERY, best_plan: REFUND_BEST_PLAN }]);
  write("start.jsonl", [{ query_id: "q1", planner: "p", prompt_type: "x", plan: REFUND_INITIAL_PLAN }]);
  write("responses.jsonl", [
    {
      query_id: "a1",
      query: "Why do customers call?",
      responses: { R1: "No data.", R2: "Long holds.", R3: "Holds." },
    },
  ]);
});
afterAll(async () => {
  await server.close();
  dir.remove();
});

let requestsBefore = 0;
beforeEach(() => {
  requestsBefore = server.requests;
});
const requests = () => server.requests - requestsBefore;

async function cli(...argv: string[]) {
  const io = captureIo();
  const code = await main([...argv, "--base-url", server.url, "--no-cache", "--retries", "0", "--force"], io);
  return { code, out: io.out, err: io.err };
}

const judgeFormat = (out: string) =>
  cli(
    "plan",
    "judge",
    "--model",
    "judge",
    "--queries",
    at("ref.jsonl"),
    "--plans",
    at("plans.jsonl"),
    "--metrics",
    "format",
    "--out",
    at(out),
  );

const count = (rationale: string, violating: number[]) =>
  JSON.stringify({
    rationale,
    violations: violating.map((step) => ({ step, reason: "x" })),
    total_steps: 4,
    steps_without_violation: 4 - violating.length,
  });

const scores = (completeness: number) => ({ validity: 1, consistency: 1, completeness, redundancy: 6 });

describe("which JSON object of a reply counts: the last valid one, for every judge", () => {
  it("a metric judge that drafts an answer and then gives it is read by its last object", async () => {
    reply = () =>
      `Draft: ${count("draft", [])}\nOn reflection step 2 repeats a filter.\n${count("final", [2])}`;
    expect((await judgeFormat("last.jsonl")).code).toBe(0);
    const [line] = jsonl("last.jsonl");
    expect(line.judge.answers.format.value.rationale).toBe("final");
    expect(line.format).toBeLessThan(20);
  });

  it("the answer judge reads the same object of the same kind of reply", async () => {
    const draft = {
      rationale: "draft",
      scores: { R1: scores(3), R2: scores(5), R3: scores(4) },
      decision: "R2",
    };
    const final = {
      rationale: "final",
      scores: { R1: scores(6), R2: scores(5), R3: scores(4) },
      decision: "R1",
    };
    reply = () => `Draft: ${JSON.stringify(draft)}\nFinal: ${JSON.stringify(final)}`;
    const result = await cli(
      "plan",
      "answers",
      "--model",
      "judge",
      "--responses",
      at("responses.jsonl"),
      "--out",
      at("a.jsonl"),
    );
    expect(result.code).toBe(0);
    expect(jsonl("a.jsonl")[0]).toMatchObject({ status: "judged", rationale: "final", decision: "R1" });
  });

  it("a reasoning block is never the answer", async () => {
    reply = () => `<think>${count("thinking", [])}</think>${count("answer", [1])}`;
    expect((await judgeFormat("think.jsonl")).code).toBe(0);
    expect(jsonl("think.jsonl")[0].judge.answers.format.value.rationale).toBe("answer");
  });
});

describe("metric judges: the JSON answer as the prompt asks it", () => {
  it("violations: null with total_steps: null is not an answer (repaired once, then a failure)", async () => {
    reply = () =>
      JSON.stringify({ rationale: "r", violations: null, total_steps: null, steps_without_violation: 4 });
    const result = await judgeFormat("nulls.jsonl");
    expect(result.code).toBe(1);
    expect(requests()).toBe(2);
    const [line] = jsonl("nulls.jsonl");
    expect(line.format).toBeNull();
    expect(line.judge.failures).toEqual([
      { metric: "format", code: "malformed", message: expect.stringMatching(/^violations: /) },
    ]);
  });

  it("a reply cannot choose the paper's layout for itself", async () => {
    reply = () =>
      JSON.stringify({
        rationale: "r",
        violations: null,
        total_steps: null,
        steps_without_violation: 4,
        layout: "paper",
      });
    expect((await judgeFormat("layout.jsonl")).code).toBe(1);
    expect(jsonl("layout.jsonl")[0].judge.failures[0]).toMatchObject({ code: "malformed" });
  });

  it("the paper's own text layout is still read, and marked", async () => {
    reply = () => "Every step is well formed. | 4 |";
    expect((await judgeFormat("paper.jsonl")).code).toBe(0);
    expect(jsonl("paper.jsonl")[0].judge.answers.format.value).toMatchObject({
      layout: "paper",
      violations: null,
    });
  });
});

describe("the step evaluator answers about the step under review", () => {
  const refine = () =>
    cli(
      "plan",
      "refine",
      "--model",
      "judge",
      "--queries",
      at("queries.jsonl"),
      "--plans",
      at("start.jsonl"),
      "--max-passes",
      "1",
      "--out",
      at("lineages.jsonl"),
    );

  it("an evaluation that names another step is repaired once, then a failure — never a NO CHANGE", async () => {
    reply = (body) =>
      (body.messages[0]?.content ?? "").startsWith("# Step evaluator")
        ? JSON.stringify({ step: 99, findings: [{ reason: "fine", tag: "NO CHANGE" }] })
        : "unused";
    const result = await refine();
    expect(result.code).toBe(1);
    const [line] = jsonl("lineages.jsonl");
    expect(line.status).toBe("incomplete");
    expect(line.events[0]).toMatchObject({
      outcome: "evaluator-failed",
      message: "out-of-range: the answer is about step 99, but the step under review is step 1",
    });
  });

  it("an evaluation without its step is not the prompt's shape", async () => {
    reply = (body) =>
      (body.messages[0]?.content ?? "").startsWith("# Step evaluator")
        ? JSON.stringify({ findings: [{ reason: "fine", tag: "NO CHANGE" }] })
        : "unused";
    expect((await refine()).code).toBe(1);
    expect(jsonl("lineages.jsonl")[0].events[0]).toMatchObject({
      outcome: "evaluator-failed",
      message: expect.stringMatching(/^malformed: step: /),
    });
  });
});

describe("the answer judge", () => {
  const answers = (out: string) =>
    cli("plan", "answers", "--model", "judge", "--responses", at("responses.jsonl"), "--out", at(out));

  it("reads the paper's verbatim layout (R1 … at the top level, overall_decision) and marks it", async () => {
    reply = () =>
      JSON.stringify({
        rationale: "R2 names the cause.",
        R1: { validity: 0, consistency: 0, completeness: 1, redundancy: 7 },
        R2: scores(6),
        R3: scores(4),
        overall_decision: "R2",
      });
    expect((await answers("paper.jsonl")).code).toBe(0);
    expect(jsonl("paper.jsonl")[0]).toMatchObject({
      status: "judged",
      decision: "R2",
      judge_decision: "R2",
      layout: "paper",
      prompts: 1,
    });
  });

  it("refuses a mix of the two layouts", async () => {
    reply = () =>
      JSON.stringify({ rationale: "x", R1: scores(6), R2: scores(5), R3: scores(4), decision: "R1" });
    // Every judgement failed: exit 1 (a failed record), never 2 (that is bad input from the user).
    expect((await answers("mixed.jsonl")).code).toBe(1);
    expect(jsonl("mixed.jsonl")[0]).toMatchObject({ status: "failed", prompts: 2 });
  });

  it("an empty reply is its own failure: no repair turn is sent", async () => {
    reply = () => "  \n";
    const result = await answers("empty.jsonl");
    expect(requests()).toBe(1);
    expect(result.code).toBe(1);
    expect(jsonl("empty.jsonl")[0]).toMatchObject({
      status: "failed",
      prompts: 1,
      error: "empty: the judge answered nothing",
    });
  });
});
