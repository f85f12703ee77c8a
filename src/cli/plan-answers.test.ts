import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type ChatBody, type MockServer, startMockServer } from "../mock-server/openai-server.js";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import type { AnswerJudgement } from "../workflows/answers/index.js";
import { type PlanAnswersOptions, runPlanAnswers } from "./plan-answers.js";

const score = (validity: number, consistency: number, completeness: number, redundancy: number) => ({
  validity,
  consistency,
  completeness,
  redundancy,
});
const reply = (scores: Record<string, unknown>, decision: string) =>
  JSON.stringify({ rationale: "Compared on coverage first.", scores, decision });

const GOOD = reply({ R1: score(1, 1, 4, 6), R2: score(1, 1, 6, 5), R3: score(1, 1, 5, 7) }, "R2");
/** The judge says R3, but its own scores make R2 the best. */
const CONTRADICTS = reply({ R1: score(1, 1, 4, 6), R2: score(1, 1, 6, 5), R3: score(1, 1, 5, 7) }, "R3");
/** R1 is invalid yet rated complete: gating must reset it; R2 and R3 tie. */
const UNGATED = reply({ R1: score(0, 1, 6, 2), R2: score(1, 1, 5, 5), R3: score(1, 1, 5, 5) }, "R2,R3");
const OUT_OF_RANGE = reply({ R1: score(1, 1, 9, 6), R2: score(1, 1, 6, 5), R3: score(1, 1, 5, 7) }, "R1");

/** Replies per query text: the first answer, then the answer to the repair prompt. */
const SCRIPT: Record<string, [string, string]> = {
  "Q good": [GOOD, "unused"],
  "Q malformed then fixed": ["Sure! R2 is best {rationale: 'x'", GOOD],
  "Q malformed twice": ["R2 wins.", '{"rationale": "x", "scores": {}, "decision": "R2"'],
  "Q out of range": [OUT_OF_RANGE, OUT_OF_RANGE],
  "Q contradicts": [CONTRADICTS, "unused"],
  "Q ungated": [UNGATED, "unused"],
};

function script(body: ChatBody) {
  const user = body.messages[1]?.content ?? "";
  const query = Object.keys(SCRIPT).find((q) => user.includes(`## Question\n${q}\n`));
  const replies = query === undefined ? undefined : SCRIPT[query];
  if (!replies) return { content: "I cannot help with that." };
  return { content: body.messages.length > 2 ? replies[1] : replies[0] };
}

let dir: ReturnType<typeof tempDir>;
let server: MockServer;
beforeEach(async () => {
  dir = tempDir();
  server = await startMockServer({ script });
});
afterEach(async () => {
  await server.close();
  dir.remove();
});

function responsesFile(queries: readonly string[]): string {
  const path = join(dir.path, "responses.jsonl");
  const lines = queries.map((query, i) => ({
    query_id: `q${i + 1}`,
    query,
    responses: {
      R1: "No data available.",
      R2: "Refund calls: customers dislike long holds.",
      R3: { top: "holds" },
    },
  }));
  writeFileSync(path, lines.map((line) => JSON.stringify(line)).join("\n"));
  return path;
}

async function run(queries: readonly string[], overrides: Partial<PlanAnswersOptions> = {}) {
  const io = captureIo();
  const out = join(dir.path, "judgements.jsonl");
  const code = await runPlanAnswers(
    {
      model: "mock-model",
      baseUrl: server.url,
      responses: responsesFile(queries),
      out,
      cacheDir: join(dir.path, "cache"),
      retries: "0",
      ...overrides,
    },
    io,
    {},
  );
  const judgements =
    overrides.out === undefined && !overrides.json
      ? (readFileSync(out, "utf8")
          .trim()
          .split("\n")
          .map((line) => JSON.parse(line)) as AnswerJudgement[])
      : [];
  return { code, io, judgements };
}

