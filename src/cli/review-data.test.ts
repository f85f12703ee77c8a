/**
 * `tooluse review add`, `tooluse review export` and `tooluse disputes` through the command line, on the shipped
 * planning data and on small files in the shapes other commands write; every export is read back by the command
 * that consumes it (`plan agree`, `plan lint`, `plan build`) without conversion.
 */
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { CORPUS_DIR, DATA_DIR } from "../paths.js";
import { openReviewStore } from "../review/store.js";
import { captureIo } from "../test-support/capture-io.js";
import { tempDir } from "../test-support/temp.js";
import { main } from "./main.js";
import { runPlanBuild } from "./plan-data.js";

const QUERIES = join(DATA_DIR, "plans/queries.jsonl");
const dir = tempDir("tooluse-review-cli-");
const at = (name: string) => join(dir.path, name);
afterAll(() => dir.remove());

async function cli(...argv: string[]) {
  const io = captureIo();
  const code = await main(argv, io);
  return { code, out: io.out, err: io.err };
}

function jsonl(name: string, lines: readonly unknown[]): string {
  writeFileSync(at(name), lines.map((line) => `${JSON.stringify(line)}\n`).join(""));
  return at(name);
}

const readLines = (file: string) =>
  readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));

/** Labels every task of a kind in the database as `label(index, key)` says (undefined: leave it). */
function label(
  db: string,
  kind: Parameters<ReturnType<typeof openReviewStore>["listTasks"]>[0],
  annotator: string,
  of: (index: number, key: string) => unknown,
) {
  const store = openReviewStore(db);
  try {
    store.listTasks(kind).forEach((task, index) => {
      const value = of(index, task.key);
      if (value !== undefined) store.addLabel(task.id, annotator, value);
    });
  } finally {
    store.close();
  }
}

describe("review add and export: lineage", () => {
  const db = at("lineage.sqlite");
  const EDITED =
    '{1: {"step": T2S([], "Fetch call_ids of calls where the call driver is billing dispute."), "depends_on": []}, ' +
    '2: {"step": RAG((1), "How do agents explain the overdraft fee policy to customers disputing a charge?"), "depends_on": [1]}}';

  it("adds one task per train lineage of the shipped data, once", async () => {
    const first = await cli("review", "add", "--db", db, "--kind", "lineage", "--queries", QUERIES);
    expect(first).toMatchObject({ code: 0, err: "" });
    expect(first.out).toBe(`added 100 lineage task(s) to ${db}\n`);
    const again = await cli("review", "add", "--db", db, "--kind", "lineage", "--queries", QUERIES);
    expect(again.out).toBe(`added 0 lineage task(s) to ${db} (100 already there)\n`);
  });

  it("exports accepted and edited plans in plan build's source format, which plan lint and plan build accept", async () => {
    label(db, { kind: "lineage" }, "alice", (index, key) =>
      key === "tr-002"
        ? { action: "edit", plan: EDITED, note: "reworded" }
        : index < 5
          ? { action: "accept" }
          : undefined,
    );
    const sources = at("sources");
    mkdirSync(sources);
    for (const name of ["VERSION", "te-01.yaml", "te-02.yaml", "te-03.yaml", "te-04.yaml"])
      copyFileSync(join(CORPUS_DIR, "plans", name), join(sources, name));
    const out = join(sources, "tr-01.yaml");
    const exported = await cli("review", "export", "--db", db, "--kind", "lineage", "--out", out);
    expect(exported.err).toBe("");
    expect(exported.code).toBe(0);
    expect(exported.out).toMatch(
      /^exported 5 lineage label\(s\) by alice to .*tr-01\.yaml: plan build's source YAML/,
    );

    const entries = parse(readFileSync(out, "utf8")) as {
      query_id: string;
      best_plan: string;
      note?: string;
      lineage: { plan: string }[];
    }[];
    expect(entries.map((e) => e.query_id)).toEqual(["tr-001", "tr-002", "tr-003", "tr-004", "tr-005"]);
    const tr002 = entries[1];
    expect(tr002?.best_plan).toContain("customers disputing a charge");
    expect(tr002?.lineage.at(-1)?.plan).toBe(tr002?.best_plan);
    expect(tr002?.note).toBe("reworded");

    const lint = await cli("plan", "lint", "--dir", sources);
    expect(lint.err).toBe("");
    expect(lint).toMatchObject({ code: 0, out: "plan lint: 0 violations\n" });

    const io = captureIo();
    expect(runPlanBuild(io, { sourceDir: sources, outDir: at("built") })).toBe(0);
    const built = readLines(join(at("built"), "queries.jsonl")) as {
      query_id: string;
      best_plan: { steps: { prompt: string }[] };
    }[];
    expect(built.find((q) => q.query_id === "tr-002")?.best_plan.steps[1]?.prompt).toBe(
      "How do agents explain the overdraft fee policy to customers disputing a charge?",
    );
  });

  it("refuses an edited plan plan build would refuse, naming the field", () => {
    const store = openReviewStore(db);
    const task = store.listTasks({ kind: "lineage" })[0]?.id as number;
    expect(() =>
      store.addLabel(task, "alice", {
        action: "edit",
        plan: '{1: {"step": SQL([], "x"), "depends_on": []}}',
      }),
    ).toThrow(/^plan: /);
    store.close();
  });
});

