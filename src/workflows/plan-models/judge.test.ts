import { afterEach, describe, expect, it } from "vitest";
import { type MockServer, startMockServer } from "../../mock-server/openai-server.js";
import {
  type Asked,
  candidateIds,
  type Handlers,
  oneShotAnswer,
  scriptedModel,
  stepAnswer,
} from "../../mock-server/plan-prompts.js";
import type { JudgeMetric } from "../../plans/judge-metrics.js";
import { REFUND_BEST_PLAN, REFUND_INITIAL_PLAN, REFUND_QUERY } from "../../plans/paper-examples.js";
import { PLAN_POINTS } from "../../plans/points.js";
import { openSession } from "../../runner/session.js";
import { type JudgeOptions, judgePlans } from "./judge.js";
import { JudgedLineSchema } from "./judge-line.js";
import { judgeReport } from "./judge-report.js";
import { canonical } from "./test-support/fixtures.js";

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const reference = canonical(REFUND_BEST_PLAN);
const input = (plan: string = REFUND_INITIAL_PLAN) => ({
  record: { query_id: "q1", planner: "p", prompt_type: "without_lineage", plan },
  query: REFUND_QUERY,
  reference,
});

/** A judge that agrees with the code: only the tool-usage pair's lone half (step 2) violates. */
function fairMetric(metric: JudgeMetric, asked: Asked): string {
  if (metric === "query_adherence")
    return JSON.stringify({ rationale: "ids of interactions where calls are meant", adherence: 0.5 });
  return stepAnswer(metric, candidateIds(asked.user), metric === "tool_usage_completeness" ? [2] : []);
}

async function judge(handlers: Handlers, options: JudgeOptions, plan?: string) {
  server = await startMockServer({ models: ["judge"], script: scriptedModel(handlers) });
  const session = await openSession({ model: "judge", baseUrl: server.url, cache: false });
  const [line] = await judgePlans(session, [input(plan)], options);
  if (!line) throw new Error("no line");
  JudgedLineSchema.parse(line);
  return line;
}

const metricWise: JudgeOptions = { mode: "metric-wise" };

