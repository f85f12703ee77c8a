/**
 * Ground truth on the default workspace: executing every best plan with the oracle reproduces every reference
 * answer; answers with wrong figures, another query's answer, or no answer are not correct (negative controls);
 * the reference answers of the default workspace are pinned, so a generator change that moves them is seen.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATA_DIR } from "../../paths.js";
import { openWorkspace, type Workspace } from "../../workspace/open.js";
import { NO_MODEL } from "../execute/ask.js";
import { oracleExecutors } from "../execute/oracle.js";
import { executePlans, type PlanAnswer } from "../execute/runner.js";
import type { ScriptedQuery } from "../execute/scripted-model.js";
import { defaultTestWorkspace } from "../test-support/workspaces.js";
import { correctness } from "./correct.js";
import { readVocabulary, type Vocabulary } from "./mentions.js";
import { computeReferenceAnswers, type ReferenceAnswer } from "./reference-answers.js";
import { readReferences } from "./references.js";

const QUERIES = readFileSync(join(DATA_DIR, "plans", "queries.jsonl"), "utf8")
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line) as ScriptedQuery & { query: string; is_subjective: boolean });
const REFERENCES = readReferences();

/**
 * The sha256 of the default workspace's reference answers (seed 1, 20,000 interactions). It changes only when the
 * generator, the calendar or the reference SQL changes what the answers are: then bump GENERATOR_VERSION (a
 * generator change) and record the new digest here, with the reason in the commit.
 */
const DEFAULT_ANSWERS_DIGEST = "sha256:0958f7672108ef6b77b99dc22dee715971560f0729c44b5287c008096e356b72";

let workspace: Workspace;
let references: ReferenceAnswer[];
let vocabulary: Vocabulary;
let answers: PlanAnswer[];

beforeAll(async () => {
  workspace = await openWorkspace(await defaultTestWorkspace());
  references = await computeReferenceAnswers(workspace.engine, REFERENCES);
  vocabulary = await readVocabulary(workspace.engine);
  answers = await executePlans(
    QUERIES.map((q) => ({ key: q.query_id, queryId: q.query_id, query: q.query, plan: q.best_plan })),
    workspace,
    NO_MODEL,
    { executors: oracleExecutors(workspace, REFERENCES, { timeoutMs: 30_000, rowCap: 100_000 }) },
  );
}, 900_000);
afterAll(async () => workspace?.close());

const answerOf = (id: string) => answers.find((a) => a.query_id === id)?.answer ?? null;

describe("the reference answers of the default workspace", () => {
  it("exist for every objective query, and are pinned", () => {
    expect(references.map((r) => r.query_id)).toEqual(
      QUERIES.filter((q) => !q.is_subjective).map((q) => q.query_id),
    );
    // Nine significant digits: DuckDB's parallel sums differ in the last bits from run to run.
    const values = JSON.stringify(
      references.map((r) => r.facts.map(({ fact, ...value }) => value)),
      (_, v) => (typeof v === "number" && !Number.isInteger(v) ? Number(v.toPrecision(9)) : v),
    );
    const digest = `sha256:${createHash("sha256").update(values).digest("hex")}`;
    expect(digest).toBe(DEFAULT_ANSWERS_DIGEST);
  });

  it("are reproduced, all of them, by executing every best plan with the oracle", {
    timeout: 120_000,
  }, () => {
    expect(answers.filter((a) => a.status !== "answered").map((a) => a.key)).toEqual([]);
    const wrong = references
      .map((r) => correctness(answerOf(r.query_id), r, vocabulary))
      .filter((c) => !c.correct)
      .map((c) => `${c.query_id}: ${JSON.stringify(c.facts.filter((f) => !f.found))}`);
    expect(wrong).toEqual([]);
  });
});

describe("correctness (negative controls)", () => {
  it("rejects an answer whose figures are all off by a tenth", { timeout: 120_000 }, () => {
    const nudged = (text: string) =>
      text.replace(/(?<![\w.:-])\d+(?:\.\d+)?/g, (n) => {
        const value = Number(n);
        return String(value === 0 ? 3 : Math.round(value * 1.1 * 10_000) / 10_000 + 1);
      });
    const withFigures = references.filter((r) =>
      r.facts.some(
        (f) =>
          (f.kind === "number" && f.value !== null && f.value !== 0) ||
          (f.kind === "groups" && f.groups.some((g) => g.value !== null && g.value !== 0)),
      ),
    );
    expect(withFigures.length).toBeGreaterThan(60);
    const stillCorrect = withFigures.filter(
      (r) => correctness(nudged(answerOf(r.query_id) ?? ""), r, vocabulary).correct,
    );
    expect(stillCorrect.map((r) => r.query_id)).toEqual([]);
  });

  it("rejects another query's answer (almost always) and a missing answer (always)", {
    timeout: 120_000,
  }, () => {
    const shifted = references.filter((r, i) => {
      const other = references[(i + 1) % references.length] as ReferenceAnswer;
      return correctness(answerOf(other.query_id), r, vocabulary).correct;
    });
    expect(shifted.length).toBeLessThan(references.length * 0.1);
    for (const r of references) expect(correctness(null, r, vocabulary).correct).toBe(false);
  });

  it("rejects a set with the wrong members and accepts it in another order", () => {
    const te018 = references.find((r) => r.query_id === "te-018") as ReferenceAnswer;
    const fact = te018.facts[0];
    if (fact?.kind !== "set") throw new Error("te-018 is a set");
    expect(
      correctness(`The five: ${[...fact.required].reverse().join(", ")}.`, te018, vocabulary).correct,
    ).toBe(true);
    const outsiders = (vocabulary.get("agent_name") ?? [])
      .filter((n) => !fact.required.includes(n))
      .slice(0, 5);
    expect(correctness(`The five: ${outsiders.join(", ")}.`, te018, vocabulary).correct).toBe(false);
  });
});