describe("review add and export: plan-rating, two annotators, plan agree", () => {
  const db = at("rating.sqlite");
  let plans = "";
  let references = "";
  beforeAll(() => {
    const best = '{1: {"step": T2S([], "How many calls were escalated last week?"), "depends_on": []}}';
    references = jsonl("rating-queries.jsonl", [
      { query_id: "q1", query: "How many calls were escalated last week?", best_plan: best },
      {
        query_id: "q2",
        query: "Why do customers call about refunds?",
        best_plan: '{1: {"step": RAG([], "Why do customers call about refunds?"), "depends_on": []}}',
      },
    ]);
    plans = jsonl("rating-plans.jsonl", [
      { query_id: "q1", planner: "p", prompt_type: "without_lineage", plan: best },
      {
        query_id: "q1",
        planner: "p",
        prompt_type: "with_lineage",
        plan: '{1: {"step": RAG([], "How many calls were escalated?"), "depends_on": []}}',
      },
      { query_id: "q2", planner: "p", prompt_type: "without_lineage", plan: "<script>alert(1)</script>" },
    ]);
  });

  it("adds one task per plan line, with the evaluator's score and mapping", async () => {
    const added = await cli(
      "review",
      "add",
      "--db",
      db,
      "--kind",
      "plan-rating",
      "--queries",
      references,
      "--plans",
      plans,
    );
    expect(added).toMatchObject({ code: 0, err: "", out: `added 3 plan-rating task(s) to ${db}\n` });
    const store = openReviewStore(db);
    const [same, other, hostile] = store
      .listTasks({ kind: "plan-rating" })
      .map((t) => store.getTask(t.id)?.payload) as {
      evaluator: { rating: string; mapping: { matched: boolean }[] };
      candidate: { text: string };
    }[];
    store.close();
    expect(same?.evaluator.rating).toBe("Extremely Good");
    expect(same?.evaluator.mapping).toEqual([
      expect.objectContaining({ candidate: 1, reference: 1, matched: true }),
    ]);
    expect(other?.evaluator.mapping.every((pair) => !pair.matched)).toBe(true);
    expect(hostile?.candidate.text).toBe("<script>alert(1)</script>");
  });

  it("exports one file per annotator that plan agree reads as is", async () => {
    const ratings = [
      ["Extremely Good", "Bad", "Extremely Bad"],
      ["Very Good", "Bad", "Extremely Bad"],
    ];
    label(db, { kind: "plan-rating" }, "alice", (i) => ({ rating: ratings[0]?.[i], format: 20 }));
    label(db, { kind: "plan-rating" }, "bob", (i) => ({ rating: ratings[1]?.[i], format: i === 2 ? 0 : 20 }));

    const both = await cli(
      "review",
      "export",
      "--db",
      db,
      "--kind",
      "plan-rating",
      "--out",
      at("scores.jsonl"),
    );
    expect(both.code).toBe(2);
    expect(both.err).toBe(
      "tooluse: --kind plan-rating: labels by 2 annotators (alice, bob); pass --annotator NAME: each annotator's labels go to a file of their own\n",
    );
    const nobody = await cli(
      "review",
      "--annotator",
      "carol",
      "export",
      "--db",
      db,
      "--kind",
      "plan-rating",
      "--out",
      at("x.jsonl"),
    );
    expect(nobody.code).toBe(2);
    expect(nobody.err).toMatch(
      /--annotator carol: no plan-rating labels by this annotator .*\(annotators: alice, bob\)/,
    );

    for (const name of ["alice", "bob"]) {
      const out = await cli(
        "review",
        "export",
        "--db",
        db,
        "--annotator",
        name,
        "--kind",
        "plan-rating",
        "--out",
        at(`scores.${name}.jsonl`),
      );
      expect(out).toMatchObject({ code: 0, err: "" });
    }
    expect(readFileSync(at("scores.alice.jsonl"), "utf8")).toBe(
      [
        '{"query_id":"q1","planner":"p","prompt_type":"without_lineage","rating":"Extremely Good","format":20}',
        '{"query_id":"q1","planner":"p","prompt_type":"with_lineage","rating":"Bad","format":20}',
        '{"query_id":"q2","planner":"p","prompt_type":"without_lineage","rating":"Extremely Bad","format":20}',
        "",
      ].join("\n"),
    );
    const agree = await cli(
      "plan",
      "agree",
      "--gold",
      at("scores.alice.jsonl"),
      "--judged",
      at("scores.bob.jsonl"),
      "--json",
    );
    expect(agree.err).toBe("");
    expect(agree.code).toBe(0);
    const report = JSON.parse(agree.out) as {
      kind: string;
      paired: number;
      metrics: { metric: string; plans: number; exact: { value: number } }[];
    };
    expect(report.kind).toBe("scores");
    expect(report.paired).toBe(3);
    const rating = report.metrics.find((m) => m.metric === "rating");
    expect(rating?.plans).toBe(3);
    expect(rating?.exact.value).toBeCloseTo(2 / 3, 10);
    expect(report.metrics.find((m) => m.metric === "format")?.exact.value).toBeCloseTo(2 / 3, 10);
  });

  it("export refuses to write over an existing file without --force, and never over the database", async () => {
    const again = await cli(
      "review",
      "export",
      "--db",
      db,
      "--annotator",
      "alice",
      "--kind",
      "plan-rating",
      "--out",
      at("scores.alice.jsonl"),
    );
    expect(again.code).toBe(2);
    expect(again.err).toMatch(/already exists; pass --force/);
    const forced = await cli(
      "review",
      "export",
      "--db",
      db,
      "--annotator",
      "alice",
      "--kind",
      "plan-rating",
      "--out",
      at("scores.alice.jsonl"),
      "--force",
    );
    expect(forced.code).toBe(0);
    const onto = await cli(
      "review",
      "export",
      "--db",
      db,
      "--annotator",
      "alice",
      "--kind",
      "plan-rating",
      "--out",
      db,
      "--force",
    );
    expect(onto.code).toBe(2);
    expect(onto.err).toMatch(/is also the input --db/);
    const none = await cli("review", "export", "--db", db, "--kind", "answers", "--out", at("none.jsonl"));
    expect(none).toMatchObject({ code: 2, err: `tooluse: --kind answers: no answers labels in ${db} yet\n` });
  });

  it("a plan line whose query has no reference line is one line naming file:line and the field; nothing added", async () => {
    const bad = jsonl("bad-plans.jsonl", [
      { query_id: "q1", planner: "p", prompt_type: "x", plan: "{}" },
      { query_id: "q9", planner: "p", prompt_type: "x", plan: "{}" },
    ]);
    const fresh = at("never.sqlite");
    const result = await cli(
      "review",
      "add",
      "--db",
      fresh,
      "--kind",
      "plan-rating",
      "--queries",
      references,
      "--plans",
      bad,
    );
    expect(result.code).toBe(2);
    expect(result.err).toBe(`tooluse: ${bad}:2: field query_id: no reference line for q9 in ${references}\n`);
    expect(() => readFileSync(fresh)).toThrow();
  });
});