describe("the metric-wise judge", () => {
  it("asks one prompt per metric and combines the seven with the weights", async () => {
    const line = await judge({ metric: fairMetric }, metricWise);
    expect(server?.requests).toBe(7);
    expect(line).toMatchObject({
      format: PLAN_POINTS.format,
      tool_prompt_alignment: PLAN_POINTS.tool_prompt_alignment,
      step_executability: PLAN_POINTS.step_executability,
      query_adherence: PLAN_POINTS.query_adherence / 2,
      dependencies: PLAN_POINTS.dependencies,
      redundancy: PLAN_POINTS.redundancy,
      tool_usage_completeness: PLAN_POINTS.tool_usage_completeness / 2,
      subtotal: 60,
      total: 87.5,
    });
    expect(line.judge.failures).toEqual([]);
    expect(line.judge.contradictions).toEqual([]);
    expect(line.judge.deterministic).toEqual({
      format: PLAN_POINTS.format,
      dependencies: PLAN_POINTS.dependencies,
      redundancy: PLAN_POINTS.redundancy,
      tool_usage_completeness: PLAN_POINTS.tool_usage_completeness / 2,
      step_executability: PLAN_POINTS.step_executability,
    });
    expect(line.judge.answers.tool_usage_completeness?.value).toMatchObject({
      violations: [{ step: 2 }],
      total_steps: 2,
      steps_without_violation: 1,
      layout: "json",
    });
    expect(Object.keys(line.judge.prompts)).toHaveLength(7);
    expect(line.judge.prompts["judge-format"]).toMatchObject({
      source: "built-in",
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it("shows the query, the candidate as written and the best plan in every metric prompt", async () => {
    await judge({ metric: fairMetric }, metricWise);
    for (const body of server?.bodies ?? []) {
      const user = body.messages[1]?.content ?? "";
      expect(user).toContain(`Query: ${REFUND_QUERY}`);
      expect(user).toContain(`Candidate plan (2 steps: 1, 2):\n${REFUND_INITIAL_PLAN}`);
      expect(user).toContain('Best plan:\n{\n  1: {"step": T2S([], "Fetch call_ids');
    }
  });

  it("repairs a malformed answer once and uses the repaired one", async () => {
    const line = await judge(
      {
        metric: (metric, asked) =>
          metric === "format" && !asked.repair
            ? "The format is fine: 20 out of 20."
            : fairMetric(metric, asked),
      },
      metricWise,
    );
    expect(server?.requests).toBe(8);
    const repair = server?.bodies.find((b) => b.messages.length > 2);
    expect(repair?.messages.at(-1)?.content).toMatch(/cannot be used: no JSON object in the answer/);
    expect(line.judge.answers.format).toMatchObject({
      status: "ok",
      raw: ["The format is fine: 20 out of 20.", expect.any(String)],
    });
    expect(line.format).toBe(PLAN_POINTS.format);
    expect(line.judge.failures).toEqual([]);
  });

  it("records a failure, never a score, when the repaired answer is still malformed", async () => {
    const line = await judge(
      {
        metric: (metric, asked) =>
          metric === "tool_prompt_alignment" ? '{"score": "twenty"}' : fairMetric(metric, asked),
      },
      metricWise,
    );
    expect(server?.requests).toBe(8);
    expect(line.tool_prompt_alignment).toBeNull();
    expect(line.total).toBeNull();
    expect(line.judge.sources.tool_prompt_alignment).toBe("judge");
    expect(line.judge.failures).toEqual([
      { metric: "tool_prompt_alignment", code: "malformed", message: expect.stringContaining("rationale") },
    ]);
    expect(line.judge.answers.tool_prompt_alignment).toMatchObject({ status: "failed", value: null });
  });

  it("catches counts out of range and violations on steps the plan lacks", async () => {
    const line = await judge(
      {
        metric: (metric, asked) => {
          if (metric === "format")
            return JSON.stringify({
              rationale: "?",
              violations: [],
              total_steps: 5,
              steps_without_violation: 5,
            });
          if (metric === "redundancy")
            return JSON.stringify({
              rationale: "?",
              violations: [{ step: 9, reason: "?" }],
              total_steps: 2,
              steps_without_violation: 1,
            });
          if (metric === "query_adherence") return JSON.stringify({ rationale: "?", adherence: 0.7 });
          return fairMetric(metric, asked);
        },
      },
      metricWise,
    );
    expect(server?.requests).toBe(10);
    expect(line.judge.failures).toEqual([
      {
        metric: "format",
        code: "out-of-range",
        message: "steps_without_violation 5 is not a whole number from 0 to 2 (the plan has 2 steps)",
      },
      { metric: "query_adherence", code: "out-of-range", message: "adherence 0.7 is not 0, 0.5 or 1" },
      { metric: "redundancy", code: "out-of-range", message: expect.stringContaining("step 9") },
    ]);
    expect([line.format, line.query_adherence, line.redundancy]).toEqual([null, null, null]);
  });

  it("scales the judge's count to points and records a count that contradicts its own list", async () => {
    const line = await judge(
      {
        metric: (metric, asked) => {
          if (metric === "dependencies")
            return JSON.stringify({
              rationale: "x",
              violations: [{ step: 1, reason: "x" }],
              total_steps: 3,
              steps_without_violation: 2,
            });
          return fairMetric(metric, asked);
        },
      },
      metricWise,
    );
    expect(line.judge.contradictions).toEqual([
      {
        metric: "dependencies",
        code: "step-count",
        stated: 3,
        expected: 2,
        message: "total_steps 3 but the plan has 2 steps",
      },
      {
        metric: "dependencies",
        code: "count-arithmetic",
        stated: 2,
        expected: 1,
        message: "steps_without_violation 2 but 1 of 2 steps are listed as violating",
      },
    ]);
    // The count is the answer (as in the paper): 2 of 2 steps without a violation → full points.
    expect(line.dependencies).toBe(PLAN_POINTS.dependencies);
  });

  it("reads the paper's own layout, <explanation> | <count> |, and marks it", async () => {
    const line = await judge(
      {
        metric: (metric, asked) =>
          metric === "redundancy"
            ? "Step 2 repeats nothing and every step reaches the last. | 1 |"
            : fairMetric(metric, asked),
      },
      metricWise,
    );
    expect(server?.requests).toBe(7);
    expect(line.redundancy).toBe(PLAN_POINTS.redundancy / 2);
    expect(line.judge.answers.redundancy?.value).toMatchObject({
      layout: "paper",
      steps_without_violation: 1,
    });
  });

  it("records an empty answer as its own failure", async () => {
    const line = await judge(
      { metric: (metric, asked) => (metric === "format" ? "   " : fairMetric(metric, asked)) },
      metricWise,
    );
    expect(line.judge.failures).toEqual([
      { metric: "format", code: "empty", message: "the judge answered nothing" },
    ]);
    expect(line.format).toBeNull();
  });

  it("asks only the chosen metrics and takes the others from code", async () => {
    const line = await judge(
      { metric: fairMetric },
      { mode: "metric-wise", metrics: ["tool_prompt_alignment", "query_adherence"] },
    );
    expect(server?.requests).toBe(2);
    expect(line.judge.sources).toMatchObject({
      format: "code",
      tool_prompt_alignment: "judge",
      query_adherence: "judge",
    });
    expect(line.total).toBe(87.5);
  });

  it("puts no judge to a plan with no readable step", async () => {
    const line = await judge({ metric: fairMetric }, metricWise, "I cannot plan this.");
    expect(server?.requests).toBe(0);
    expect(line.judge.skipped).toBe("no plan found in the text");
    expect(line.total).toBe(0);
  });
});

const oneShot = (answer: Record<string, unknown>) => ({
  oneShot: () =>
    oneShotAnswer({
      matches: [
        { candidate: 1, best: 1 },
        { candidate: 2, best: 2 },
      ],
      precision: 100,
      recall: 50,
      f1_score: 66.67,
      rating: "Acceptable",
      ...answer,
    }),
});

describe("the one-shot judge", () => {
  it("fills precision, recall, F1 and the rating, with the code's values beside", async () => {
    // Step 1 fetching calls, as the best plan does: by the matching rule both initial steps are then present.
    const callsPlan = REFUND_INITIAL_PLAN.replace("interaction_ids of interactions", "call_ids of calls");
    const line = await judge(oneShot({}), { mode: "one-shot" }, callsPlan);
    expect(server?.requests).toBe(1);
    expect(line).toMatchObject({ precision: 1, recall: 0.5, f1: 0.6667, rating: "Acceptable", tier: "B" });
    expect(line.judge.contradictions).toEqual([]);
    expect(line.judge.deterministic).toEqual({
      precision: 100,
      recall: 50,
      f1: 66.67,
      rating: "Acceptable",
      format: 100,
      dependencies: 100,
      placeholders: 100,
    });
    expect(Object.keys(line.judge.prompts)).toEqual(["one-shot"]);
  });

  it("allows a rating away from the F1 guide (a judgement), and the report counts it", async () => {
    const line = await judge(oneShot({ rating: "Very Good" }), { mode: "one-shot" });
    expect(line.rating).toBe("Very Good");
    expect(line.judge.contradictions).toEqual([]);
    expect(judgeReport([line]).rating_departures).toEqual({ count: 1, rated: 1 });
  });

  it("flags precision, recall and F1 that do not follow from its own matches", async () => {
    const line = await judge(oneShot({ precision: 80, recall: 80, f1_score: 50, rating: "Bad" }), {
      mode: "one-shot",
    });
    expect(line.judge.contradictions.map((c) => c.code)).toEqual(["precision", "recall", "f1"]);
  });

  it("flags a rating above Extremely Bad for a plan the judge calls not valid JSON", async () => {
    const line = await judge(oneShot({ valid_json: false }), { mode: "one-shot" });
    expect(line.judge.contradictions).toMatchObject([{ code: "rating", expected: "Extremely Bad" }]);
  });

  it("reads the paper's answer (no match list) and checks only what it states", async () => {
    const paper = JSON.stringify({
      rationale: { precision: "both steps are in P*", rating: "close" },
      score: {
        precision: 100,
        recall: 50,
        f1_score: 66.67,
        format_correctness: 100,
        dependencies: 100,
        placeholders: 100,
        rating: "Acceptable",
      },
    });
    const line = await judge({ oneShot: () => paper }, { mode: "one-shot" });
    expect(line.rating).toBe("Acceptable");
    expect(line.judge.failures).toEqual([]);
    expect(line.judge.contradictions).toEqual([]);
  });

  it("repairs, then records a failure with no rating, for matches naming missing steps", async () => {
    const line = await judge(oneShot({ matches: [{ candidate: 7, best: 1 }] }), { mode: "one-shot" });
    expect(server?.requests).toBe(2);
    expect(line.judge.failures).toEqual([
      {
        metric: "one_shot",
        code: "out-of-range",
        message: "matches name candidate step 7, which P does not have",
      },
    ]);
    expect([line.precision, line.recall, line.f1, line.rating, line.tier]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});
