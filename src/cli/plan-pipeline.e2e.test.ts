// The paper's experiment replayed end to end through the command line (`main()`, and a real process for Ctrl-C)
// against a scripted judge-capable server on 127.0.0.1: generate with 3 planners × both prompt types, score,
// metric-wise and one-shot judging, refine (with the 4-pass cap), answers, agree (code, humans, tags, answers),
// report, a cached re-run sending 0 requests, an interrupted run, malformed/empty/contradicting/slow judge answers,
// a server refusing chat_template_kwargs, prompt files, --ids/--limit, and `plan experiment` with its dry run.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChatBody, type MockServer, startMockServer } from "../mock-server/openai-server.js";
import {
  type Asked,
  between,
  candidateIds,
  evaluation,
  oneShotAnswer,
  queryOf,
  reviewedStep,
  scriptedModel,
  stepAnswer,
} from "../mock-server/plan-prompts.js";
import { PACKAGE_ROOT } from "../paths.js";
import { parsePlan } from "../plans/parse.js";
import { ratingFromF1 } from "../plans/rating.js";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import {
  ESCALATION_BEST,
  QA_BEST,
  queryLines,
  SENTIMENT_BEST,
  writeJsonl,
} from "../workflows/plan-models/test-support/fixtures.js";
import { main } from "./main.js";

const SENTIMENT_WEAK = SENTIMENT_BEST.replace('RAG((1), "How did', 'T2S((1), "How did');
const BEST: Record<string, string> = {
  "Why do escalated": ESCALATION_BEST,
  "How did customer": SENTIMENT_BEST,
  "What is the average": QA_BEST,
};
const bestFor = (query: string) => Object.entries(BEST).find(([start]) => query.startsWith(start))?.[1] ?? "";
const isQa = (query: string) => query.startsWith("What is the average");
const isEscalation = (query: string) => query.startsWith("Why do escalated");
const isSentiment = (query: string) => query.startsWith("How did customer");

/** Three planners: a strong one, one that gives T2S a transcript question, one that writes lineages and fails once. */
function planner(asked: Asked): string {
  const query = queryOf(asked.user);
  const best = bestFor(query);
  const lineage = asked.user.endsWith("Lineage:");
  if (asked.body.model === "planner-b") return isSentiment(query) ? SENTIMENT_WEAK : best;
  if (asked.body.model === "planner-c") {
    if (!lineage) return isQa(query) ? "I cannot plan this." : best;
    return `Plan 1:\n${isSentiment(query) ? SENTIMENT_WEAK : best}\nPlan 2 (INCORRECT TOOL fixed):\n${best}`;
  }
  return best;
}

const steps = (text: string) => {
  const parsed = parsePlan(text);
  return parsed.ok ? parsed.steps : [];
};