describe("review add and export: step-tags from plan refine lineages", () => {
  const db = at("tags.sqlite");
  const P1 = { steps: [{ id: 1, tool: "RAG", inputs: [], prompt: "How many calls?", depends_on: [] }] };
  const P2 = { steps: [{ id: 1, tool: "T2S", inputs: [], prompt: "How many calls?", depends_on: [] }] };
  let lineages = "";
  beforeAll(() => {
    lineages = jsonl("lineages.jsonl", [
      {
        query_id: "q1",
        planner: "p",
        prompt_type: "without_lineage",
        query: "How many calls?",
        status: "done",
        lineage: [
          { plan: P1, fixes: [] },
          { plan: P2, fixes: ["INCORRECT TOOL"] },
        ],
        events: [
          { pass: 1, step: 1, tags: ["INCORRECT TOOL"], reasons: ["r"], outcome: "applied" },
          { pass: 2, step: 1, tags: ["NO CHANGE"], reasons: ["fine"], outcome: "no-change" },
        ],
      },
    ]);
  });

  it("one task per step and pass, each showing the plan as the evaluator saw it", async () => {
    const added = await cli("review", "add", "--db", db, "--kind", "step-tags", "--lineages", lineages);
    expect(added).toMatchObject({ code: 0, out: `added 2 step-tags task(s) to ${db}\n` });
    const store = openReviewStore(db);
    const payloads = store.listTasks({ kind: "step-tags" }).map((t) => store.getTask(t.id)?.payload) as {
      pass: number;
      plan: { text: string };
      evaluator_tags: string[];
    }[];
    store.close();
    expect(payloads.map((p) => [p.pass, p.plan.text.includes("RAG("), p.evaluator_tags])).toEqual([
      [1, true, ["INCORRECT TOOL"]],
      [2, false, ["NO CHANGE"]],
    ]);
  });

  it("exports tag lines that plan agree compares with the lineages file", async () => {
    label(db, { kind: "step-tags" }, "alice", (i) => ({
      tags: i === 0 ? ["INCORRECT TOOL", "COMPLEX PROMPT"] : ["NO CHANGE"],
    }));
    const out = await cli("review", "export", "--db", db, "--kind", "step-tags", "--out", at("tags.jsonl"));
    expect(out.code).toBe(0);
    expect(readLines(at("tags.jsonl"))).toEqual([
      {
        query_id: "q1",
        planner: "p",
        prompt_type: "without_lineage",
        pass: 1,
        step: 1,
        tags: ["COMPLEX PROMPT", "INCORRECT TOOL"],
      },
      { query_id: "q1", planner: "p", prompt_type: "without_lineage", pass: 2, step: 1, tags: ["NO CHANGE"] },
    ]);
    const agree = await cli("plan", "agree", "--gold", at("tags.jsonl"), "--judged", lineages, "--json");
    expect(agree.err).toBe("");
    expect(agree.code).toBe(0);
    const report = JSON.parse(agree.out) as { kind: string; paired: number; exact: { value: number } };
    expect(report.kind).toBe("tags");
    expect(report.paired).toBe(2);
    expect(report.exact.value).toBeCloseTo(0.5, 10);
  });
});

