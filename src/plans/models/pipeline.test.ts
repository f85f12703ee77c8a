// The whole planning pipeline through the command functions, against the scripted mock server:
// generate → score → judge (metric-wise and one-shot) → refine → agree, then a cached re-run that sends nothing.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runPlanAgree } from "../../cli/plan-agree.js";
import { runPlanGenerate } from "../../cli/plan-generate.js";
import { runPlanJudge } from "../../cli/plan-judge.js";
import { runPlanRefine } from "../../cli/plan-refine.js";
import { runPlanScore } from "../../cli/plan-score.js";
import { captureIo } from "../../test-support/capture-io.js";
import { type MockServer, startMockServer } from "../../test-support/mock-openai-server.js";
import { tempDir } from "../../test-support/temp.js";
import { parsePlan } from "../parse.js";
import { ratingFromF1 } from "../rating.js";
import { JudgedLineSchema } from "./judge-line.js";
import { ESCALATION_BEST, QA_BEST, queryLines, SENTIMENT_BEST, writeJsonl } from "./test-support/fixtures.js";
import {
  type Asked,
  between,
  candidateIds,
  queryOf,
  scriptedModel,
  stepAnswer,
} from "./test-support/scripted-model.js";

/** The weak plan asks T2S about something only transcripts show. */
const SENTIMENT_WEAK = SENTIMENT_BEST.replace('RAG((1), "How did', 'T2S((1), "How did');
const PLANS: Record<string, string> = {
  "Why do escalated": ESCALATION_BEST,
  "How did customer": SENTIMENT_BEST,
  "What is the average": `Here is the plan:\n\`\`\`\n${QA_BEST}\n\`\`\``,
};

function planner(asked: Asked): string {
  const query = queryOf(asked.user);
  const plan = Object.entries(PLANS).find(([start]) => query.startsWith(start))?.[1] ?? "";
  // Without lineage examples the planner makes the classic mistake on the sentiment query.
  const lineage = asked.system.includes("how plans for a query improve");
  return !lineage && plan === SENTIMENT_BEST ? SENTIMENT_WEAK : plan;
}

const steps = (text: string) => {
  const parsed = parsePlan(text);
  return parsed.ok ? parsed.steps : [];
};
const candidateOf = (asked: Asked) => between(asked.user, "):\n", "\n\nBest plan");

const model = scriptedModel({
  planner,
  metric: (metric, asked) => {
    const candidate = steps(candidateOf(asked));
    if (metric === "query_adherence") return '{"adherence": 1, "reason": "answers it", "score": 15}';
    const wrong = candidate.filter(
      (s) => metric === "tool_prompt_alignment" && s.tool === "T2S" && /during/.test(s.prompt),
    );
    return stepAnswer(
      metric,
      candidateIds(asked.user),
      wrong.map((s) => s.id),
    );
  },
  oneShot: (asked) => {
    const candidate = steps(candidateOf(asked));
    const best = steps(asked.user.split(/Best plan P\* \(\d+ steps?\):\n/)[1] ?? "");
    const key = (s: { tool: string | null; prompt: string }) => `${s.tool} ${s.prompt}`;
    // The paper's rule in miniature: same tool and prompt, and every dependency a step that matched too.
    const matched = new Set<number>();
    const matches = candidate
      .map((s) => {
        const found = best.find((b) => key(b) === key(s) && s.depends_on.every((d) => matched.has(d)));
        if (found) matched.add(s.id);
        return { candidate: s.id, best: found?.id };
      })
      .filter((m): m is { candidate: number; best: number } => m.best !== undefined);
    const precision = (matches.length / candidate.length) * 100;
    const recall = (matches.length / Math.max(1, best.length)) * 100;
    const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
    const rating = ratingFromF1(f1 / 100);
    return JSON.stringify({
      matches,
      parsable: true,
      precision,
      recall,
      f1,
      format: 100,
      dependencies: 100,
      placeholders: 100,
      rating,
      reason: "scripted",
    });
  },
  evaluator: (asked) => {
    const step = between(asked.user, "Step to review:\n", "\n\nSteps it depends on");
    return step.includes('T2S((1), "How did')
      ? '{"tag": "INCORRECT TOOL", "reason": "only transcripts show a shift during a call"}'
      : '{"tag": "NO CHANGE", "reason": "sound"}';
  },
  optimizer: (asked) => {
    const plan = between(asked.user, "Plan:\n", "\n\nFlagged step");
    return `CHANGE 0: gave step 2 to RAG.\nCHANGE 1: none.\nNEW PLAN:\n${plan.replace('T2S((1), "How did', 'RAG((1), "How did')}`;
  },
});

