/**
 * The Done-when, end to end through the command line: a fresh database with tasks from the shipped planning
 * data (`review add`), 50 labels posted through the API of a `tooluse review` process by two annotators at once, the
 * process killed with SIGKILL the moment the last label is acknowledged, restarted, and `review export` holding all
 * 50; then `plan agree` reads the exported files as they are.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../cli/main.js";
import { DATA_DIR } from "../../paths.js";
import { captureIo } from "../../test-support/capture-io.js";
import { tempDir } from "../../test-support/temp.js";
import type { StoredLabel, TaskDetail, TaskSummary, TripletPayload } from "../contract.js";
import { pageToken, serveProcess } from "./test-support/serve-process.js";

const QUERIES = join(DATA_DIR, "plans/queries.jsonl");
const dir = tempDir("tooluse-review-durability-");
const at = (name: string) => join(dir.path, name);
const db = at("review.sqlite");

async function cli(...argv: string[]) {
  const io = captureIo();
  const code = await main(argv, io);
  return { code, out: io.out, err: io.err };
}

async function ok(...argv: string[]): Promise<string> {
  const result = await cli(...argv);
  if (result.code !== 0) throw new Error(`tooluse ${argv.join(" ")}: ${result.err}`);
  return result.out;
}

/** Plan lines for step-tags tasks, from the shipped data: each of the first train lineages' first draft. */
function draftPlans(count: number): string {
  const lines = readFileSync(QUERIES, "utf8").split("\n").filter(Boolean);
  const train = lines.map((line) => JSON.parse(line)).filter((q) => q.split === "train" && q.lineage);
  return `${train
    .slice(0, count)
    .map((q) =>
      JSON.stringify({
        query_id: q.query_id,
        planner: "draft",
        prompt_type: "first",
        plan: q.lineage[0].plan,
      }),
    )
    .join("\n")}\n`;
}

async function post(url: string, token: string, id: number, body: unknown): Promise<StoredLabel> {
  const response = await fetch(new URL(`api/tasks/${id}/labels`, url), {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Review-Token": token },
    body: JSON.stringify(body),
  });
  if (response.status !== 201)
    throw new Error(`task ${id}: HTTP ${response.status}: ${await response.text()}`);
  return (await response.json()) as StoredLabel;
}

async function tasks(url: string, query: string): Promise<TaskSummary[]> {
  return (await (await fetch(new URL(`api/tasks?${query}`, url))).json()) as TaskSummary[];
}

const RANKS = [
  { A: 1, B: 2, C: 3 },
  { A: 2, B: 1, C: 3 },
  { A: 3, B: 2, C: 1 },
];

beforeAll(async () => {
  writeFileSync(at("plans.jsonl"), draftPlans(6));
  await ok("review", "add", "--db", db, "--kind", "lineage", "--queries", QUERIES);
  await ok("review", "add", "--db", db, "--kind", "triplet", "--queries", QUERIES);
  await ok(
    "review",
    "add",
    "--db",
    db,
    "--kind",
    "step-tags",
    "--plans",
    at("plans.jsonl"),
    "--queries",
    QUERIES,
  );
}, 120_000);
afterAll(() => dir.remove());