describe("review add and export: triplet", () => {
  const db = at("triplet.sqlite");

  it("adds a triplet per lineage of three or more revisions and exports what plan agree reads as triplets", async () => {
    const added = await cli("review", "add", "--db", db, "--kind", "triplet", "--queries", QUERIES);
    expect(added).toMatchObject({ code: 0, out: `added 100 triplet task(s) to ${db}\n` });
    const store = openReviewStore(db);
    const tasks = store.listTasks({ kind: "triplet" }).slice(0, 2);
    // Rank each slot by its true position: alice orders both correctly; bob ties best with penultimate on the second.
    for (const [index, task] of tasks.entries()) {
      const payload = store.getTask(task.id)?.payload as
        | { truth: Record<"A" | "B" | "C", string> }
        | undefined;
      const truth = payload?.truth ?? { A: "", B: "", C: "" };
      const rankOf = (position: string, tie: boolean) =>
        position === "best" ? 1 : position === "penultimate" ? (tie ? 1 : 2) : 3;
      const ranks = (tie: boolean) =>
        Object.fromEntries((["A", "B", "C"] as const).map((slot) => [slot, rankOf(truth[slot], tie)]));
      store.addLabel(task.id, "alice", { ranks: ranks(false) });
      store.addLabel(task.id, "bob", { ranks: ranks(index === 1) });
    }
    const agreement = store.agreement("triplet");
    store.close();
    expect(agreement.pairs.map((p) => [p.measure, p.n, p.exact])).toEqual([
      ["best vs penultimate", 2, 0.5],
      ["penultimate vs antepenultimate", 2, 1],
    ]);

    for (const name of ["alice", "bob"])
      expect(
        (
          await cli(
            "review",
            "export",
            "--db",
            db,
            "--annotator",
            name,
            "--kind",
            "triplet",
            "--out",
            at(`triplet.${name}.jsonl`),
          )
        ).code,
      ).toBe(0);
    const lines = readLines(at("triplet.alice.jsonl")) as { planner: string; total: number; rank: number }[];
    expect(lines.slice(0, 3).map((l) => [l.planner, l.total, l.rank])).toEqual([
      ["best", 3, 1],
      ["penultimate", 2, 2],
      ["antepenultimate", 1, 3],
    ]);
    const agree = await cli(
      "plan",
      "agree",
      "--gold",
      at("triplet.alice.jsonl"),
      "--judged",
      at("triplet.bob.jsonl"),
      "--kind",
      "scores",
      "--metrics",
      "total",
      "--json",
    );
    expect(agree.err).toBe("");
    expect(agree.code).toBe(0);
    const total = (
      JSON.parse(agree.out) as {
        metrics: { triplets: { triplets: number; relaxed: { value: number }; strict: { value: number } } }[];
      }
    ).metrics[0];
    // Four inequalities; bob's tie (best = penultimate) is "not worse" for relaxed, a different relation for strict.
    expect(total?.triplets.triplets).toBe(2);
    expect(total?.triplets.relaxed.value).toBe(1);
    expect(total?.triplets.strict.value).toBe(0.75);
  });
});

