import { afterEach, describe, expect, it } from "vitest";
import { type MockServer, startMockServer } from "../../mock-server/openai-server.js";
import { candidateIds, scriptedModel, stepAnswer } from "../../mock-server/plan-prompts.js";
import { REFUND_BEST_PLAN, REFUND_INITIAL_PLAN, REFUND_QUERY } from "../../plans/paper-examples.js";
import { openSession } from "../../runner/session.js";
import { judgePlans } from "./judge.js";
import { judgeReport } from "./judge-report.js";
import { formatJudgeReport } from "./report-text.js";
import { canonical } from "./test-support/fixtures.js";

let server: MockServer;
afterEach(async () => server.close());

const reference = canonical(REFUND_BEST_PLAN);
const inputs = [REFUND_INITIAL_PLAN, REFUND_BEST_PLAN, "no plan here"].map((plan, i) => ({
  record: { query_id: "q1", planner: i === 0 ? "weak" : "strong", prompt_type: "without_lineage", plan },
  query: REFUND_QUERY,
  reference,
}));

describe("judgeReport", () => {
  it("measures judge–code agreement per metric and counts failures and contradictions", async () => {
    // A lenient judge: full marks everywhere, and a wrong sum on the best plan's redundancy.
    server = await startMockServer({
      models: ["judge"],
      script: scriptedModel({
        metric: (metric, asked) => {
          const ids = candidateIds(asked.user);
          if (metric === "query_adherence") return '{"rationale": "ok", "adherence": 1}';
          if (metric === "redundancy" && ids.length === 4)
            return JSON.stringify({
              rationale: "x",
              violations: [{ step: 3, reason: "x" }],
              total_steps: 4,
              steps_without_violation: 4,
            });
          return stepAnswer(metric, ids);
        },
      }),
    });
    const session = await openSession({ model: "judge", baseUrl: server.url, cache: false });
    const report = judgeReport(await judgePlans(session, inputs, { mode: "metric-wise" }));
    expect(report).toMatchObject({
      judge_model: "judge",
      mode: "metric-wise",
      plans: 3,
      skipped: 1,
      failures: { total: 0, by_code: {} },
      contradictions: { total: 1, by_code: { "redundancy:count-arithmetic": 1 } },
    });
    const agreement = Object.fromEntries(report.agreement.map((a) => [a.metric, a]));
    // The skipped plan has no judged value, so two plans are compared per metric.
    expect(agreement.tool_usage_completeness).toEqual({
      metric: "tool_usage_completeness",
      n: 2,
      exact: 0.5,
      mean_abs_diff: 2.5,
      partial: false,
    });
    expect(agreement.format).toMatchObject({ n: 2, exact: 1, mean_abs_diff: 0 });
    expect(agreement.redundancy).toMatchObject({ partial: true });
    expect(report.groups.map((g) => [g.planner, g.plans, g.means.total])).toEqual([
      ["strong", 2, 50],
      ["weak", 1, 100],
    ]);
    const text = formatJudgeReport(report);
    expect(text).toContain("contradictions 1 (redundancy:count-arithmetic 1)");
    expect(text).toMatch(/tool_usage_completeness\s+2\s+50%\s+2\.50/);
  });
});