describe("labels survive SIGKILL (issue 19, Done when)", () => {
  const posted: StoredLabel[] = [];
  /** Which revision each slot of the first triplet held, to check the export against what was posted. */
  let firstTruth: Record<"A" | "B" | "C", string> = { A: "", B: "", C: "" };

  it("a tooluse review process takes 50 labels from two annotators at once, then dies by SIGKILL", async () => {
    const server = serveProcess(["--db", db, "--port", "0"]);
    const url = await server.url;
    const token = await pageToken(url);
    const lineage = (await tasks(url, "kind=lineage")).slice(0, 10);
    const triplets = (await tasks(url, "kind=triplet")).slice(0, 15);
    const steps = (await tasks(url, "kind=step-tags")).slice(0, 5);
    expect([lineage.length, triplets.length, steps.length]).toEqual([10, 15, 5]);
    const detail = (await (await fetch(new URL(`api/tasks/${triplets[0]?.id}`, url))).json()) as TaskDetail;
    firstTruth = (detail.payload as TripletPayload).truth;

    for (const task of lineage)
      posted.push(await post(url, token, task.id, { annotator: "ann", action: "accept" }));
    // Both annotators on the same task at the same moment: each label is kept under its own name.
    for (const [i, task] of triplets.entries()) {
      const pair = await Promise.all([
        post(url, token, task.id, { annotator: "ann", ranks: RANKS[i % 3] }),
        post(url, token, task.id, { annotator: "ben", ranks: RANKS[(i + (i % 5 === 0 ? 1 : 0)) % 3] }),
      ]);
      posted.push(...pair);
    }
    for (const [i, task] of steps.entries()) {
      const pair = await Promise.all([
        post(url, token, task.id, {
          annotator: "ann",
          tags: i % 2 === 0 ? ["NO CHANGE"] : ["INCORRECT TOOL"],
        }),
        post(url, token, task.id, {
          annotator: "ben",
          tags: i % 3 === 0 ? ["INCORRECT TOOL"] : ["NO CHANGE"],
        }),
      ]);
      posted.push(...pair);
    }
    // Killed the moment the 50th label is acknowledged: no shutdown, no checkpoint, no flush.
    server.child.kill("SIGKILL");
    expect(await server.exit).toBeNull();
    expect(posted).toHaveLength(50);
    expect(new Set(posted.map((l) => l.id)).size).toBe(50);
  }, 120_000);

  it("restarted, the server has every label; review export holds all 50, each annotator apart", async () => {
    const server = serveProcess(["--db", db, "--port", "0"]);
    const url = await server.url;
    try {
      expect(await (await fetch(new URL("api/health", url))).json()).toMatchObject({ ok: true });
      expect(await tasks(url, "kind=triplet&state=done&annotator=ben")).toHaveLength(15);
      expect(await tasks(url, "kind=lineage&state=done&annotator=ann")).toHaveLength(10);
    } finally {
      server.child.kill("SIGTERM");
      expect(await server.exit).toBe(0);
    }

    const exportOf = (annotator: string, kind: string, out: string) =>
      ok("review", "export", "--db", db, "--annotator", annotator, "--kind", kind, "--out", at(out));
    const exported = [
      await exportOf("ann", "lineage", "lineage.yaml"),
      await exportOf("ann", "triplet", "ann-triplets.jsonl"),
      await exportOf("ben", "triplet", "ben-triplets.jsonl"),
      await exportOf("ann", "step-tags", "ann-tags.jsonl"),
      await exportOf("ben", "step-tags", "ben-tags.jsonl"),
    ];
    const counts = exported.map((line) => Number(/^exported (\d+) /.exec(line)?.[1]));
    expect(counts).toEqual([10, 15, 15, 5, 5]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(50);

    // The files themselves: three score lines per triplet, one tag line per step, one YAML entry per lineage.
    const lines = (file: string) => readFileSync(at(file), "utf8").split("\n").filter(Boolean);
    expect(lines("ann-triplets.jsonl")).toHaveLength(45);
    expect(lines("ben-tags.jsonl")).toHaveLength(5);
    expect(readFileSync(at("lineage.yaml"), "utf8").match(/^- query_id: /gm) ?? []).toHaveLength(10);
    // What was posted is what was exported: ann ranked the first triplet A 1, B 2, C 3, and export writes each
    // slot's revision (best, penultimate, antepenultimate) with total = 4 − rank.
    const first = lines("ann-triplets.jsonl")
      .slice(0, 3)
      .map((line) => JSON.parse(line) as { planner: string; total: number });
    expect(Object.fromEntries(first.map((l) => [l.planner, l.total]))).toEqual({
      [firstTruth.A]: 3,
      [firstTruth.B]: 2,
      [firstTruth.C]: 1,
    });
  }, 120_000);

  it("plan agree reads the exported files without conversion: triplet rankings and step tags", async () => {
    const triplets = await cli(
      "plan",
      "agree",
      "--gold",
      at("ann-triplets.jsonl"),
      "--judged",
      at("ben-triplets.jsonl"),
      "--json",
    );
    expect(triplets.err).toBe("");
    expect(triplets.code).toBe(0);
    const report = JSON.parse(triplets.out);
    expect(report.kind).toBe("scores");
    expect(JSON.stringify(report)).toMatch(/"triplet/);

    const tags = await cli(
      "plan",
      "agree",
      "--gold",
      at("ann-tags.jsonl"),
      "--judged",
      at("ben-tags.jsonl"),
      "--json",
    );
    expect(tags.err).toBe("");
    expect(tags.code).toBe(0);
    expect(JSON.parse(tags.out).kind).toBe("tags");
  }, 60_000);
});
