// `plan experiment` with its execute stage, end to end through main() against scripted servers on 127.0.0.1:
// generate (a strong planner that writes the best plans, a weak one that stops after the first step) → score →
// execute (R1 with native tools, R2 the best plans, R3 the generated plans, on the 2,000-interaction test
// workspace) → answers (the three-way judge, fed with the executed answers) → report: the win-rate table, answer
// accuracy against the ground truth and the correlation of plan scores with correctness; a re-run resumes from the
// cache and the stage's journal (no request, every step from the journal); a config with two answer sources is
// refused by file and line.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChatBody, type MockServer, startMockServer } from "../mock-server/openai-server.js";
import { scriptFor, shippedScriptedModel } from "../mock-server/plan-execute-server.js";
import { oneShotAnswer, queryOf, scriptedModel } from "../mock-server/plan-prompts.js";
import { DATA_DIR } from "../paths.js";
import { smallTestWorkspace } from "../planning/test-support/workspaces.js";
import { renderPlan } from "../plans/render.js";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import { main } from "./main.js";

const QUERIES = join(DATA_DIR, "plans", "queries.jsonl");
const IDS = ["te-001", "te-002", "te-003", "te-004", "te-005", "te-006"];
const best = new Map(
  readFileSync(QUERIES, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { query: string; best_plan: { steps: { id: number }[] } })
    .map((q) => [q.query, q.best_plan] as const),
);

const planners = scriptedModel({
  planner: (asked) => {
    const plan = best.get(queryOf(asked.user)) as Parameters<typeof renderPlan>[0];
    if (asked.body.model === "planner-a") return renderPlan(plan);
    // The weak planner stops after its first step: executable, but seldom the answer.
    return renderPlan({ steps: plan.steps.slice(0, 1).map((s) => ({ ...s, depends_on: [], inputs: [] })) });
  },
  // A one-shot judge that rates every plan a perfect match: the agreement stage compares it with the code's scores.
  oneShot: () => oneShotAnswer({ precision: 1, recall: 1, f1_score: 1, rating: "Extremely Good" }),
});
const executor = scriptFor(shippedScriptedModel());

