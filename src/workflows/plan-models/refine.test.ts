import { afterEach, describe, expect, it } from "vitest";
import { type MockServer, startMockServer } from "../../mock-server/openai-server.js";
import { type Asked, between, type Handlers, scriptedModel } from "../../mock-server/plan-prompts.js";
import { REFUND_BEST_PLAN, REFUND_INITIAL_PLAN, REFUND_QUERY } from "../../plans/paper-examples.js";
import { renderPlan } from "../../plans/render.js";
import { openSession } from "../../runner/session.js";
import { type RefineOptions, refinePlans } from "./refine.js";
import { readOptimizerAnswer } from "./refine-prompts.js";
import { canonical, REFUND_MIDDLE_PLAN } from "./test-support/fixtures.js";

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The step under review, as the evaluator's prompt names it. */
const stepOf = (asked: Asked) => Number(/Step to review \((\d+)\)/.exec(asked.user)?.[1]);
const tag = (asked: Asked, name: string, reason = "scripted") =>
  JSON.stringify({ step: stepOf(asked), findings: [{ reason, tag: name }] });
const planShown = (asked: Asked) => between(asked.user, "Plan:\n", "\n\nFlagged step:");
const reviewed = (asked: Asked) => between(asked.user, "):\n", "\n\nSteps it depends on:");
const answer = (plan: string) => `CHANGE 0: fixed it.\nCHANGE 1: none.\nNEW PLAN:\n${plan}`;

async function refine(handlers: Handlers, options: RefineOptions = {}, plan = REFUND_INITIAL_PLAN) {
  server = await startMockServer({ models: ["m"], script: scriptedModel(handlers) });
  const session = await openSession({ model: "m", baseUrl: server.url, cache: false });
  const record = { query_id: "q1", planner: "p", prompt_type: "with_lineage", plan };
  const [line] = await refinePlans(session, [{ record, query: REFUND_QUERY }], options);
  if (!line) throw new Error("no line");
  return line;
}

/** The worked example: fix the population, then add the T2S half of the pair; the rest is already right. */
const workedExample: Handlers = {
  evaluator: (asked) => {
    const step = reviewed(asked);
    if (step.includes("interaction_ids of interactions"))
      return tag(asked, "INCORRECT PROMPT", "the query asks for calls");
    if (step.includes("most unhappy")) return tag(asked, "MULTI-TOOL PROMPT", "T2S has call drivers too");
    return tag(asked, "NO CHANGE");
  },
  optimizer: (asked) => {
    const plan = planShown(asked);
    if (asked.user.includes(": INCORRECT PROMPT"))
      return answer(plan.replace("interaction_ids of interactions", "call_ids of calls"));
    return answer(plan.includes('T2S((1), "What are customers') ? plan : REFUND_BEST_PLAN);
  },
};

