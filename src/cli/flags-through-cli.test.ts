/**
 * Flags driven through the command line's entry (`main`, which bin/tooluse.js calls), each checked for its effect:
 * --version, --force (refused, then replaced), --json (pure JSON on stdout) and the output-shaping flags. Fixtures
 * are small real runs (oracle and never-call backends, two cases) and the plan fixtures of src/plans/data/fixtures.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChatBody, type MockServer, startMockServer } from "../mock-server/openai-server.js";
import { candidateIds, scriptedModel, stepAnswer } from "../mock-server/plan-prompts.js";
import { CORPUS_DIR, PACKAGE_ROOT } from "../paths.js";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import { queryLines, writeJsonl } from "../workflows/plan-models/test-support/fixtures.js";
import { main } from "./main.js";

const dir = tempDir("tooluse-flags-");
const at = (name: string) => join(dir.path, name);
const FIXTURES = join(PACKAGE_ROOT, "src/import/fixtures");
const PLAN_FIXTURES = join(PACKAGE_ROOT, "src/plans/data/fixtures");
const PRECIOUS = "a file the user cares about\n";

async function cli(...argv: string[]) {
  const io = captureIo();
  const code = await main(argv, io);
  return { code, out: io.out, err: io.err };
}

async function ok(...argv: string[]) {
  const result = await cli(...argv);
  if (result.code !== 0) throw new Error(`fixture ${argv.join(" ")} failed: ${result.err}`);
  return result;
}

beforeAll(async () => {
  const run = (backend: string, out: string, ...extra: string[]) =>
    ok("run", "--backend", backend, "--protocol", "json", "--limit", "2", "--out", at(out), ...extra);
  await run("oracle", "oracle.json");
  await run("never-call", "never.json");
  await run("oracle", "shard1.json", "--shard", "1/2");
  await run("oracle", "shard2.json", "--shard", "2/2");
  await ok(
    ...["plan", "import", "--queries", join(PLAN_FIXTURES, "queries.csv")],
    ...["--plans", join(PLAN_FIXTURES, "plans.csv")],
    ...["--out-queries", at("queries.jsonl"), "--out-plans", at("plans.jsonl")],
  );
  await ok(
    ...["plan", "score", "--queries", at("queries.jsonl"), "--plans", at("plans.jsonl")],
    ...["--out", at("scores.jsonl")],
  );
});
afterAll(() => dir.remove());

describe("tooluse --version", () => {
  it("prints the version of package.json and nothing else", async () => {
    const { version } = JSON.parse(readFileSync(join(PACKAGE_ROOT, "package.json"), "utf8"));
    const result = await cli("--version");
    expect(result.code).toBe(0);
    expect(result.out).toBe(`${version}\n`);
    expect(result.out).toMatch(/^\d+\.\d+\.\d+/);
    expect(result.err).toBe("");
  });
});

describe("--force: an existing output is refused without it and replaced with it", () => {
  /** Each command with its output flag's file last, and what the replaced file must look like. */
  const COMMANDS: [string, (out: string) => string[], (written: string) => void][] = [
    [
      "report --html",
      (out) => ["report", at("oracle.json"), "--html", out],
      (written) => expect(written.startsWith("<!doctype html>")).toBe(true),
    ],
    [
      "merge --out",
      (out) => ["merge", at("shard1.json"), at("shard2.json"), "--out", out],
      (written) => expect(JSON.parse(written).records).toHaveLength(2),
    ],
    [
      "import bfcl --out",
      (out) => [
        ...["import", "bfcl", "--questions", join(FIXTURES, "bfcl-questions.jsonl")],
        ...["--answers", join(FIXTURES, "bfcl-answers.jsonl"), "--out", out],
      ],
      (written) => expect(written.trim().split("\n")).toHaveLength(8),
    ],
    [
      "plan score --out",
      (out) => [
        "plan",
        "score",
        "--queries",
        at("queries.jsonl"),
        "--plans",
        at("plans.jsonl"),
        "--out",
        out,
      ],
      (written) => expect(written.trim().split("\n")).toHaveLength(4),
    ],
    [
      "plan export --out",
      (out) => ["plan", "export", "--queries", at("queries.jsonl"), "--out", out],
      (written) => expect(written.split("\n")[0]).toMatch(/^query_id,Sample,query,/),
    ],
  ];

  it.each(COMMANDS)("%s", async (name, argv, check) => {
    const out = at(`existing-${name.replace(/\W+/g, "-")}`);
    writeFileSync(out, PRECIOUS);
    const refused = await cli(...argv(out));
    expect(refused.code).toBe(2);
    expect(refused.err).toBe(
      `tooluse: --${name.split("--")[1]} ${out} already exists; pass --force to replace it, or choose another file\n`,
    );
    expect(readFileSync(out, "utf8")).toBe(PRECIOUS);

    const forced = await cli(...argv(out), "--force");
    expect(forced.err.includes("already exists")).toBe(false);
    expect(forced.code).toBe(0);
    const written = readFileSync(out, "utf8");
    expect(written).not.toBe(PRECIOUS);
    check(written);
  });
});