describe("review add and export: answers", () => {
  const db = at("answers.sqlite");

  it("adds a task per query, exports decisions plan agree compares with the judge's lines", async () => {
    const responses = jsonl("responses.jsonl", [
      {
        query_id: "q1",
        query: "How many calls?",
        responses: { R1: "no data", R2: "12 calls", R3: { calls: 12 } },
      },
      {
        query_id: "q2",
        query: "Why?",
        responses: { R1: "unknown", R2: "<img src=x onerror=alert(1)>", R3: "long holds" },
      },
    ]);
    const judged = jsonl("judged.jsonl", [
      { query_id: "q1", status: "judged", decision: "R2,R3", scores: null, rationale: "both count" },
      { query_id: "q2", status: "judged", decision: "R3", scores: null, rationale: "r" },
    ]);
    const added = await cli(
      "review",
      "add",
      "--db",
      db,
      "--kind",
      "answers",
      "--responses",
      responses,
      "--answers",
      judged,
    );
    expect(added).toMatchObject({ code: 0, out: `added 2 answers task(s) to ${db}\n` });
    const scores = { validity: 1, consistency: 1, completeness: 6, redundancy: 7 };
    label(db, { kind: "answers" }, "alice", (i) =>
      i === 0
        ? {
            decision: "R3, R2",
            scores: { R1: { ...scores, validity: 0 }, R2: scores, R3: scores },
          }
        : { decision: "neither" },
    );
    const out = await cli("review", "export", "--db", db, "--kind", "answers", "--out", at("answers.jsonl"));
    expect(out.code).toBe(0);
    expect(readLines(at("answers.jsonl"))).toEqual([
      {
        query_id: "q1",
        decision: "R2,R3",
        scores: { R1: { ...scores, validity: 0 }, R2: scores, R3: scores },
      },
      { query_id: "q2", decision: "Neither" },
    ]);
    const agree = await cli("plan", "agree", "--gold", at("answers.jsonl"), "--judged", judged, "--json");
    expect(agree.err).toBe("");
    expect(agree.code).toBe(0);
    const report = JSON.parse(agree.out) as { kind: string; paired: number; exact: { value: number } };
    expect(report).toMatchObject({ kind: "answers", paired: 2 });
    expect(report.exact.value).toBe(0.5);
  });
});

/** `tooluse run` with the never-call baseline, json protocol, into `out`. */
const neverCallRun = (out: string, ...flags: string[]) =>
  cli("run", "--backend", "never-call", "--protocol", "json", ...flags, "--out", out);