let looperVersion = 0;
const model = scriptedModel({
  planner,
  metric: (metric, asked) => {
    const query = queryOf(asked.user);
    const ids = candidateIds(asked.user);
    // Malformed twice (first answer and repair), empty, and a count that contradicts its own list.
    if (metric === "format" && isQa(query)) return "The format looks fine to me.";
    if (metric === "redundancy" && isEscalation(query)) return "";
    if (metric === "dependencies" && isSentiment(query))
      return JSON.stringify({
        rationale: "x",
        violations: [],
        total_steps: ids.length,
        steps_without_violation: ids.length - 1,
      });
    if (metric === "query_adherence") return '{"rationale": "answers it", "adherence": 1}';
    const candidate = steps(between(asked.user, "):\n", "\n\nBest plan"));
    const wrong = candidate.filter(
      (s) => metric === "tool_prompt_alignment" && s.tool === "T2S" && /How did/.test(s.prompt),
    );
    return stepAnswer(
      metric,
      ids,
      wrong.map((s) => s.id),
    );
  },
  oneShot: (asked) => {
    const candidate = steps(between(asked.user, "):\n", "\n\nBest plan P*"));
    const best = steps(asked.user.split(/Best plan P\* \(\d+ steps?\):\n/)[1] ?? "");
    const key = (s: { tool: string | null; prompt: string }) => `${s.tool} ${s.prompt}`;
    const matches = candidate
      .map((s) => ({ candidate: s.id, best: best.find((b) => key(b) === key(s))?.id }))
      .filter((m): m is { candidate: number; best: number } => m.best !== undefined);
    const precision = (matches.length / candidate.length) * 100;
    const recall = (matches.length / Math.max(1, best.length)) * 100;
    const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
    return oneShotAnswer({ matches, precision, recall, f1_score: f1, rating: ratingFromF1(f1 / 100) });
  },
  evaluator: (asked) => {
    const step = between(asked.user, "):\n", "\n\nSteps it depends on");
    const id = reviewedStep(asked);
    if (asked.body.model === "looper") return evaluation(id, "INCORRECT PROMPT");
    return step.includes('T2S((1), "How did') ? evaluation(id, "INCORRECT TOOL") : evaluation(id);
  },
  optimizer: (asked) => {
    const plan = between(asked.user, "Plan:\n", "\n\nFlagged step");
    if (asked.body.model === "looper")
      return `CHANGE 0: sharpened.\nCHANGE 1: none.\nNEW PLAN:\n${plan.replace('T2S([], "', `T2S([], "v${++looperVersion} `)}`;
    return `CHANGE 0: gave step 2 to RAG.\nCHANGE 1: none.\nNEW PLAN:\n${plan.replace('T2S((1), "How did', 'RAG((1), "How did')}`;
  },
});

const score = (c: number, r: number) => ({ validity: 1, consistency: 1, completeness: c, redundancy: r });
const ANSWER_GOOD = JSON.stringify({
  rationale: "R2 covers most.",
  scores: { R1: score(4, 6), R2: score(6, 5), R3: score(5, 7) },
  decision: "R2",
});

/** The answer judge (no title line) first, then the planning prompts by title. */
function script(body: ChatBody) {
  const system = body.messages[0]?.content ?? "";
  if (system.startsWith("You compare several answers")) {
    const user = body.messages[1]?.content ?? "";
    return { content: user.includes("## Question\nQ broken\n") ? "R2 wins." : ANSWER_GOOD };
  }
  return model(body);
}

const MODELS = ["planner-a", "planner-b", "planner-c", "judge", "looper"];
let server: MockServer;
let dir: ReturnType<typeof tempDir>;
const path = (name: string) => join(dir.path, name);
let queries: string;

beforeAll(async () => {
  server = await startMockServer({ models: MODELS, script });
  dir = tempDir();
  queries = writeJsonl(dir.path, "queries.jsonl", queryLines());
  writeJsonl(dir.path, "responses.jsonl", [
    { query_id: "a1", query: "Q fine", responses: { R1: "No data.", R2: "Long holds.", R3: "Holds." } },
    { query_id: "a2", query: "Q broken", responses: { R1: "No data.", R2: "Long holds.", R3: "Holds." } },
  ]);
});
afterAll(async () => {
  await server.close();
  dir.remove();
});

async function cli(args: string[]) {
  const io = captureIo();
  const code = await main(args, io);
  return { code, out: io.out, err: io.err };
}
const jsonl = (file: string) =>
  readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
// --force: the cached re-run writes the same output files again.
const connection = () => [
  "--base-url",
  server.url,
  "--cache-dir",
  path("cache"),
  "--retries",
  "0",
  "--force",
];

/** The pipeline's model commands; returns the exit codes (the cached re-run must give the same with 0 requests). */
async function pipeline() {
  const codes: Record<string, number> = {};
  for (const p of ["planner-a", "planner-b", "planner-c"])
    codes[`generate ${p}`] = (
      await cli([
        "plan",
        "generate",
        "--model",
        p,
        "--queries",
        queries,
        "--out",
        path(`plans-${p}.jsonl`),
        ...connection(),
      ])
    ).code;
  const all = [1, 2, 3].flatMap((i) =>
    readFileSync(path(`plans-planner-${["a", "b", "c"][i - 1]}.jsonl`), "utf8"),
  );
  writeFileSync(path("plans.jsonl"), all.join(""));
  codes.judge = (
    await cli([
      "plan",
      "judge",
      "--model",
      "judge",
      "--queries",
      queries,
      "--plans",
      path("plans.jsonl"),
      "--out",
      path("judged.jsonl"),
      ...connection(),
    ])
  ).code;
  // Exactly as the README shows it: --one-shot with no --metrics.
  codes.oneShot = (
    await cli([
      "plan",
      "judge",
      "--model",
      "judge",
      "--queries",
      queries,
      "--plans",
      path("plans.jsonl"),
      "--one-shot",
      "--out",
      path("one-shot.jsonl"),
      ...connection(),
    ])
  ).code;
  codes.refine = (
    await cli([
      "plan",
      "refine",
      "--model",
      "judge",
      "--queries",
      queries,
      "--plans",
      path("plans.jsonl"),
      "--out",
      path("lineages.jsonl"),
      "--final-plans",
      path("final.jsonl"),
      ...connection(),
    ])
  ).code;
  codes.looper = (
    await cli([
      "plan",
      "refine",
      "--model",
      "looper",
      "--queries",
      queries,
      "--plans",
      path("plans-planner-a.jsonl"),
      "--ids",
      "te-001",
      "--out",
      path("looped.jsonl"),
      ...connection(),
    ])
  ).code;
  codes.answers = (
    await cli([
      "plan",
      "answers",
      "--model",
      "judge",
      "--responses",
      path("responses.jsonl"),
      "--out",
      path("answers.jsonl"),
      ...connection(),
    ])
  ).code;
  return codes;
}

describe("the planning pipeline through the command line", () => {
  let first: Record<string, number>;
  let requests: number;

  it("runs every model command and reflects every failure in its exit code", async () => {
    first = await pipeline();
    requests = server.requests;
    expect(first).toEqual({
      "generate planner-a": 0,
      "generate planner-b": 0,
      // planner-c answered the QA query without a plan: written (scores 0), warned, exit 1
      "generate planner-c": 1,
      judge: 1,
      oneShot: 0,
      refine: 0,
      looper: 0,
      answers: 1,
    });
    const plans = jsonl(path("plans.jsonl"));
    expect(plans).toHaveLength(3 * 3 * 2);
    for (const line of plans)
      expect(line.prompt).toMatchObject({
        source: "built-in",
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
    // The with-lineage planner wrote its own lineage: the last plan is the one scored, the answer is kept.
    const lineaged = plans.find(
      (p) => p.planner === "planner-c" && p.prompt_type === "with_lineage" && p.query_id === "te-002",
    );
    expect(lineaged).toMatchObject({
      plan: SENTIMENT_BEST,
      lineage_plans: 2,
      answer: expect.stringContaining("Plan 1:"),
    });
  });

  it("counts malformed, empty and contradicting judge answers and shows them", async () => {
    const judged = jsonl(path("judged.jsonl"));
    const failures = judged.flatMap((l) =>
      l.judge.failures.map((f: { metric: string; code: string }) => `${f.metric}:${f.code}`),
    );
    // format on the QA query: planners a and b × both prompt types, and planner-c's lineage (its plain QA answer has
    // no plan and is not judged); redundancy empty on the escalation query for all three planners × both types.
    expect(failures.filter((f: string) => f === "format:malformed")).toHaveLength(2 * 2 + 1);
    expect(failures.filter((f: string) => f === "redundancy:empty")).toHaveLength(3 * 2);
    const contradictions = judged.flatMap((l) => l.judge.contradictions.map((c: { code: string }) => c.code));
    expect(contradictions.filter((c: string) => c === "count-arithmetic")).toHaveLength(3 * 2);
    const failed = judged.find((l) => l.query_id === "te-003" && l.planner === "planner-a");
    expect([failed.format, failed.total]).toEqual([null, null]);

    const report = await cli([
      "plan",
      "report",
      "--scores",
      path("judged.jsonl"),
      "--queries",
      queries,
      "--html",
      path("judged.html"),
    ]);
    expect(readFileSync(path("judged.html"), "utf8")).toMatch(
      /<h2>Judge failures and contradictions<\/h2>[\s\S]*data-judge="failed-plans">2</,
    );
    expect(report.code).toBe(0);
    expect(report.out).toContain("Judge failures and contradictions");
    expect(report.out).toMatch(/^planner-a\s+with_lineage\s+3\s+2\s+2\s+1\s+0$/m);
    expect(report.out).toMatch(/fewer plans than the group has/);
  });

  it("does not claim agreement the judge never produced", async () => {
    const metricWise = await cli([
      "plan",
      "agree",
      "--gold",
      path("scores.jsonl"),
      "--judged",
      path("judged.jsonl"),
      "--json",
    ]);
    // scores.jsonl does not exist yet: one clear line, exit 2
    expect(metricWise.code).toBe(2);
    expect(
      (
        await cli([
          "plan",
          "score",
          "--queries",
          queries,
          "--plans",
          path("plans.jsonl"),
          "--out",
          path("scores.jsonl"),
        ])
      ).code,
    ).toBe(0);
    const agree = await cli([
      "plan",
      "agree",
      "--gold",
      path("scores.jsonl"),
      "--judged",
      path("judged.jsonl"),
      "--json",
    ]);
    expect(agree.code).toBe(0);
    const metrics = JSON.parse(agree.out).metrics.map((m: { metric: string }) => m.metric);
    // Precision, recall, F1 and the rating ride along from code on metric-wise lines: never compared.
    expect(metrics).not.toContain("f1");
    expect(metrics).not.toContain("rating");
    // The code has no tool-prompt alignment or adherence (judge-only metrics): nothing to compare there either.
    expect(metrics).toEqual([
      "format",
      "step_executability",
      "dependencies",
      "redundancy",
      "tool_usage_completeness",
    ]);
    const oneShot = JSON.parse(
      (
        await cli([
          "plan",
          "agree",
          "--gold",
          path("scores.jsonl"),
          "--judged",
          path("one-shot.jsonl"),
          "--json",
        ])
      ).out,
    );
    expect(oneShot.metrics.map((m: { metric: string }) => m.metric)).toEqual([
      "precision",
      "recall",
      "f1",
      "rating",
    ]);

    // A judge whose every answer failed: no agreement is claimed.
    const dead = jsonl(path("judged.jsonl")).map((l) => ({
      ...l,
      ...Object.fromEntries(
        [
          "format",
          "tool_prompt_alignment",
          "step_executability",
          "query_adherence",
          "dependencies",
          "redundancy",
          "tool_usage_completeness",
          "total",
          "subtotal",
        ].map((m) => [m, null]),
      ),
      judge: { ...l.judge, failures: [{ metric: "format", code: "malformed", message: "x" }] },
    }));
    writeJsonl(dir.path, "dead.jsonl", dead);
    const none = await cli(["plan", "agree", "--gold", path("scores.jsonl"), "--judged", path("dead.jsonl")]);
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/no agreement to report/);
  });

  it("measures the judges against human labels: scores (CSV), step tags (Table 25) and answer decisions (κ)", async () => {
    writeFileSync(
      path("human-scores.csv"),
      "query_id,planner,prompt_type,tool_prompt_alignment,rating\n" +
        "te-002,planner-b,without_lineage,13.33,Acceptable\nte-002,planner-a,without_lineage,20,Extremely Good\n" +
        "te-001,planner-a,with_lineage,20,Extremely Good\nte-002,planner-b,with_lineage,20,Very Good\n",
    );
    const scores = await cli([
      "plan",
      "agree",
      "--gold",
      path("human-scores.csv"),
      "--judged",
      path("judged.jsonl"),
      "--json",
    ]);
    expect(scores.code).toBe(0);
    const tpa = JSON.parse(scores.out).metrics.find(
      (m: { metric: string }) => m.metric === "tool_prompt_alignment",
    );
    expect(tpa).toMatchObject({ plans: 4, exact: { value: 0.75 } });

    writeJsonl(dir.path, "human-tags.jsonl", [
      {
        query_id: "te-002",
        planner: "planner-b",
        prompt_type: "without_lineage",
        pass: 1,
        step: 2,
        tags: ["INCORRECT TOOL"],
      },
      {
        query_id: "te-002",
        planner: "planner-b",
        prompt_type: "without_lineage",
        pass: 1,
        step: 1,
        tags: ["NO CHANGE"],
      },
      {
        query_id: "te-001",
        planner: "planner-a",
        prompt_type: "without_lineage",
        pass: 1,
        step: 2,
        tags: ["MULTI-TOOL PROMPT"],
      },
    ]);
    const tags = await cli([
      "plan",
      "agree",
      "--gold",
      path("human-tags.jsonl"),
      "--judged",
      path("lineages.jsonl"),
    ]);
    expect(tags.code).toBe(0);
    expect(tags.out).toContain("the paper's Table 25");
    expect(tags.out).toMatch(/^INCORRECT TOOL\s+1\s+1\s+1\s+1\.00\s+1\.00/m);
    expect(tags.out).toMatch(/^MULTI-TOOL PROMPT\s+1\s+0\s+0\s+–\s+0\.00/m);

    writeFileSync(path("human-answers.csv"), "query_id,decision\na1,R2\na2,R3\n");
    const answers = await cli([
      "plan",
      "agree",
      "--gold",
      path("human-answers.csv"),
      "--judged",
      path("answers.jsonl"),
    ]);
    expect(answers.code).toBe(0);
    expect(answers.out).toMatch(/1 queries paired; 0 only in gold; 1 FAILED judgements/);
    expect(answers.out).toContain("Cohen's κ over decisions");
  });

  it("--max-passes lowers the cap, and a cap below 1 is refused before any request", async () => {
    const refine = (passes: string, out: string) =>
      cli([
        "plan",
        "refine",
        "--model",
        "looper",
        "--queries",
        queries,
        "--plans",
        path("plans-planner-a.jsonl"),
        "--ids",
        "te-001",
        "--max-passes",
        passes,
        "--out",
        path(out),
        ...connection(),
      ]);
    const capped = await refine("2", "looped-2.jsonl");
    const [line] = jsonl(path("looped-2.jsonl"));
    expect(line).toMatchObject({ stopped: "max-passes", passes: 2 });
    expect(line.lineage).toHaveLength(1 + 2 * 2);
    expect(capped.code).toBe(0);
    const refused = await refine("0", "looped-0.jsonl");
    expect(refused.code).toBe(2);
    expect(refused.err).toContain("--max-passes");
    expect(existsSync(path("looped-0.jsonl"))).toBe(false);
  });

  it("refines into lineages, stops at the 4-pass cap, and compares before and after the loop", async () => {
    const lineages = jsonl(path("lineages.jsonl"));
    const weak = lineages.find(
      (l) => l.planner === "planner-b" && l.query_id === "te-002" && l.prompt_type === "without_lineage",
    );
    expect(weak).toMatchObject({ status: "done", stopped: "no-change", passes: 2, failures: 0 });
    expect(weak.lineage.map((e: { fixes: string[] }) => e.fixes)).toEqual([[], ["INCORRECT TOOL"]]);
    const [looped] = jsonl(path("looped.jsonl"));
    expect(looped).toMatchObject({ stopped: "max-passes", passes: 4 });
    expect(looped.lineage).toHaveLength(1 + 4 * 2);

    expect(
      (
        await cli([
          "plan",
          "score",
          "--queries",
          queries,
          "--plans",
          path("final.jsonl"),
          "--out",
          path("final-scores.jsonl"),
        ])
      ).code,
    ).toBe(0);
    const table4 = await cli([
      "plan",
      "report",
      "--scores",
      path("final-scores.jsonl"),
      "--before",
      path("scores.jsonl"),
    ]);
    expect(table4.code).toBe(0);
    expect(table4.out).toContain("Before and after the evaluator → optimizer loop");
    expect(table4.out).toMatch(/^Extremely Good\s+\d+\s+[\d%]+\s+\d+/m);
  });

  it("answers a cached re-run from the cache: 0 requests, the same files and exit codes", async () => {
    // answers.jsonl records whether each judgement came from the cache, so only the others must be byte-identical.
    const before = ["plans.jsonl", "judged.jsonl", "one-shot.jsonl", "lineages.jsonl"].map((f) =>
      readFileSync(path(f), "utf8"),
    );
    const decisions = jsonl(path("answers.jsonl")).map((j) => j.decision);
    const again = await pipeline();
    expect(server.requests).toBe(requests);
    expect(again).toEqual(first);
    const after = ["plans.jsonl", "judged.jsonl", "one-shot.jsonl", "lineages.jsonl"].map((f) =>
      readFileSync(path(f), "utf8"),
    );
    expect(after).toEqual(before);
    expect(jsonl(path("answers.jsonl")).map((j) => j.decision)).toEqual(decisions);
  });
});

describe("model flags on every model command", () => {
  it("selects queries with --ids and --limit, and refuses an unknown id before asking", async () => {
    const start = server.requests;
    const ids = await cli([
      "plan",
      "generate",
      "--model",
      "planner-a",
      "--queries",
      queries,
      "--ids",
      "te-002",
      ...connection(),
    ]);
    expect(ids.code).toBe(0);
    expect(
      ids.out
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l).query_id),
    ).toEqual(["te-002", "te-002"]);
    const limit = await cli([
      "plan",
      "generate",
      "--model",
      "planner-a",
      "--queries",
      queries,
      "--limit",
      "1",
      "--prompt-type",
      "without_lineage",
      ...connection(),
    ]);
    expect(limit.out.trim().split("\n")).toHaveLength(1);
    const unknown = await cli([
      "plan",
      "judge",
      "--model",
      "judge",
      "--queries",
      queries,
      "--plans",
      path("plans.jsonl"),
      "--ids",
      "zz",
      ...connection(),
    ]);
    expect(unknown).toMatchObject({ code: 2, err: expect.stringMatching(/--ids: query zz is not in/) });
    const bad = await cli([
      "plan",
      "answers",
      "--model",
      "judge",
      "--responses",
      path("responses.jsonl"),
      "--temperature",
      "hot",
      ...connection(),
    ]);
    expect(bad).toMatchObject({
      code: 2,
      err: expect.stringMatching(/--temperature: expected a number from 0 to 2, got "hot"/),
    });
    const run = await cli(["run", "--thinking", "maybe"]);
    expect(run).toMatchObject({
      code: 2,
      err: expect.stringMatching(/--thinking: expected one of off, on, default, got "maybe"/),
    });
    expect(server.requests - start).toBe(0);
  });

  it("tells a server that refuses chat_template_kwargs to use --thinking default, which then works", async () => {
    const hosted = await startMockServer({
      models: ["planner-a"],
      script: (body) => {
        if (body.chat_template_kwargs !== undefined)
          throw Object.assign(new Error("Unrecognized request argument supplied: chat_template_kwargs"), {
            status: 400,
          });
        return model(body);
      },
    });
    try {
      const args = [
        "plan",
        "generate",
        "--model",
        "planner-a",
        "--queries",
        queries,
        "--base-url",
        hosted.url,
        "--no-cache",
        "--limit",
        "1",
      ];
      const refused = await cli(args);
      expect(refused.code).toBe(2);
      expect(refused.err).toMatch(/run with --thinking default/);
      const fine = await cli([...args, "--thinking", "default"]);
      expect(fine.code).toBe(0);
      expect(hosted.bodies.at(-1)?.chat_template_kwargs).toBeUndefined();
    } finally {
      await hosted.close();
    }
  });

  it("counts a slow judge that times out as a failed request, exit 1, and asks it again on the next run", async () => {
    const slow = await startMockServer({
      models: ["judge"],
      script,
      delayMs: (body) => (body.messages[0]?.content?.includes("Step executability") ? 1500 : 0),
    });
    try {
      const args = [
        "plan",
        "judge",
        "--model",
        "judge",
        "--queries",
        queries,
        "--plans",
        path("plans-planner-a.jsonl"),
        "--base-url",
        slow.url,
        "--cache-dir",
        path("slow-cache"),
        "--retries",
        "0",
        "--timeout",
        "0.5",
        "--ids",
        "te-001",
        "--out",
        path("slow.jsonl"),
        "--force",
      ];
      const result = await cli(args);
      expect(result.code).toBe(1);
      expect(result.err).toMatch(/request-error 2/);
      const sent = slow.requests;
      await cli(args);
      // Only the timed-out prompts are asked again; the answered ones come from the cache.
      expect(slow.requests - sent).toBe(2);
    } finally {
      await slow.close();
    }
  });

  it("uses a prompt file for a role, records its sha256, and refuses a placeholder the role does not receive", async () => {
    writeFileSync(
      path("planner.txt"),
      "# Contact-center query planner\nYou plan. Tools: {TOOL_DESCRIPTIONS}\nFormat: {{ 1: ... }}{EXAMPLES}\n### USER\nThe input query to answer is:\nQuery: {QUERY}\nPlan:",
    );
    const ok = await cli([
      "plan",
      "generate",
      "--model",
      "planner-a",
      "--queries",
      queries,
      "--prompt-type",
      "without_lineage",
      "--limit",
      "1",
      "--prompt-file",
      `planner=${path("planner.txt")}`,
      ...connection(),
    ]);
    expect(ok.code).toBe(0);
    const line = JSON.parse(ok.out.trim());
    expect(line.prompt).toMatchObject({ role: "planner", source: path("planner.txt") });
    const sent = server.bodies.at(-1)?.messages ?? [];
    expect(sent[0]?.content).toContain("Format: { 1: ... }");
    expect(sent[1]?.content).toMatch(/^The input query to answer is:\nQuery: Why do escalated/);
    writeFileSync(path("bad.txt"), "Judge this.\nPlan: {PLAN_TEXT}\n");
    const bad = await cli([
      "plan",
      "judge",
      "--model",
      "judge",
      "--queries",
      queries,
      "--plans",
      path("plans.jsonl"),
      "--one-shot",
      "--prompt-file",
      `one-shot=${path("bad.txt")}`,
      ...connection(),
    ]);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain(
      `${path("bad.txt")}:2: placeholder {PLAN_TEXT} is not one role one-shot receives`,
    );
  });
});