describe("tooluse plan answers", () => {
  it("judges a query, derives the decision and prints win rates", async () => {
    const { code, io, judgements } = await run(["Q good"]);
    expect(code).toBe(0);
    expect(judgements[0]).toMatchObject({
      query_id: "q1",
      judge: "mock-model",
      status: "judged",
      decision: "R2",
      winners: ["R2"],
      judge_decision: "R2",
      decision_agrees: true,
      prompts: 1,
      gating: [],
    });
    expect(io.out).toMatch(/R2\s+1\s+1\s+100\.0%/);
    const prompt = server.bodies[0]?.messages.map((m) => m.content).join("\n") ?? "";
    expect(prompt).toContain('### Answer R3\n{"top":"holds"}');
  });

  it("sends one repair prompt for a malformed reply and uses the corrected answer", async () => {
    const { judgements } = await run(["Q malformed then fixed"]);
    expect(judgements[0]).toMatchObject({ status: "judged", decision: "R2", prompts: 2 });
    expect(server.requests).toBe(2);
    const repair = server.bodies[1]?.messages ?? [];
    expect(repair).toHaveLength(4);
    expect(repair[2]).toMatchObject({ role: "assistant", content: "Sure! R2 is best {rationale: 'x'" });
    expect(repair[3]?.content).toContain("no JSON object in the answer");
  });

  it("records a failure after the repair retry, never a guessed score, and keeps judging the rest", async () => {
    const { code, io, judgements } = await run(["Q malformed twice", "Q good"]);
    expect(code).toBe(1);
    expect(judgements[0]).toMatchObject({ status: "failed", decision: null, scores: null, prompts: 2 });
    expect(judgements[0]?.error).toMatch(/unusable after one repair/);
    expect(judgements[0]?.replies).toHaveLength(2);
    expect(judgements[1]?.status).toBe("judged");
    expect(io.out).toContain("1 FAILED");
    expect(io.out).toMatch(/R2\s+1\s+1\s+100\.0%/);
  });

  it("catches out-of-range values and names them in the repair prompt and the failure", async () => {
    const { judgements } = await run(["Q out of range"]);
    expect(server.bodies[1]?.messages[3]?.content).toMatch(/scores\.R1\.completeness/);
    expect(judgements[0]?.status).toBe("failed");
    expect(judgements[0]?.error).toMatch(/scores\.R1\.completeness/);
  });

  it("records a judge decision that contradicts its own scores, and goes by the scores", async () => {
    const { io, judgements } = await run(["Q contradicts", "Q good"]);
    expect(judgements[0]).toMatchObject({ decision: "R2", judge_decision: "R3", decision_agrees: false });
    expect(io.out).toContain("judge's own decision matches its scores: 1/2 (50.0%)");
  });

  it("applies the gating rules and records the raw values they overrode", async () => {
    const { judgements } = await run(["Q ungated"]);
    expect(judgements[0]?.raw_scores?.R1).toEqual(score(0, 1, 6, 2));
    expect(judgements[0]?.scores?.R1).toEqual(score(0, 0, 1, 7));
    expect(judgements[0]?.gating.map((g) => g.field)).toEqual(["consistency", "completeness", "redundancy"]);
    expect(judgements[0]).toMatchObject({ decision: "R2,R3", winners: ["R2", "R3"], decision_agrees: true });
  });

  it("sends no requests when re-run with the cache, and sends them again with --no-cache", async () => {
    const queries = ["Q good", "Q malformed then fixed", "Q malformed twice"];
    const first = await run(queries);
    const sent = server.requests;
    expect(sent).toBe(5);
    const second = await run(queries);
    expect(server.requests).toBe(sent);
    expect(second.judgements.map((j) => j.cached)).toEqual([true, true, true]);
    expect(second.judgements.map((j) => j.decision)).toEqual(first.judgements.map((j) => j.decision));
    await run(queries, { cache: false });
    expect(server.requests).toBe(sent * 2);
  });

  it("prints a JSON summary with --json", async () => {
    const io = captureIo();
    const code = await runPlanAnswers(
      {
        model: "mock-model",
        baseUrl: server.url,
        responses: responsesFile(["Q good", "Q ungated"]),
        json: true,
        cache: false,
      },
      io,
      {},
    );
    expect(code).toBe(0);
    const summary = JSON.parse(io.out);
    expect(summary.win_rates.map((w: { rate: number }) => w.rate)).toEqual([0, 1, 0.5]);
    expect(summary).toMatchObject({ judged: 2, failed: 0, gating_overridden: 1 });
  });

  it("exits 1 when nothing could be judged (a failure, README exit codes), and 2 on a bad responses file", async () => {
    expect((await run(["Q malformed twice"])).code).toBe(1);
    const bad = join(dir.path, "bad.jsonl");
    writeFileSync(bad, JSON.stringify({ query_id: "q1", query: "x", responses: { R1: "only one" } }));
    const io = captureIo();
    expect(await runPlanAnswers({ model: "mock-model", baseUrl: server.url, responses: bad }, io, {})).toBe(
      2,
    );
    expect(io.err).toMatch(/bad\.jsonl:1: field responses: needs at least two responses/);
  });

  it("refuses a reserved response label and stops on a model the server does not serve", async () => {
    const bad = join(dir.path, "labels.jsonl");
    writeFileSync(bad, JSON.stringify({ query_id: "q1", query: "x", responses: { R1: "a", All: "b" } }));
    const io = captureIo();
    expect(await runPlanAnswers({ model: "mock-model", baseUrl: server.url, responses: bad }, io, {})).toBe(
      2,
    );
    expect(io.err).toMatch(/field responses\.All: All and Neither are decisions, not response labels/);
    const other = captureIo();
    const code = await runPlanAnswers(
      {
        model: "no-such-model",
        baseUrl: server.url,
        responses: responsesFile(["Q good"]),
        cache: false,
      },
      other,
      {},
    );
    expect(code).toBe(2);
    expect(other.err).toMatch(/no-such-model/);
    expect(server.requests).toBe(0);
  });
});