describe("review add and export: verdict, and tooluse disputes", () => {
  const db = at("verdict.sqlite");
  let results = "";
  beforeAll(async () => {
    results = at("never-call.json");
    const run = await neverCallRun(results, "--limit", "3");
    if (run.code !== 0) throw new Error(run.err);
  });

  it("adds a task per scored record, and lists disputes with annotator, reason and the grader's verdict", async () => {
    const added = await cli("review", "add", "--db", db, "--kind", "verdict", "--results", results);
    expect(added).toMatchObject({ code: 0, out: `added 3 verdict task(s) to ${db}\n`, err: "" });
    const store = openReviewStore(db);
    const tasks = store.listTasks({ kind: "verdict" });
    store.addLabel(tasks[0]?.id as number, "alice", {
      verdict: "dispute",
      reason: "the case\u001b[31m allows no call",
    });
    store.addLabel(tasks[1]?.id as number, "alice", { verdict: "agree" });
    store.addLabel(tasks[1]?.id as number, "bob", { verdict: "dispute", reason: "wrong expectation" });
    const caseIds = tasks.map(
      (t) => (store.getTask(t.id)?.payload as { case_id: string } | undefined)?.case_id,
    );
    store.close();

    const text = await cli("disputes", "--db", db);
    expect(text.code).toBe(0);
    const lines = text.out.trimEnd().split("\n");
    expect(lines[0]).toBe(`2 disputed verdict(s) in ${db}`);
    expect(lines[1]).toMatch(
      new RegExp(
        `^${caseIds[0]} \\(json\\) never-call — alice: the case.\\[31m allows no call \\[grader: (pass|fail)`,
      ),
    );
    expect(lines[1]).not.toContain("\u001b");
    expect(lines[2]).toMatch(new RegExp(`^${caseIds[1]} \\(json\\) never-call — bob: wrong expectation`));

    const json = await cli("disputes", "--db", db, "--json");
    const listed = JSON.parse(json.out) as {
      case_id: string;
      annotator: string;
      reason: string;
      model: string;
      grader_verdict: { passed: boolean };
    }[];
    expect(listed.map((d) => [d.case_id, d.annotator, d.model])).toEqual([
      [caseIds[0], "alice", "never-call"],
      [caseIds[1], "bob", "never-call"],
    ]);
    expect(typeof listed[0]?.grader_verdict.passed).toBe("boolean");

    const exported = await cli(
      "review",
      "export",
      "--db",
      db,
      "--kind",
      "verdict",
      "--out",
      at("disputes.jsonl"),
    );
    expect(exported.out).toMatch(/^exported 3 verdict label\(s\) by alice, bob to /);
    expect(
      (readLines(at("disputes.jsonl")) as { annotator: string; verdict: string }[]).map((l) => [
        l.annotator,
        l.verdict,
      ]),
    ).toEqual([
      ["alice", "dispute"],
      ["alice", "agree"],
      ["bob", "dispute"],
    ]);
  });

  it("adds records whose corpus is gone, and says on stderr that they show no case", async () => {
    const corpus = at("moved-cases.jsonl");
    copyFileSync(join(DATA_DIR, "tooluse1.jsonl"), corpus);
    const moved = at("moved-run.json");
    const run = await neverCallRun(moved, "--cases", corpus, "--limit", "2");
    expect(run.code, run.err).toBe(0);
    rmSync(corpus);
    const added = await cli(
      "review",
      "add",
      "--db",
      at("moved.sqlite"),
      "--kind",
      "verdict",
      "--results",
      moved,
    );
    expect(added.code).toBe(0);
    expect(added.out).toBe(`added 2 verdict task(s) to ${at("moved.sqlite")}\n`);
    expect(added.err).toMatch(
      /^warning: 2 verdict task\(s\) show no case \(question, expectation\): no corpus file with digest sha256:[0-9a-f]+ found/m,
    );
    expect(added.err).toMatch(
      /^warning: .*moved-run\.json: verdicts and breakdowns shown as stored, not re-graded/m,
    );
  });

  it("shows reviewers the re-graded verdict of a hand-edited record, and names the edit (negative control: stored ones are not trusted)", async () => {
    const edited = JSON.parse(readFileSync(results, "utf8"));
    const first = edited.records[0];
    first.verdict.passed = !first.verdict.passed;
    writeFileSync(at("edited-run.json"), JSON.stringify(edited));
    const added = await cli(
      "review",
      "add",
      "--db",
      at("edited.sqlite"),
      "--kind",
      "verdict",
      "--results",
      at("edited-run.json"),
    );
    expect(added.code).toBe(0);
    expect(added.err).toMatch(
      new RegExp(
        `^warning: .*edited-run\\.json: records\\[0\\] \\(${first.id}, ${first.protocol}\\): stored (passed|failed), re-graded (passed|failed)$`,
        "m",
      ),
    );
    const store = openReviewStore(at("edited.sqlite"));
    try {
      const [summary] = store.listTasks({ kind: "verdict" });
      const task = store.getTask(summary?.id as number) as { payload: { verdict: { passed: boolean } } };
      expect(task.payload.verdict.passed).toBe(!first.verdict.passed);
    } finally {
      store.close();
    }
  });

  it("no disputes is a plain line, exit 0", async () => {
    const empty = at("empty.sqlite");
    openReviewStore(empty).close();
    expect(await cli("disputes", "--db", empty)).toMatchObject({
      code: 0,
      out: `no disputed verdicts in ${empty}\n`,
    });
  });
});