describe("the lineage loop", () => {
  it("reproduces the worked example and stops after a pass with no change", async () => {
    const line = await refine(workedExample);
    expect(line).toMatchObject({ status: "done", stopped: "no-change", passes: 2, verified: false });
    expect(line.lineage).toEqual([
      { plan: canonical(REFUND_INITIAL_PLAN), fixes: [] },
      { plan: canonical(REFUND_MIDDLE_PLAN), fixes: ["INCORRECT PROMPT"] },
      { plan: canonical(REFUND_BEST_PLAN), fixes: ["MULTI-TOOL PROMPT"] },
    ]);
    // Pass 1: step 1 fixed; step 2 grew the plan, so index 1 is visited again (now unchanged); steps 3 and 4.
    expect(line.events.filter((e) => e.pass === 1).map((e) => [e.step, e.outcome])).toEqual([
      [1, "applied"],
      [2, "applied"],
      [2, "unchanged"],
      [3, "unchanged"],
      [4, "no-change"],
    ]);
    expect(line.events[0]).toMatchObject({
      tags: ["INCORRECT PROMPT"],
      reasons: ["the query asks for calls"],
      change0: "fixed it.",
      change1: "none.",
    });
    expect(line.failures).toBe(0);
    expect(line.prompts["step-evaluator"]?.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("shows the evaluator the step and its dependencies but never the query", async () => {
    await refine(workedExample);
    const evaluations = (server?.bodies ?? []).filter((b) =>
      b.messages[0]?.content?.startsWith("# Step evaluator"),
    );
    for (const body of evaluations) {
      expect(JSON.stringify(body.messages)).not.toContain("30 minutes?");
      expect(body.messages[1]?.content).toMatch(/^Step to review \(\d+\):\n\{\n {2}\d+: /);
    }
    const optimizations = (server?.bodies ?? []).filter((b) =>
      b.messages[0]?.content?.startsWith("# Plan optimizer"),
    );
    expect(optimizations[0]?.messages[1]?.content).toContain(`Query: ${REFUND_QUERY}`);
  });

  it("stops at the pass limit when every visit changes the plan", async () => {
    let version = 0;
    const line = await refine(
      {
        evaluator: (asked) => tag(asked, "INCORRECT PROMPT"),
        optimizer: (asked) =>
          answer(planShown(asked).replace(/minutes\.( v\d+)?"/, `minutes. v${++version}"`)),
      },
      { maxPasses: 2 },
    );
    expect(line).toMatchObject({ stopped: "max-passes", passes: 2 });
    expect(line.lineage).toHaveLength(1 + 2 * 2);
    expect(server?.requests).toBe(2 * 2 * 2);
  });

  it("never appends a plan that differs only in how it is written", async () => {
    const line = await refine({
      evaluator: (asked) => tag(asked, "COMPLEX PROMPT"),
      // The same plan, re-rendered, fenced and with prose: its canonical form is unchanged.
      optimizer: (asked) =>
        `CHANGE 0: nothing.\nCHANGE 1: none.\nNEW PLAN:\n\`\`\`\n${renderPlan(canonical(planShown(asked)))}\n\`\`\``,
    });
    expect(line.lineage).toHaveLength(1);
    expect(line.events.map((e) => e.outcome)).toEqual(["unchanged", "unchanged"]);
    expect(line).toMatchObject({ stopped: "no-change", passes: 1 });
  });

  it("never reports an unparseable optimizer answer as convergence: the lineage is incomplete", async () => {
    const line = await refine({
      evaluator: (asked) => tag(asked, "INCORRECT TOOL"),
      optimizer: () => "Sorry, I cannot revise this plan.",
    });
    expect(line.lineage).toHaveLength(1);
    expect(line.events[0]).toMatchObject({ outcome: "unparseable", message: "no plan found in the text" });
    expect(line).toMatchObject({ status: "incomplete", stopped: "failures", failures: 2 });
  });

  it("repairs a malformed evaluator answer once, then counts it as a failure, not as no change", async () => {
    const line = await refine({
      evaluator: (asked) =>
        asked.repair || reviewed(asked).includes("RAG") ? "Looks fine to me." : tag(asked, "NO CHANGE"),
    });
    expect(line.events.map((e) => e.outcome)).toEqual(["no-change", "evaluator-failed"]);
    expect(line).toMatchObject({ status: "incomplete", stopped: "failures", failures: 1 });
    expect(server?.requests).toBe(1 + 2);
  });

  it("takes several tags for one step, passes them all to the optimizer and records them as the fixes", async () => {
    const line = await refine({
      evaluator: (asked) =>
        reviewed(asked).includes("interaction_ids")
          ? JSON.stringify({
              step: 1,
              findings: [
                { reason: "calls are meant", tag: "INCORRECT PROMPT" },
                { reason: "RAG could filter too", tag: "MULTI-TOOL PROMPT" },
              ],
            })
          : tag(asked, "NO CHANGE"),
      optimizer: (asked) => {
        expect(asked.user).toContain(
          "- calls are meant: INCORRECT PROMPT\n- RAG could filter too: MULTI-TOOL PROMPT",
        );
        return answer(planShown(asked).replace("interaction_ids of interactions", "call_ids of calls"));
      },
    });
    expect(line.lineage[1]?.fixes).toEqual(["INCORRECT PROMPT", "MULTI-TOOL PROMPT"]);
  });

  it("reads the paper's text layout of the evaluator, one '<reason>: <TAG>' line per finding", async () => {
    const line = await refine({
      evaluator: (asked) =>
        reviewed(asked).includes("interaction_ids")
          ? "Step: 1\n1. The query asks for calls, the step filters interactions: INCORRECT PROMPT"
          : `Step: ${stepOf(asked)}\n1. Nothing is wrong in this step: NO CHANGE`,
      optimizer: (asked) =>
        answer(planShown(asked).replace("interaction_ids of interactions", "call_ids of calls")),
    });
    expect(line.lineage.map((entry) => entry.fixes)).toEqual([[], ["INCORRECT PROMPT"]]);
    expect(line.status).toBe("done");
  });

  it("refuses NO CHANGE beside another tag (repair, then failure)", async () => {
    const line = await refine({
      evaluator: (asked) =>
        JSON.stringify({
          step: stepOf(asked),
          findings: [
            { reason: "x", tag: "NO CHANGE" },
            { reason: "y", tag: "COMPLEX PROMPT" },
          ],
        }),
    });
    expect(line.events[0]).toMatchObject({
      outcome: "evaluator-failed",
      message: expect.stringContaining("NO CHANGE stands alone"),
    });
    expect(line.status).toBe("incomplete");
  });

  it("stops a loop whose request failed and says so", async () => {
    server = await startMockServer({ models: ["m"], script: () => ({ content: "" }), fault: () => "500" });
    const session = await openSession({ model: "m", baseUrl: server.url, cache: false, retries: 0 });
    const record = { query_id: "q1", planner: "p", prompt_type: "x", plan: REFUND_INITIAL_PLAN };
    const [line] = await refinePlans(session, [{ record, query: REFUND_QUERY }]);
    expect(line).toMatchObject({ status: "error", stopped: null, lineage: [{ fixes: [] }] });
  });

  it("marks a starting plan it cannot read as unusable without asking", async () => {
    const line = await refine({}, {}, "no plan");
    expect(line).toMatchObject({ status: "unusable", error: "no plan found in the text", lineage: [] });
    expect(server?.requests).toBe(0);
  });
});

describe("readOptimizerAnswer", () => {
  it("reads the two change notes and the plan after the marker, not a plan-like note before it", () => {
    const text = `CHANGE 0: replaced {1: T2S} with the new plan text.\nCHANGE 1: "none"\nNEW PLAN:\n${REFUND_BEST_PLAN}`;
    const reading = readOptimizerAnswer(text);
    expect(reading).toMatchObject({
      ok: true,
      change0: "replaced {1: T2S} with the new plan text.",
      change1: "none",
    });
    if (reading.ok) expect(reading.plan).toEqual(canonical(REFUND_BEST_PLAN));
  });

  it("refuses a plan with an unknown tool", () => {
    const reading = readOptimizerAnswer('NEW PLAN: {1: {"step": SQL([], "x"), "depends_on": []}}');
    expect(reading).toMatchObject({ ok: false, message: "step 1 has no known tool" });
  });
});