describe("--json prints pure JSON on stdout", () => {
  it("compare: oracle passes both calculator cases, never-call fails both: b = 2, c = 0, exact p = 2·0.5² = 0.5", async () => {
    const result = await cli("compare", at("oracle.json"), at("never.json"), "--json");
    expect(result.code).toBe(0);
    const report = JSON.parse(result.out);
    expect(report.same_corpus).toBe(true);
    expect(report.overall).toMatchObject({
      pairs: 2,
      both_passed: 0,
      both_failed: 0,
      a_failed_b_passed: [],
      p_value: 0.5,
      significant: false,
    });
    expect(report.overall.a_passed_b_failed).toEqual([
      { id: "calculator-en-01", protocol: "json" },
      { id: "calculator-en-02", protocol: "json" },
    ]);
  });

  it("plan score: per planner × prompt type, with the fixture plans' hand-counted matches", async () => {
    const result = await cli(
      ...["plan", "score", "--queries", at("queries.jsonl"), "--plans", at("plans.jsonl"), "--json"],
    );
    expect(result.code).toBe(0);
    const report = JSON.parse(result.out);
    const group = (planner: string, type: string) =>
      report.groups.find(
        (g: { planner: string; prompt_type: string }) => g.planner === planner && g.prompt_type === type,
      );
    expect(report.groups).toHaveLength(4);
    // model-a's plan for query 1: T2S fetch and RAG of the 4-step best plan, both right: precision 1, recall 2/4.
    expect(group("model-a", "with lineage").metrics.precision.mean).toBe(1);
    expect(group("model-a", "with lineage").metrics.recall.mean).toBe(0.5);
    // model-a declined query 101: nothing parses.
    expect(group("model-a", "without lineage").parse_ok).toBe(0);
    // model-b's plan for query 102 is the best plan itself.
    expect(group("model-b", "with lineage").metrics.f1.mean).toBe(1);
  });

  it("plan report: the groups of the score lines, sorted, with the subtotal as score field", async () => {
    const result = await cli("plan", "report", "--scores", at("scores.jsonl"), "--json");
    expect(result.code).toBe(0);
    const report = JSON.parse(result.out);
    expect(report.score_field).toBe("subtotal");
    expect(
      report.groups.map((g: { planner: string; prompt_type: string }) => `${g.planner}/${g.prompt_type}`),
    ).toEqual([
      "model-a/with lineage",
      "model-a/without lineage",
      "model-b/with lineage",
      "model-b/without lineage",
    ]);
    expect(report.groups[0].metrics.format.mean).toBe(20);
  });

  it("plan lint: one JSON document of the violations on stdout, nothing on stderr, exit 1", async () => {
    const lint = at("lint");
    mkdirSync(lint);
    copyFileSync(join(CORPUS_DIR, "plans", "VERSION"), join(lint, "VERSION"));
    // The query asks about calls, the plan fetches interactions: interactions-for-calls (section 4).
    writeFileSync(
      join(lint, "te-01.yaml"),
      `- query_id: te-001
  query: "How many refund calls did we get last week?"
  is_subjective: false
  is_compound: false
  best_plan: |
    { 1: {"step": T2S([], "Fetch interaction_ids of interactions about refunds last week."), "depends_on": []} }
`,
    );
    const result = await cli("plan", "lint", "--dir", lint, "--json");
    expect(result.code).toBe(1);
    expect(result.err).toBe("");
    const report = JSON.parse(result.out);
    const violations = report.violations;
    expect(report.count).toBe(violations.length);
    expect(violations).toContainEqual(
      expect.objectContaining({
        file: join(lint, "te-01.yaml"),
        line: 6,
        query_id: "te-001",
        rule: "interactions-for-calls",
      }),
    );
  });
});