describe("review add: plan-rating from refined lineages", () => {
  it("rates each lineage's final plan, and needs exactly one of --plans and --lineages", async () => {
    const db = at("refined.sqlite");
    const queries = jsonl("refined-queries.jsonl", [
      {
        query_id: "q1",
        query: "How many calls?",
        best_plan: '{1: {"step": T2S([], "How many calls?"), "depends_on": []}}',
      },
    ]);
    const final = { steps: [{ id: 1, tool: "T2S", inputs: [], prompt: "How many calls?", depends_on: [] }] };
    const first = { steps: [{ id: 1, tool: "RAG", inputs: [], prompt: "How many calls?", depends_on: [] }] };
    const lineages = jsonl("refined.jsonl", [
      {
        query_id: "q1",
        planner: "p",
        prompt_type: "with_lineage",
        query: "How many calls?",
        lineage: [{ plan: first }, { plan: final }],
        events: [],
      },
    ]);
    const added = await cli(
      "review",
      "add",
      "--db",
      db,
      "--kind",
      "plan-rating",
      "--queries",
      queries,
      "--lineages",
      lineages,
    );
    expect(added).toMatchObject({ code: 0, out: `added 1 plan-rating task(s) to ${db}\n` });
    const store = openReviewStore(db);
    const task = store.listTasks({ kind: "plan-rating" })[0];
    const payload = store.getTask(task?.id ?? 0)?.payload as
      | { candidate: { text: string }; evaluator: { rating: string } }
      | undefined;
    store.close();
    expect(payload?.candidate.text).toContain("T2S(");
    expect(payload?.evaluator.rating).toBe("Extremely Good");
    const neither = await cli("review", "add", "--db", db, "--kind", "plan-rating", "--queries", queries);
    expect(neither).toMatchObject({
      code: 2,
      err: "tooluse: plan-rating needs --plans FILE (plan lines) or --lineages FILE (plan refine --out), one of them\n",
    });
  });
});

describe("review add --kind verdict --failures-only", () => {
  it("adds only the records that did not pass, and says how many passing ones it left out", async () => {
    const results = at("never-call-sample.json");
    const run = await neverCallRun(results, "--sample", "8");
    if (run.code !== 0) throw new Error(run.err);
    const records = (JSON.parse(readFileSync(results, "utf8")) as { records: ResultRecord[] }).records;
    const failed = records.filter((r) => r.verdict?.passed === false).map((r) => r.id);
    // The sample holds both, or the test proves nothing: never-call passes the abstain cases only.
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.length).toBeLessThan(records.length);
    const db = at("failures-only.sqlite");
    const added = await cli(
      "review",
      "add",
      "--db",
      db,
      "--kind",
      "verdict",
      "--results",
      results,
      "--failures-only",
    );
    expect(added).toMatchObject({
      code: 0,
      out: `added ${failed.length} verdict task(s) to ${db}; ${records.length - failed.length} passing record(s) left out (--failures-only)\n`,
      err: "",
    });
    const store = openReviewStore(db);
    try {
      const ids = store
        .listTasks({ kind: "verdict" })
        .map((t) => (store.getTask(t.id)?.payload as { case_id: string } | undefined)?.case_id);
      expect(ids.sort()).toEqual([...failed].sort());
    } finally {
      store.close();
    }
    // The control: without the flag every scored record is a task.
    const all = at("all-verdicts.sqlite");
    const every = await cli("review", "add", "--db", all, "--kind", "verdict", "--results", results);
    expect(every.out).toBe(`added ${records.length} verdict task(s) to ${all}\n`);
  });

  it("is refused for a kind other than verdict, by name", async () => {
    const db = at("not-verdict.sqlite");
    const refused = await cli(
      "review",
      "add",
      "--db",
      db,
      "--kind",
      "triplet",
      "--queries",
      QUERIES,
      "--failures-only",
    );
    expect(refused).toMatchObject({
      code: 2,
      out: "",
      err: "tooluse: --failures-only: --kind triplet does not read it; it picks verdict records: --kind verdict --results FILE --failures-only\n",
    });
  });
});