const ENTRY = join(PACKAGE_ROOT, "src/test-support/cli-entry.ts");
function child(args: string[]): {
  process: ChildProcess;
  stderr: () => string;
  exit: Promise<number | null>;
} {
  const proc = spawn(process.execPath, ["--import", "tsx", ENTRY, ...args], {
    cwd: PACKAGE_ROOT,
    env: { ...process.env, NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  proc.stderr?.on("data", (chunk: Buffer) => {
    text += chunk.toString();
  });
  return {
    process: proc,
    stderr: () => text,
    exit: new Promise((resolve) => proc.on("exit", (code) => resolve(code))),
  };
}

describe("an interrupted run", () => {
  it("exits 130 on Ctrl-C, says what was kept, and the same command finishes from the cache", async () => {
    const slow = await startMockServer({ models: ["planner-a"], script, latencyMs: 150 });
    try {
      const args = [
        "plan",
        "generate",
        "--model",
        "planner-a",
        "--queries",
        queries,
        "--base-url",
        slow.url,
        "--cache-dir",
        path("ctrl-c-cache"),
        "--concurrency",
        "1",
        "--out",
        path("ctrl-c.jsonl"),
      ];
      const run = child(args);
      for (let i = 0; i < 3000 && slow.requests < 3; i++) await sleep(10);
      run.process.kill("SIGINT");
      expect(await run.exit).toBe(130);
      expect(run.stderr()).toContain("answers so far are cached: run the same command again to continue");
      expect(existsSync(path("ctrl-c.jsonl"))).toBe(false);
      const asked = slow.requests;
      const again = child(args);
      expect(await again.exit).toBe(0);
      expect(jsonl(path("ctrl-c.jsonl"))).toHaveLength(6);
      // Each prompt is asked once, but for the one in flight at Ctrl-C.
      expect(slow.requests).toBeLessThanOrEqual(6 + 1);
      expect(slow.requests - asked).toBeLessThan(6);

      const uncached = child([...args, "--no-cache", "--force"]);
      for (let i = 0; i < 3000 && slow.requests < asked + 8; i++) await sleep(10);
      uncached.process.kill("SIGINT");
      expect(await uncached.exit).toBe(130);
      expect(uncached.stderr()).toContain("answers were not cached (--no-cache)");
    } finally {
      await slow.close();
    }
  }, 60_000);
});

describe("tooluse plan experiment", () => {
  const config = () => `# the paper's experiment on the scripted server
queries: queries.jsonl
examples: 2
out: experiment
cache_dir: experiment-cache
planners:
  - name: strong
    model: planner-a
    base_url: ${server.url}
    retries: 0
    price: {input_per_million: 1, output_per_million: 2}
  - model: planner-b
    base_url: ${server.url}
    retries: 0
  - model: planner-c
    base_url: ${server.url}
    retries: 0
judges:
  metric_wise: {model: judge, base_url: "${server.url}", retries: 0}
  one_shot: {model: judge, base_url: "${server.url}", retries: 0}
refine: {model: judge, base_url: "${server.url}", retries: 0, max_passes: 4}
answers:
  judge: {model: judge, base_url: "${server.url}", retries: 0}
  responses: responses.jsonl
human_labels:
  scores: human-scores.csv
  tags: human-tags.jsonl
  answers: human-answers.csv
`;

  it("prints the requests and cost per planner on --dry-run and sends nothing", async () => {
    writeFileSync(path("experiment.yaml"), config());
    const start = server.requests;
    const dry = await cli(["plan", "experiment", "--config", path("experiment.yaml"), "--dry-run"]);
    expect(dry.code).toBe(0);
    expect(server.requests).toBe(start);
    expect(dry.out).toMatch(/^planner\s+strong\s+6\s+\d+\s+12288\s+\$0\.0\d$/m);
    expect(dry.out).toMatch(/^planner\s+planner-b\s+6\s+\d+\s+12288\s+no price given$/m);
    expect(dry.out).toMatch(/^metric-wise judge\s+judge\s+126\s/m);
    expect(dry.out).toMatch(/^one-shot judge\s+judge\s+18\s/m);
  });

  it("reproduces the layout of the paper's tables, counts every failure, and re-runs from the cache", async () => {
    const run = await cli(["plan", "experiment", "--config", path("experiment.yaml")]);
    expect(run.code).toBe(1);
    // The terminal report fits a 120-column terminal: wide tables are split, long notes wrapped.
    const lines = run.out.split("\n");
    expect(lines.filter((line) => line.length > 120)).toEqual([]);
    expect(lines.some((line) => line.length > 100)).toBe(true); // the check sees real, wide output
    const report = readFileSync(path("experiment/report.md"), "utf8");
    for (const heading of [
      "## Stages: requests and failures",
      "## Metric-wise scores per planner (metric-wise judge; the paper's tables 2 and 3)",
      "**prompt type: with_lineage**",
      "**prompt type: without_lineage**",
      "## Tier match rates (one-shot judge; the paper's table 1)",
      "## With minus without lineage: overall score (metric-wise judge)",
      "## With minus without lineage: A+ share (points) (one-shot judge)",
      "## By objective vs subjective (one-shot judge, tier rates)",
      "## By simple vs compound (one-shot judge, tier rates)",
      "## By steps in the best plan (one-shot judge, tier rates)",
      "## By hops (metric-wise judge, overall score)",
      "## Before and after the evaluator → optimizer loop (one-shot judge; the paper's table 4)",
      "## Agreement",
    ])
      expect(report).toContain(heading);
    expect(report).toMatch(/\| strong \| 3 \| \d \| [\d.]+ \| 20\.00 \|/);
    expect(report).toMatch(/\| normalised average \|/);
    expect(report).toMatch(
      /\| judge metric-wise \| judge \| 18 \| \d+ \| \d+ \| empty 6, malformed 5 \| 6 contradictions \|/,
    );
    expect(report).toContain("step-evaluator tags vs humans");
    expect(readFileSync(path("experiment/report.html"), "utf8")).toContain(
      "<h2>Tier match rates (one-shot judge; the paper&#39;s table 1)</h2>",
    );
    const manifest = JSON.parse(readFileSync(path("experiment/experiment.json"), "utf8"));
    expect(manifest.prompts.planner.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(manifest.failures).toBe(1 + 5 + 6 + 1);

    const sent = server.requests;
    const again = await cli(["plan", "experiment", "--config", path("experiment.yaml")]);
    expect(again.code).toBe(1);
    expect(server.requests).toBe(sent);
    expect(readFileSync(path("experiment/report.md"), "utf8")).toMatch(
      /\| judge metric-wise \| judge \| 18 \| 0 \| \d+ \|/,
    );
  });

  it("resumes an interrupted experiment from the cache", async () => {
    const slow = await startMockServer({ models: ["planner-a"], script, latencyMs: 150 });
    try {
      writeFileSync(
        path("resume.yaml"),
        `queries: queries.jsonl\nexamples: 2\nout: resumed\ncache_dir: resume-cache\nplanners:\n  - {model: planner-a, base_url: "${slow.url}", concurrency: 1}\n`,
      );
      const first = child(["plan", "experiment", "--config", path("resume.yaml")]);
      for (let i = 0; i < 3000 && slow.requests < 2; i++) await sleep(10);
      first.process.kill("SIGINT");
      expect(await first.exit).toBe(130);
      expect(first.stderr()).toContain("run the same command again to continue");
      expect(existsSync(path("resumed/report.md"))).toBe(false);
      const again = child(["plan", "experiment", "--config", path("resume.yaml")]);
      expect(await again.exit).toBe(0);
      expect(jsonl(path("resumed/plans.jsonl"))).toHaveLength(6);
      expect(slow.requests).toBeLessThanOrEqual(6 + 1);
    } finally {
      await slow.close();
    }
  }, 60_000);

  it("refuses a bad config with file:line: field: what was expected", async () => {
    writeFileSync(
      path("bad.yaml"),
      config().replace(
        "    retries: 0\n  - model: planner-c",
        "    retries: 0\n    decoding: {thinking: maybe}\n  - model: planner-c",
      ),
    );
    const bad = await cli(["plan", "experiment", "--config", path("bad.yaml")]);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(
      new RegExp(
        `${path("bad.yaml").replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:1[0-9]: planners\\[1\\]\\.decoding\\.thinking: `,
      ),
    );
  });
});