describe("flags that shape what is written", () => {
  it("report --html writes a self-contained page naming the model", async () => {
    const html = at("report.html");
    const result = await cli("report", at("oracle.json"), at("never.json"), "--html", html);
    expect(result.code).toBe(0);
    const page = readFileSync(html, "utf8");
    expect(page.startsWith("<!doctype html>")).toBe(true);
    expect(page).toContain("never-call");
    expect(page).not.toMatch(/<script[^>]+src=|<link[^>]+href="http/);
  });

  it("plan report --format md prints Markdown tables, text prints none", async () => {
    const md = await cli("plan", "report", "--scores", at("scores.jsonl"), "--format", "md");
    expect(md.code).toBe(0);
    expect(md.out).toMatch(/^## Planner report$/m);
    expect(md.out).toMatch(/^\| planner \| prompt type \| plans \|/m);
    const text = await cli("plan", "report", "--scores", at("scores.jsonl"), "--format", "text");
    expect(text.out).not.toContain("| planner |");
  });

  it("plan export --out-plans writes the plans in the release's plans.csv layout", async () => {
    const result = await cli(
      ...["plan", "export", "--queries", at("queries.jsonl"), "--out", at("export-q.csv")],
      ...["--plans", at("plans.jsonl"), "--out-plans", at("export-p.csv")],
    );
    expect(result.code).toBe(0);
    const csv = readFileSync(at("export-p.csv"), "utf8");
    expect(csv.split("\n")[0]).toBe("query_id,llm,prompt_type,plan");
    // The four plans of the fixture, by query, planner and prompt type.
    expect(csv).toMatch(/^1,model-a,with lineage,/m);
    expect(csv).toMatch(/^1,model-b,without lineage,/m);
    expect(csv).toMatch(/^101,model-a,without lineage,/m);
    expect(csv).toMatch(/^102,model-b,with lineage,/m);
  });
});

describe("model flags against a scripted server on 127.0.0.1", () => {
  // The tests run in order: the judge tests judge the plans the first --split test generated.
  const score = (c: number, r: number) => ({ validity: 1, consistency: 1, completeness: c, redundancy: r });
  // R2 is the most complete answer: it wins every query.
  const ANSWER = JSON.stringify({
    rationale: "R2 covers most.",
    scores: { R1: score(4, 6), R2: score(6, 5), R3: score(5, 7) },
    decision: "R2",
  });
  const planning = scriptedModel({
    planner: () =>
      '{1: {"step": T2S([], "Fetch call_ids of unresolved calls."), "depends_on": []}, 2: {"step": RAG((1), "Why were they not resolved?"), "depends_on": [1]}}',
    metric: (metric, asked) => stepAnswer(metric, candidateIds(asked.user)),
  });
  let server: MockServer;
  let queries: string;
  const system = (body: ChatBody) => body.messages[0]?.content ?? "";
  const connection = () => ["--base-url", server.url, "--no-cache", "--retries", "0"];

  beforeAll(async () => {
    server = await startMockServer({
      models: ["planner", "judge"],
      script: (body) =>
        system(body).startsWith("You compare several answers") ? { content: ANSWER } : planning(body),
    });
    queries = writeJsonl(dir.path, "model-queries.jsonl", queryLines());
  });
  afterAll(() => server.close());

  /** The requests one command sent. */
  async function sent(
    argv: string[],
  ): Promise<{ code: number; out: string; err: string; bodies: ChatBody[] }> {
    const before = server.bodies.length;
    const result = await cli(...argv, ...connection());
    return { ...result, bodies: server.bodies.slice(before) };
  }

  const generate = (out: string, ...extra: string[]) =>
    sent([
      ...["plan", "generate", "--model", "planner", "--queries", queries],
      ...["--prompt-type", "without_lineage", "--out", at(out), ...extra],
    ]);
  const ids = (file: string) =>
    readFileSync(at(file), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line).query_id)
      .sort();

  it("plan generate --split plans the queries of that split only (default: test)", async () => {
    const test = await generate("plans-test.jsonl");
    expect(test.code).toBe(0);
    expect(ids("plans-test.jsonl")).toEqual(["te-001", "te-002", "te-003"]);
    expect(test.bodies).toHaveLength(3);
    const train = await generate("plans-train.jsonl", "--split", "train", "--examples", "0");
    expect(train.code).toBe(0);
    expect(ids("plans-train.jsonl")).toEqual(["tr-001", "tr-002"]);
    const all = await generate("plans-all.jsonl", "--split", "all", "--examples", "0");
    expect(ids("plans-all.jsonl")).toHaveLength(5);
    expect(all.code).toBe(0);
  });

  it("plan generate --examples puts that many train examples in each planner prompt", async () => {
    const examples = (bodies: ChatBody[]) =>
      bodies.map(
        (body) =>
          (
            body.messages
              .map((m) => m.content)
              .join("\n")
              .match(/^Example \d+$/gm) ?? []
          ).length,
      );
    // Two train queries: one example or both, never a test query's own plan.
    expect(examples((await generate("plans-1.jsonl", "--examples", "1")).bodies)).toEqual([1, 1, 1]);
    expect(examples((await generate("plans-2.jsonl", "--examples", "2")).bodies)).toEqual([2, 2, 2]);
    expect(examples((await generate("plans-0.jsonl", "--examples", "0")).bodies)).toEqual([0, 0, 0]);
  });

  it("plan judge --metrics asks only the metrics named and leaves the others scored by code", async () => {
    const result = await sent([
      ...["plan", "judge", "--model", "judge", "--queries", queries, "--plans", at("plans-test.jsonl")],
      ...["--metrics", "format,redundancy", "--out", at("judged.jsonl")],
    ]);
    expect(result.err).not.toMatch(/error/i);
    expect(result.code).toBe(0);
    // Three plans × two metrics, and no prompt of another metric.
    expect(result.bodies).toHaveLength(6);
    const titles = new Set(result.bodies.map((body) => system(body).split("\n")[0]));
    expect(titles.size).toBe(2);
    const judged = readFileSync(at("judged.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(judged).toHaveLength(3);
    for (const line of judged) {
      // No violation found: full points (format 20, redundancy 10; docs/plan-conventions.md).
      expect([line.format, line.redundancy]).toEqual([20, 10]);
      expect(Object.keys(line.judge.answers).sort()).toEqual(["format", "redundancy"]);
      expect(line.judge.sources).toMatchObject({ format: "judge", redundancy: "judge" });
      // The metrics not asked keep the code's value, and say so.
      for (const metric of ["dependencies", "step_executability", "tool_usage_completeness"])
        expect(line.judge.sources[metric]).not.toBe("judge");
    }
  });

  it("plan judge --json: pure JSON report of the three plans, none failed", async () => {
    const result = await sent([
      ...["plan", "judge", "--model", "judge", "--queries", queries, "--plans", at("plans-test.jsonl")],
      ...["--metrics", "format", "--json"],
    ]);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.out);
    expect(report).toMatchObject({ judge_model: "judge", mode: "metric-wise", plans: 3, failed_plans: 0 });
    expect(report.failures.total).toBe(0);
    expect(report.groups).toEqual([
      expect.objectContaining({ planner: "planner", plans: 3, fully_judged: 3 }),
    ]);
  });

  it("plan answers --json: pure JSON with R2 winning every query", async () => {
    const responses = writeJsonl(dir.path, "responses.jsonl", [
      { query_id: "a1", query: "Q one", responses: { R1: "No data.", R2: "Long holds.", R3: "Holds." } },
      { query_id: "a2", query: "Q two", responses: { R1: "No data.", R2: "Long holds.", R3: "Holds." } },
    ]);
    const result = await sent(["plan", "answers", "--model", "judge", "--responses", responses, "--json"]);
    expect(result.code).toBe(0);
    const summary = JSON.parse(result.out);
    expect(summary).toMatchObject({ judged: 2, failed: 0 });
    expect(summary.win_rates.map((w: { rate: number }) => w.rate)).toEqual([0, 1, 0]);
  });
});

describe("plan agree --triplet", () => {
  const line = (query_id: string, planner: string, format: number) => ({
    query_id,
    planner,
    prompt_type: "without_lineage",
    format,
  });
  it("reads lineage positions from the planners named, best first", async () => {
    // Gold 20 > 15 > 10 on both queries; judged 20 = 20 > 10 on q1 and 20 > 15 > 10 on q2.
    const gold = writeJsonl(dir.path, "gold.jsonl", [
      ...["q1", "q2"].flatMap((q) => [line(q, "v3", 20), line(q, "v2", 15), line(q, "v1", 10)]),
    ]);
    const judged = writeJsonl(dir.path, "agree-judged.jsonl", [
      ...[line("q1", "v3", 20), line("q1", "v2", 20), line("q1", "v1", 10)],
      ...[line("q2", "v3", 20), line("q2", "v2", 15), line("q2", "v1", 10)],
    ]);
    const format = async (...extra: string[]) => {
      const result = await cli("plan", "agree", "--gold", gold, "--judged", judged, "--json", ...extra);
      expect(result.code).toBe(0);
      return JSON.parse(result.out).metrics.find((m: { metric: string }) => m.metric === "format");
    };
    // Without --triplet the default names (best, penultimate, antepenultimate) find no triplet.
    expect((await format()).triplets).toMatchObject({ triplets: 0, relaxed: { value: null } });
    // With it: 4 ordered pairs; relaxed (ties allowed) 4/4, strict 3/4.
    expect((await format("--triplet", "v3,v2,v1")).triplets).toMatchObject({
      triplets: 2,
      relaxed: { value: 1 },
      strict: { value: 0.75 },
    });
  });
});