interface ResultRecord {
  id: string;
  verdict: { passed: boolean } | null;
}

describe("review add: triplets of refined lineages, and verdict records that errored", () => {
  it("takes the last three revisions of each refined lineage of three or more, keeping planner and prompt type", async () => {
    const db = at("refined-triplets.sqlite");
    const step = (tool: string, prompt: string) => ({
      steps: [{ id: 1, tool, inputs: [], prompt, depends_on: [] }],
    });
    const line = (planner: string, plans: object[]) => ({
      query_id: "q1",
      planner,
      prompt_type: "with_lineage",
      query: "How many calls?",
      lineage: plans.map((plan) => ({ plan })),
      events: [],
    });
    const plans = [
      step("RAG", "calls"),
      step("RAG", "How many calls?"),
      step("T2S", "calls"),
      step("T2S", "How many calls?"),
    ];
    const lineages = jsonl("refined-triplets.jsonl", [line("p", plans), line("short", plans.slice(0, 2))]);
    const added = await cli("review", "add", "--db", db, "--kind", "triplet", "--lineages", lineages);
    expect(added).toMatchObject({ code: 0, out: `added 1 triplet task(s) to ${db}\n` });
    const store = openReviewStore(db);
    const task = store.listTasks({ kind: "triplet" })[0];
    const payload = store.getTask(task?.id ?? 0)?.payload as
      | {
          planner: string;
          prompt_type: string;
          slots: { slot: string; plan: { text: string } }[];
          truth: Record<string, string>;
        }
      | undefined;
    const byPosition = Object.fromEntries(
      (payload?.slots ?? []).map((s) => [
        payload?.truth[s.slot],
        s.plan.text
          .match(/(RAG|T2S)\(\[\], "([^"]+)"/)
          ?.slice(1)
          .join(" "),
      ]),
    );
    expect(byPosition).toEqual({
      best: "T2S How many calls?",
      penultimate: "T2S calls",
      antepenultimate: "RAG How many calls?",
    });
    store.addLabel(task?.id ?? 0, "alice", { ranks: { A: 1, B: 2, C: 3 } });
    store.close();
    expect(payload).toMatchObject({ planner: "p", prompt_type: "with_lineage" });
    const out = await cli(
      "review",
      "export",
      "--db",
      db,
      "--kind",
      "triplet",
      "--out",
      at("refined-triplets.out.jsonl"),
    );
    expect(out.code).toBe(0);
    expect(
      readLines(at("refined-triplets.out.jsonl")).map(
        (l: { planner: string; prompt_type: string; lineage_planner: string }) => [
          l.planner,
          l.prompt_type,
          l.lineage_planner,
        ],
      ),
    ).toEqual([
      ["best", "with_lineage", "p"],
      ["penultimate", "with_lineage", "p"],
      ["antepenultimate", "with_lineage", "p"],
    ]);
  });

  it("leaves out records that errored, and says how many", async () => {
    // The results file the verdict tests above wrote with `tooluse run`.
    const source = at("never-call.json");
    const results = JSON.parse(readFileSync(source, "utf8")) as { records: Record<string, unknown>[] };
    const first = results.records[0] as Record<string, unknown>;
    Object.assign(first, { status: "error", verdict: null, error: "timeout", output: null });
    writeFileSync(at("with-error.json"), JSON.stringify(results));
    const db = at("errored.sqlite");
    const added = await cli(
      "review",
      "add",
      "--db",
      db,
      "--kind",
      "verdict",
      "--results",
      at("with-error.json"),
    );
    expect(added).toMatchObject({
      code: 0,
      out: `added 2 verdict task(s) to ${db}; 1 errored record(s) left out: no verdict to review\n`,
    });
  });
});