/** The answer judge prefers R2, then R3, then R1, whatever the answers say: deterministic. */
function judge(body: ChatBody): string {
  const user = String(body.messages[1]?.content ?? "");
  const labels = [...user.matchAll(/^### Answer (\w+)$/gm)].map((m) => m[1] as string);
  const completeness: Record<string, number> = { R1: 3, R2: 6, R3: 5 };
  const scores = Object.fromEntries(
    labels.map((l) => [
      l,
      { validity: 1, consistency: 1, completeness: completeness[l] ?? 4, redundancy: 6 },
    ]),
  );
  return JSON.stringify({
    rationale: "R2 is the most complete.",
    scores,
    decision: labels.includes("R2") ? "R2" : labels[0],
  });
}

function script(body: ChatBody) {
  if (String(body.messages[0]?.content ?? "").startsWith("You compare several answers"))
    return { content: judge(body) };
  if (body.model === "executor") return executor(body);
  return planners(body);
}

let server: MockServer;
let workspace = "";
const dir = tempDir("tooluse-experiment-execute-");
const path = (name: string) => join(dir.path, name);

beforeAll(async () => {
  workspace = await smallTestWorkspace();
  server = await startMockServer({ models: ["planner-a", "planner-b", "executor", "judge"], script });
}, 300_000);
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

const config = (extra = "") => `queries: ${QUERIES}
ids: [${IDS.join(", ")}]
examples: 1
prompt_types: [without_lineage]
out: experiment
cache_dir: cache
planners:
  - {name: strong, model: planner-a, base_url: "${server.url}", retries: 0}
  - {name: weak, model: planner-b, base_url: "${server.url}", retries: 0}
judges:
  one_shot: {model: judge, base_url: "${server.url}", retries: 0}
execute: {model: executor, base_url: "${server.url}", retries: 0, workspace: "${workspace}"}
answers:
  judge: {model: judge, base_url: "${server.url}", retries: 0}
${extra}`;

describe("plan experiment with the execute stage", () => {
  it("runs generate → score → judge → execute → answers → agree end to end: win rates, accuracy, correlation, agreement", async () => {
    writeFileSync(path("experiment.yaml"), config());
    const run = await cli(["plan", "experiment", "--config", path("experiment.yaml")]);
    expect(run.err).not.toMatch(/^tooluse: /m);
    expect(run.code).toBe(0);
    for (const heading of [
      "END-TO-END ANSWERS: WIN RATES FROM EXECUTED ANSWERS (THE PAPER'S ANSWER STUDY)",
      "ANSWER ACCURACY AGAINST THE GROUND TRUTH (EXECUTED ANSWERS)",
      "PLAN SCORES VS ANSWER CORRECTNESS (R3 ANSWERS WITH A REFERENCE)",
    ])
      expect(run.out).toContain(heading);
    const executed = jsonl(path("experiment/executed.jsonl"));
    const count = (source: string) => executed.filter((l) => l.source === source).length;
    expect([count("R1"), count("R2"), count("R3")]).toEqual([6, 6, 12]);
    expect(executed.every((l) => l.status === "answered" && l.steps.length > 0)).toBe(true);
    expect(executed.filter((l) => l.source === "R1").every((l) => l.r1.turns.length > 1)).toBe(true);
    // R2 executes the best plans: every answer with a reference is right; the weak planner's one-step plans are not.
    const accuracy = (source: string, planner: string | null) => {
      const lines = executed.filter(
        (l) => l.source === source && l.planner === planner && l.correct !== null,
      );
      return [lines.filter((l) => l.correct).length, lines.length];
    };
    const [r2Correct, r2Referenced] = accuracy("R2", null);
    expect(r2Referenced).toBeGreaterThan(0);
    expect(r2Correct).toBe(r2Referenced);
    expect(accuracy("R3", "strong")).toEqual([r2Correct, r2Referenced]);
    expect(accuracy("R3", "weak")[0] as number).toBeLessThan(r2Referenced as number);
    const report = readFileSync(path("experiment/report.md"), "utf8");
    expect(report).toMatch(
      new RegExp(
        `\\| R2 \\(best plan\\) \\| – \\| – \\| 6 \\| 0 \\| ${r2Referenced} \\| ${r2Correct} \\| 100\\.00 \\|`,
      ),
    );
    expect(report).toMatch(
      /\| strong \| without_lineage \| 6 \| 6 \| 0\.00 \(0\/6\) \| 100\.00 \(6\/6\) \| 0\.00 \(0\/6\) \|/,
    );
    // F1 of the weak planner's plans is lower and so is their correctness: the correlation is positive.
    expect(report).toMatch(/\| f1 \| 6 \| 0\.\d{3} \| [\d.]+ \| [\d.]+ \| small n: fewer than 30 pairs \|/);
    expect(report).toMatch(
      /\| execute \| executor \| 24 \| \d+ \| \d+ \| 0 \| workspace seed 1, 2000 interactions; R1: at most 8 tool calls, 0 queries reached the limit; \d+ of \d+ answers with a reference correct \|/,
    );
    // The agree stage: the one-shot judge against the code's scores, over all 12 generated plans.
    expect(report).toContain("one-shot judge vs code (12 plans paired)");
    const answers = jsonl(path("experiment/answers.jsonl"));
    expect(answers).toHaveLength(12);
    expect(answers.every((a) => a.status === "judged" && a.labels.join() === "R1,R2,R3")).toBe(true);
    expect(new Set(answers.map((a) => a.planner))).toEqual(new Set(["strong", "weak"]));
    const manifest = JSON.parse(readFileSync(path("experiment/experiment.json"), "utf8"));
    expect(manifest.files.executed).toBe(path("experiment/executed.jsonl"));
    expect(manifest.failures).toBe(0);
  }, 120_000);

  it("re-runs from the cache and the execute journal: no request, every executed step from the journal", async () => {
    const sent = server.requests;
    const again = await cli(["plan", "experiment", "--config", path("experiment.yaml")]);
    expect(again.code).toBe(0);
    expect(server.requests).toBe(sent);
    const executed = jsonl(path("experiment/executed.jsonl"));
    const steps = executed.flatMap((l) => l.steps);
    expect(steps.length).toBeGreaterThan(0);
    expect(steps.every((s: { resumed: boolean }) => s.resumed)).toBe(true);
  }, 120_000);

  it("prints the execute stage's requests on --dry-run", async () => {
    const dry = await cli(["plan", "experiment", "--config", path("experiment.yaml"), "--dry-run"]);
    expect(dry.code).toBe(0);
    expect(dry.out).toMatch(/^execute \(R1, R2, R3\)\s+executor\s+\d+–\d+\s/m);
    expect(dry.out).toMatch(/^answer judge\s+judge\s+12\s/m);
  });

  it("refuses answers.responses beside an execute section, by file and line", async () => {
    writeFileSync(
      path("two-sources.yaml"),
      config().replace("  judge: {model: judge", "  responses: r.jsonl\n  judge: {model: judge"),
    );
    const bad = await cli(["plan", "experiment", "--config", path("two-sources.yaml")]);
    expect(bad.code).toBe(2);
    expect(bad.err.trimEnd()).toMatch(
      /two-sources\.yaml:\d+: answers\.responses: the execute stage produces the answers to judge/,
    );
  });
});
