import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type MockServer, startMockServer } from "../../mock-server/openai-server.js";
import { queryOf, scriptedModel } from "../../mock-server/plan-prompts.js";
import { QueryRecordSchema } from "../../plans/query-records.js";
import { DEFAULT_TOOL_DESCRIPTIONS } from "../../plans/tool-descriptions.js";
import { openSession } from "../../runner/session.js";
import { tempDir } from "../../test-support/temp.js";
import { generatePlans } from "./generate.js";
import { explainPlan, plannerPrompt, selectExamples } from "./generate-prompt.js";
import { canonical, ESCALATION_BEST, queryLines } from "./test-support/fixtures.js";

const records = queryLines().map((line) => QueryRecordSchema.parse(line));
const tools = DEFAULT_TOOL_DESCRIPTIONS;

describe("the planner prompt", () => {
  it("states the role, the three tools, the format and the rules, and puts the query in the user message", () => {
    const examples = selectExamples(records, "without_lineage", 0, "q.jsonl");
    const [system, user] = plannerPrompt({ query_id: "te-001", query: "Q?" }, examples, 0, tools);
    for (const part of [
      "T2S(ids, prompt)",
      "RAG(ids, prompt)",
      "LLM(prompt)",
      "refund",
      "escalation",
      "empathy",
    ])
      expect(system?.content).toContain(part);
    expect(system?.content).toMatch(/names only earlier steps/);
    expect(system?.content).toMatch(/never form a cycle/);
    expect(system?.content).toMatch(/Return only the plan/);
    expect(system?.content).not.toContain("## Examples");
    expect(user).toEqual({ role: "user", content: "Query: Q?\nPlan:" });
  });

  it("without lineage shows the first train queries by id with their best plans and a reason", () => {
    const examples = selectExamples(records, "without_lineage", 1, "q.jsonl");
    const system = plannerPrompt({ query_id: "te-001", query: "Q?" }, examples, 1, tools)[0]?.content ?? "";
    expect(system).toContain("Example 1\nQuery: What are customers most unhappy about");
    expect(system).not.toContain("Example 2");
    expect(system).toContain("Why this plan: Step 1 selects from the structured store (T2S)");
    expect(system).toContain("steps 2 and 3 ask one question of both data tools");
  });

  it("never shows a query as its own example", () => {
    const examples = selectExamples(records, "without_lineage", 1, "q.jsonl");
    const system = plannerPrompt({ query_id: "tr-001", query: "Q?" }, examples, 1, tools)[0]?.content ?? "";
    expect(system).toContain("Example 1\nQuery: What patterns of customer sentiment");
  });

  it("with lineage shows each plan of a lineage with the fixes that produced it", () => {
    const examples = selectExamples(records, "with_lineage", 2, "q.jsonl");
    const system = plannerPrompt({ query_id: "te-001", query: "Q?" }, examples, 2, tools)[0]?.content ?? "";
    expect(system).toContain("Plan 1 (first attempt):");
    expect(system).toContain("Plan 2 (after fixing: INCORRECT PROMPT):");
    expect(system).toContain("Plan 3 (after fixing: MULTI-TOOL PROMPT, the best plan):");
    expect(system).toContain("Plan 2 (after fixing: missing dual-tool step, the best plan):");
    expect(system).toContain("- MULTI-TOOL PROMPT:");
    expect(system).not.toContain("- COMPLEX PROMPT:");
    expect(system).toMatch(/Learn from them the mistakes/);
    expect(system).toMatch(/The last plan of your answer is the one that counts/);
  });

  it("refuses lineage examples when no train query has one", () => {
    const testOnly = records.filter((r) => r.split === "test");
    expect(() => selectExamples(testOnly, "with_lineage", 2, "q.jsonl")).toThrow(
      /no train query with a lineage/,
    );
    expect(selectExamples(testOnly, "with_lineage", 0, "q.jsonl").items).toEqual([]);
  });

  it("explains a plan deterministically", () => {
    expect(explainPlan(canonical(ESCALATION_BEST))).toBe(
      "Step 1 selects from the structured store (T2S); step 2 reads transcripts (RAG) of the interactions of step 1; the last step's output answers the query.",
    );
  });
});

describe("generatePlans", () => {
  let server: MockServer;
  let cache: ReturnType<typeof tempDir>;
  beforeEach(() => {
    cache = tempDir();
  });
  afterEach(async () => {
    await server.close();
    cache.remove();
  });

  it("asks one prompt per test query and prompt type and records the raw output", async () => {
    server = await startMockServer({
      models: ["planner"],
      script: scriptedModel({ planner: (asked) => `plan for ${queryOf(asked.user)}` }),
    });
    const session = await openSession({ model: "planner", baseUrl: server.url, cacheDir: cache.path });
    const options = {
      split: "test",
      promptTypes: ["without_lineage", "with_lineage"] as const,
      examples: 2,
      file: "q",
    };
    const result = await generatePlans(session, records, options);
    expect(server.requests).toBe(6);
    expect(result.failures).toEqual([]);
    expect(result.lines.map((l) => [l.query_id, l.prompt_type])).toEqual([
      ["te-001", "without_lineage"],
      ["te-001", "with_lineage"],
      ["te-002", "without_lineage"],
      ["te-002", "with_lineage"],
      ["te-003", "without_lineage"],
      ["te-003", "with_lineage"],
    ]);
    expect(Object.keys(result.lines[0] ?? {})).toEqual([
      "query_id",
      "planner",
      "prompt_type",
      "plan",
      "prompt",
    ]);
    expect(result.lines[0]).toMatchObject({
      planner: "planner",
      plan: expect.stringMatching(/^plan for Why do/),
    });
  });

  it("leaves a failed request out of the plans and reports it", async () => {
    server = await startMockServer({
      models: ["planner"],
      script: scriptedModel({ planner: () => "{}" }),
      fault: (_n, body) => (body.messages[1]?.content?.includes("QA score") ? "500" : null),
    });
    const session = await openSession({ model: "planner", baseUrl: server.url, cache: false, retries: 0 });
    const result = await generatePlans(session, records, {
      split: "test",
      promptTypes: ["without_lineage"],
      examples: 1,
      file: "q",
    });
    expect(result.lines.map((l) => l.query_id)).toEqual(["te-001", "te-002"]);
    expect(result.failures).toMatchObject([{ query_id: "te-003", prompt_type: "without_lineage" }]);
  });

  it("refuses a split no query has", async () => {
    server = await startMockServer({ models: ["planner"], script: () => ({ content: "" }) });
    const session = await openSession({ model: "planner", baseUrl: server.url, cache: false });
    const options = { split: "dev", promptTypes: ["without_lineage"] as const, examples: 0, file: "q.jsonl" };
    await expect(generatePlans(session, records, options)).rejects.toThrow(
      '--split dev: no query in q.jsonl has split "dev"',
    );
    expect(server.requests).toBe(0);
  });
});
