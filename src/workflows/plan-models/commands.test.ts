// Flag validation and exit codes of the three model-driven plan commands (src/cli/plan-{generate,judge,refine}.ts).
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Io } from "../../cli/io.js";
import { runPlanGenerate } from "../../cli/plan-generate.js";
import { runPlanJudge } from "../../cli/plan-judge.js";
import { runPlanRefine } from "../../cli/plan-refine.js";
import { type MockServer, startMockServer } from "../../mock-server/openai-server.js";
import { REFUND_INITIAL_PLAN } from "../../plans/paper-examples.js";
import { captureIo } from "../../test-support/capture-io.js";
import { tempDir } from "../../test-support/temp.js";
import { queryLines, writeJsonl } from "./test-support/fixtures.js";

let server: MockServer;
let dir: ReturnType<typeof tempDir>;
let queries: string;
let plans: string;
beforeEach(async () => {
  server = await startMockServer({ models: ["m"], script: () => ({ content: "{}" }) });
  dir = tempDir();
  queries = writeJsonl(dir.path, "queries.jsonl", queryLines());
  plans = writeJsonl(dir.path, "plans.jsonl", [
    { query_id: "te-001", planner: "p", prompt_type: "without_lineage", plan: REFUND_INITIAL_PLAN },
  ]);
});
afterEach(async () => {
  await server.close();
  dir.remove();
});

describe("the plan commands refuse bad input before asking anything", () => {
  it.each([
    [
      "an unknown prompt type",
      (out: Io) => runPlanGenerate({ model: "m", queries, promptType: "fancy" }, out),
      /--prompt-type: expected with_lineage/,
    ],
    [
      "a negative example count",
      (out: Io) => runPlanGenerate({ model: "m", queries, examples: "-1" }, out),
      /--examples: expected a whole number ≥ 0/,
    ],
    [
      "an unknown backend",
      (out: Io) => runPlanGenerate({ model: "m", queries, backend: "oracle", baseUrl: server.url }, out),
      /--backend: "oracle" is not one of openai, llama/,
    ],
    [
      "an unknown metric",
      (out: Io) => runPlanJudge({ model: "m", queries: queries, plans, metrics: "speed" }, out),
      /--metrics: "speed" is not one of all, format/,
    ],
    [
      "--metrics with --one-shot",
      (out: Io) =>
        runPlanJudge({ model: "m", queries: queries, plans, metrics: "format", oneShot: true }, out),
      /use either --metrics or --one-shot/,
    ],
    [
      "a plan for an unknown query",
      (out: Io) => {
        const stray = writeJsonl(dir.path, "stray.jsonl", [
          { query_id: "zz", planner: "p", prompt_type: "x", plan: "{}" },
        ]);
        return runPlanRefine({ model: "m", queries, plans: stray }, out);
      },
      /query_id "zz" is not in/,
    ],
    [
      "zero passes",
      (out: Io) => runPlanRefine({ model: "m", queries, plans, maxPasses: "0" }, out),
      /--max-passes: expected a whole number ≥ 1/,
    ],
  ])("%s", async (_, run, message) => {
    const out = captureIo();
    expect(await run(out)).toBe(2);
    expect(out.err).toMatch(message);
    expect(server.requests).toBe(0);
  });

  it("says which model the server does not serve", async () => {
    const out = captureIo();
    expect(await runPlanGenerate({ model: "other", queries, baseUrl: server.url, cache: false }, out)).toBe(
      2,
    );
    expect(out.err).toMatch(/does not serve model "other"/);
  });
});

describe("exit codes", () => {
  it("generate exits 1 when some requests failed, and leaves those plans out", async () => {
    await server.close();
    server = await startMockServer({
      models: ["m"],
      script: () => ({ content: "{}" }),
      fault: (_n, body) => (body.messages[1]?.content?.includes("QA score") ? "500" : null),
    });
    const out = captureIo();
    const code = await runPlanGenerate(
      { model: "m", queries, baseUrl: server.url, cache: false, retries: "0", promptType: "without_lineage" },
      out,
    );
    expect(code).toBe(1);
    expect(out.out.trim().split("\n")).toHaveLength(2);
    expect(out.err).toMatch(/no plan for query te-003 \(without_lineage\)/);
  });

  it("judge writes its report to stderr when the lines go to stdout, and exits 1 on a failed answer", async () => {
    const out = captureIo();
    const code = await runPlanJudge(
      { model: "m", queries: queries, plans, baseUrl: server.url, cache: false, metrics: "format" },
      out,
    );
    expect(code).toBe(1);
    expect(JSON.parse(out.out.trim())).toMatchObject({ query_id: "te-001", format: null });
    expect(out.err).toMatch(/failures 1 \(malformed 1\) on 1 plans/);
    expect(out.err).toMatch(/1 judge answers failed \(malformed 1\) on 1 of 1 plans; their values are null/);
  });
});