let server: MockServer;
let dir: ReturnType<typeof tempDir>;
const path = (name: string) => join(dir.path, name);
beforeAll(async () => {
  server = await startMockServer({ models: ["planner", "judge"], script: model });
  dir = tempDir();
});
afterAll(async () => {
  await server.close();
  dir.remove();
});

/** Runs the four model-driven commands; returns their exit codes and what each wrote. */
async function runModelCommands() {
  const queries = path("queries.jsonl");
  const shared = { baseUrl: server.url, cacheDir: path("cache"), concurrency: "3" };
  const codes = [
    await runPlanGenerate(
      { ...shared, model: "planner", queries, examples: "2", out: path("plans.jsonl") },
      captureIo(),
    ),
    await runPlanJudge(
      {
        ...shared,
        judgeModel: "judge",
        reference: queries,
        plans: path("plans.jsonl"),
        out: path("judged.jsonl"),
      },
      captureIo(),
    ),
    await runPlanJudge(
      {
        ...shared,
        judgeModel: "judge",
        reference: queries,
        plans: path("plans.jsonl"),
        oneShot: true,
        out: path("one-shot.jsonl"),
      },
      captureIo(),
    ),
    await runPlanRefine(
      { ...shared, model: "planner", queries, plans: path("plans.jsonl"), out: path("lineages.jsonl") },
      captureIo(),
    ),
  ];
  const outputs = ["plans", "judged", "one-shot", "lineages"].map((name) =>
    readFileSync(path(`${name}.jsonl`), "utf8"),
  );
  return { codes, outputs };
}

const lines = (text: string) =>
  text
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));

describe("the planning pipeline", () => {
  let first: Awaited<ReturnType<typeof runModelCommands>>;
  let requests: number;

  it("generates, scores, judges, refines and compares on a handful of queries", async () => {
    writeJsonl(dir.path, "queries.jsonl", queryLines());
    first = await runModelCommands();
    requests = server.requests;
    expect(first.codes).toEqual([0, 0, 0, 0]);

    const plans = lines(first.outputs[0] ?? "");
    expect(plans).toHaveLength(6);
    expect(plans.filter((p) => p.plan === SENTIMENT_WEAK).map((p) => p.prompt_type)).toEqual([
      "without_lineage",
    ]);

    const scoreIo = captureIo();
    expect(
      await runPlanScore(
        { reference: path("queries.jsonl"), plans: path("plans.jsonl"), out: path("scores.jsonl") },
        scoreIo,
      ),
    ).toBe(0);
    const scores = lines(readFileSync(path("scores.jsonl"), "utf8"));
    // The weak plan's step 2 has the wrong tool, so step 3, which depends on it, does not match either.
    expect(scores.map((s) => s.f1)).toEqual([1, 1, 1 / 3, 1, 1, 1]);

    const judged = lines(first.outputs[1] ?? "").map((line) => JudgedLineSchema.parse(line));
    expect(judged.map((j) => j.tool_prompt_alignment)).toEqual([20, 20, 13.33, 20, 20, 20]);
    expect(judged.map((j) => j.total)).toEqual([100, 100, 93.33, 100, 100, 100]);
    expect(judged.every((j) => j.judge.failures.length === 0 && j.judge.contradictions.length === 0)).toBe(
      true,
    );

    const oneShot = lines(first.outputs[2] ?? "").map((line) => JudgedLineSchema.parse(line));
    expect(oneShot.map((j) => j.rating)).toEqual(scores.map((s) => s.rating));

    const lineages = lines(first.outputs[3] ?? "");
    const weak = lineages.find((l) => l.query_id === "te-002" && l.prompt_type === "without_lineage");
    expect(weak).toMatchObject({ status: "done", stopped: "no-change", passes: 2, verified: false });
    expect(weak.lineage.map((e: { fixes: string[] }) => e.fixes)).toEqual([[], ["INCORRECT TOOL"]]);
    expect(weak.lineage[1].plan.steps[1].tool).toBe("RAG");
    expect(lineages.filter((l) => l !== weak).every((l) => l.lineage.length === 1)).toBe(true);

    const agreeIo = captureIo();
    expect(
      await runPlanAgree({ gold: path("scores.jsonl"), judged: path("judged.jsonl"), json: true }, agreeIo),
    ).toBe(0);
    const agreement = JSON.parse(agreeIo.out);
    const format = agreement.metrics.find((m: { metric: string }) => m.metric === "format");
    expect(format).toMatchObject({ plans: 6, exact: { value: 1 } });
  });

  it("sends no request on a re-run with the cache, and writes the same files", async () => {
    const again = await runModelCommands();
    expect(server.requests).toBe(requests);
    expect(again).toEqual(first);
  });
});
