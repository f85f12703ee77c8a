/**
 * The plan runner and its executors, under one suite run on both engines (DuckDB, and PostgreSQL on a throw-away
 * server holding the same workspace): every best plan executed by the oracle and by the scripted model, then
 * placeholder filling, parallel steps, failures, the repair turn, hostile model SQL, cited ids and resume.
 */

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATA_DIR } from "../../paths.js";
import type { Plan } from "../../plans/model.js";
import { describeWith } from "../../test-support/requirements.js";
import { tempDir } from "../../test-support/temp.js";
import { STORE_FILE } from "../../workspace/build.js";
import { storeSchema } from "../../workspace/description.js";
import { openPostgresEngine } from "../../workspace/engines/postgres.js";
import { loadIntoPostgres } from "../../workspace/engines/postgres-load.js";
import { openWorkspace, type Workspace } from "../../workspace/open.js";
import { POSTGRES_SERVER, startPostgres, type TestPostgres } from "../../workspace/test-support/postgres.js";
import { correctness } from "../ground-truth/correct.js";
import { readVocabulary } from "../ground-truth/mentions.js";
import { computeReferenceAnswers, type ReferenceAnswer } from "../ground-truth/reference-answers.js";
import { readReferences } from "../ground-truth/references.js";
import { storeDescriptionOf } from "../store-description.js";
import { smallTestWorkspace } from "../test-support/workspaces.js";
import { type Ask, type ModelRequest, NO_MODEL } from "./ask.js";
import { StepJournal } from "./journal.js";
import { oracleExecutors } from "./oracle.js";
import { executePlans, type PlanAnswer, type PlanToRun } from "./runner.js";
import { type ScriptedQuery, scriptedModel } from "./scripted-model.js";
import { T2S_ROLE } from "./t2s-prompt.js";

const QUERIES = readFileSync(join(DATA_DIR, "plans", "queries.jsonl"), "utf8")
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line) as ScriptedQuery & { query: string; is_subjective: boolean });
const REFERENCES = readReferences();
const LIMITS = { timeoutMs: 20_000, rowCap: 50_000 };
const BEST: PlanToRun[] = QUERIES.map((q) => ({
  key: `${q.query_id}/best`,
  queryId: q.query_id,
  query: q.query,
  plan: q.best_plan,
}));

const reply = (text: string) => ({ text, latencyMs: 1, tokens: { prompt: 10, completion: 5 } });
const sqlReply = (sql: string) => reply(`\`\`\`sql\n${sql}\n\`\`\``);
const userOf = (request: ModelRequest) =>
  String(request.messages.filter((m) => m.role === "user")[0]?.content ?? "");
const isT2S = (request: ModelRequest) => String(request.messages[0]?.content ?? "").startsWith(T2S_ROLE);

/** A model for hand-made plans: T2S prompts map to SQL, everything else is echoed. */
function mapAsk(sqlByPrompt: Record<string, string>, record: ModelRequest[] = []): Ask {
  return async (request) => {
    record.push(request);
    if (isT2S(request)) return sqlReply(sqlByPrompt[userOf(request)] ?? "SELECT 'unknown prompt' AS error");
    return reply(`echo: ${userOf(request)}`);
  };
}

function plan(steps: Plan["steps"]): Plan {
  return { steps };
}

const t2s = (id: number, prompt: string, inputs: number[] = []) => ({
  id,
  tool: "T2S" as const,
  inputs,
  prompt,
  depends_on: inputs,
});
const llm = (id: number, prompt: string, depends_on: number[]) => ({
  id,
  tool: "LLM" as const,
  inputs: depends_on,
  prompt,
  depends_on,
});

function executorSuite(name: string, open: () => Promise<Workspace>) {
  describe(`plans executed on ${name}`, () => {
    let workspace: Workspace;
    let references: ReferenceAnswer[];
    let vocabulary: Awaited<ReturnType<typeof readVocabulary>>;
    const temp = tempDir("tooluse-execute-");
    beforeAll(async () => {
      workspace = await open();
      references = await computeReferenceAnswers(workspace.engine, REFERENCES);
      vocabulary = await readVocabulary(workspace.engine);
    }, 600_000);
    afterAll(async () => {
      await workspace?.close();
      temp.remove();
    });

    function accuracy(answers: readonly PlanAnswer[]): string[] {
      return references.flatMap((reference) => {
        const answer = answers.find((a) => a.query_id === reference.query_id)?.answer ?? null;
        const verdict = correctness(answer, reference, vocabulary);
        return verdict.correct
          ? []
          : [`${reference.query_id}: ${JSON.stringify(verdict.facts.filter((f) => !f.found))}`];
      });
    }

    it("answers every best plan with the oracle and reproduces every reference answer", {
      timeout: 600_000,
    }, async () => {
      const answers = await executePlans(BEST, workspace, NO_MODEL, {
        executors: oracleExecutors(workspace, REFERENCES, LIMITS),
        identity: "oracle",
      });
      expect(answers.filter((a) => a.status !== "answered").map((a) => `${a.key}: ${a.error}`)).toEqual([]);
      expect(references).toHaveLength(QUERIES.filter((q) => !q.is_subjective).length);
      expect(accuracy(answers)).toEqual([]);
    });

    it("answers every best plan through the model executors with the scripted model", {
      timeout: 600_000,
    }, async () => {
      const model = scriptedModel(QUERIES, REFERENCES);
      expect(model.ambiguous).toEqual([]);
      const answers = await executePlans(BEST, workspace, model.ask, { concurrency: 4 });
      expect(answers.filter((a) => a.status !== "answered").map((a) => `${a.key}: ${a.error}`)).toEqual([]);
      expect(accuracy(answers)).toEqual([]);
      const steps = answers.flatMap((a) => a.steps);
      expect(steps).toHaveLength(QUERIES.reduce((n, q) => n + q.best_plan.steps.length, 0));
      for (const step of steps.filter((s) => s.tool === "T2S")) {
        expect(step.details.sql).toHaveLength(1);
        expect(step.details.requests[0]?.[0]?.content).toContain(workspace.engine.dialect);
      }
      for (const step of steps.filter((s) => s.tool === "RAG")) {
        expect(step.details.sample ?? 0).toBeLessThanOrEqual(200);
        const read = new Set(step.details.passages.map((p) => p.interaction_id));
        for (const insight of step.output?.insights ?? [])
          for (const id of insight.interaction_ids) expect(read).toContain(id);
      }
    });

    it("fills (k), (query), (tool k) and (sub-query k) from earlier steps", async () => {
      const seen: ModelRequest[] = [];
      const ask = mapAsk(
        {
          "Count the calls.": "SELECT count(*) AS calls FROM interactions WHERE channel = 'call'",
          "Count the chats.": "SELECT count(*) AS chats FROM interactions WHERE channel = 'chat'",
        },
        seen,
      );
      const [answer] = await executePlans(
        [
          {
            key: "fill",
            queryId: "fill",
            query: "How many calls and chats?",
            plan: plan([
              t2s(1, "Count the calls."),
              t2s(2, "Count the chats."),
              llm(3, "(tool 1) was asked (sub-query 1) and gave (1); chats: (2). Answer (query)", [1, 2]),
            ]),
          },
        ],
        workspace,
        ask,
      );
      const llmPrompt = userOf(seen.find((r) => !isT2S(r)) as ModelRequest);
      expect(llmPrompt).toMatch(
        /^T2S was asked "Count the calls\." and gave \[output of step 1: calls: \d+\]; chats: \[output of step 2: chats: \d+\]\. Answer "How many calls and chats\?"$/,
      );
      expect(answer?.status).toBe("answered");
      expect(answer?.answer).toBe(`echo: ${llmPrompt}`);
      expect(answer?.steps.map((s) => s.inputs)).toEqual([[], [], [1, 2]]);
    });

    it("runs independent steps in parallel and a step only after everything it needs", async () => {
      let running = 0;
      let peak = 0;
      const events: string[] = [];
      const ask: Ask = async (request) => {
        const prompt = userOf(request);
        running++;
        peak = Math.max(peak, running);
        events.push(`start ${prompt.slice(0, 12)}`);
        await new Promise((resolve) => setTimeout(resolve, 150));
        events.push(`end ${prompt.slice(0, 12)}`);
        running--;
        return isT2S(request) ? sqlReply("SELECT 1 AS one") : reply("done");
      };
      const [answer] = await executePlans(
        [
          {
            key: "parallel",
            queryId: "parallel",
            query: "q",
            plan: plan([
              t2s(1, "First branch"),
              t2s(2, "Second branch"),
              t2s(3, "Third branch"),
              llm(4, "Join (1), (2) and (3)", [1, 2, 3]),
            ]),
          },
        ],
        workspace,
        ask,
        { concurrency: 4 },
      );
      expect(answer?.status).toBe("answered");
      expect(peak).toBe(3);
      const joinStart = events.indexOf("start Join [output");
      expect(joinStart).toBeGreaterThan(
        Math.max(
          ...["First branch", "Second branch", "Third branch"].map((p) =>
            events.indexOf(`end ${p.slice(0, 12)}`),
          ),
        ),
      );
    });

    it("records a failed step as failed, skips what needs it, and gives no answer", async () => {
      const ask: Ask = async (request) => {
        if (userOf(request) === "Count the chats.") throw new Error("backend unreachable");
        return isT2S(request) ? sqlReply("SELECT 1 AS one") : reply("an answer that must not appear");
      };
      const [answer] = await executePlans(
        [
          {
            key: "fail",
            queryId: "fail",
            query: "q",
            plan: plan([
              t2s(1, "Count the calls."),
              t2s(2, "Count the chats."),
              llm(3, "Join (1) and (2)", [1, 2]),
            ]),
          },
        ],
        workspace,
        ask,
      );
      expect(answer?.status).toBe("failed");
      expect(answer?.answer).toBeNull();
      expect(answer?.steps.map((s) => s.status)).toEqual(["ok", "failed", "skipped"]);
      expect(answer?.steps[1]?.error).toBe("backend unreachable");
      expect(answer?.steps[2]?.error).toBe("step 2 did not succeed");
    });

    it("gives the model one repair turn after an SQL error, and fails the step after a second", async () => {
      const faulty = scriptedModel(QUERIES, REFERENCES, {
        breakFirst: (p) => p.startsWith("How many calls with the call driver delivery delay were received"),
        alwaysBreak: (p) =>
          p.startsWith(
            "How many calls with the call driver delivery delay received last week were escalated",
          ),
      });
      const te001 = BEST.find((p) => p.queryId === "te-001") as PlanToRun;
      const [answer] = await executePlans([te001], workspace, faulty.ask);
      const [first, second] = answer?.steps ?? [];
      expect(first?.status).toBe("ok");
      expect(first?.details.sql.map((q) => q.ok)).toEqual([false, true]);
      expect(String(first?.details.requests[1]?.at(-1)?.content)).toMatch(
        /^That query failed: .*no_such_table/is,
      );
      expect(second?.status).toBe("failed");
      expect(second?.details.sql.map((q) => q.ok)).toEqual([false, false]);
      expect(answer?.status).toBe("failed");
    });

    it("refuses hostile SQL from the model and leaves the store as it was", async () => {
      const before = await workspace.engine.query("SELECT count(*) FROM interactions", [], LIMITS);
      for (const sql of [
        "DROP TABLE interactions",
        "SELECT 1; DELETE FROM interactions",
        "DELETE FROM moments",
      ]) {
        const [answer] = await executePlans(
          [{ key: "hostile", queryId: "hostile", query: "q", plan: plan([t2s(1, "Anything")]) }],
          workspace,
          async () => sqlReply(sql),
        );
        expect(answer?.status).toBe("failed");
        expect(
          answer?.steps[0]?.details.sql.every((q) => !q.ok && /^refused|^sql-error/.test(q.error ?? "")),
        ).toBe(true);
      }
      expect(await workspace.engine.query("SELECT count(*) FROM interactions", [], LIMITS)).toMatchObject({
        ok: true,
        rows: before.ok ? before.rows : [],
      });
    });

    it("drops cited ids that the RAG step never read, and says so", async () => {
      const model = scriptedModel(QUERIES, REFERENCES, { foreignId: "IX9999999" });
      const te002 = BEST.find((p) => p.queryId === "te-002") as PlanToRun;
      const [answer] = await executePlans([te002], workspace, model.ask);
      const rag = answer?.steps[1];
      expect(rag?.status).toBe("ok");
      expect(rag?.details.issues.join(" ")).toMatch(
        /dropped 1 cited id\(s\) that are not among the interactions read: IX9999999/,
      );
      expect(JSON.stringify(rag?.output)).not.toContain("IX9999999");
    });

    it("refuses a plan that cannot be executed, without running any step", async () => {
      const asked: ModelRequest[] = [];
      const answers = await executePlans(
        [
          {
            key: "cycle",
            queryId: "c",
            query: "q",
            plan: plan([llm(1, "Use (2)", [2]), llm(2, "Use (1)", [1])]),
          },
          {
            key: "missing",
            queryId: "m",
            query: "q",
            plan: plan([t2s(1, "Fetch ids"), llm(2, "Use (5)", [5])]),
          },
        ],
        workspace,
        mapAsk({}, asked),
      );
      expect(answers.map((a) => [a.status, a.error])).toEqual([
        ["failed", "not executable: the steps' dependencies form a cycle"],
        ["failed", "not executable: step 2 refers to step 5, which the plan does not have"],
      ]);
      expect(asked).toEqual([]);
    });

    it("never journals a step that finished after an interruption: a resume runs it again", async () => {
      const path = join(temp.path, `${name}.interrupted.journal.jsonl`);
      const te007 = BEST.find((p) => p.queryId === "te-007") as PlanToRun;
      const oracle = oracleExecutors(workspace, REFERENCES, LIMITS);
      const controller = new AbortController();
      // An engine cut short can hand back a prefix of its rows without an error: the step "succeeds" after Ctrl-C.
      const cutShort = {
        ...oracle,
        T2S: {
          async run(request: Parameters<typeof oracle.T2S.run>[0]) {
            const result = await oracle.T2S.run(request);
            controller.abort(new Error("interrupted"));
            return result;
          },
        },
      };
      const first = await executePlans([te007], workspace, NO_MODEL, {
        executors: cutShort,
        journal: StepJournal.open(path, false),
        identity: "oracle",
        signal: controller.signal,
      });
      expect(first[0]?.status).toBe("failed");
      expect(first[0]?.steps[0]).toMatchObject({ status: "failed", error: "interrupted" });
      expect(StepJournal.open(path, true).size).toBe(0);
    });

    it("resumes from its journal: finished steps are not asked again, failed ones are", async () => {
      const path = join(temp.path, `${name}.journal.jsonl`);
      const te007 = BEST.find((p) => p.queryId === "te-007") as PlanToRun;
      const good = scriptedModel(QUERIES, REFERENCES);
      const broken = scriptedModel(QUERIES, REFERENCES, {
        failAsk: (m) => m === "What is the average QA score of these calls?",
      });
      const first = await executePlans([te007], workspace, broken.ask, {
        journal: StepJournal.open(path, false),
        identity: "scripted",
      });
      expect(first[0]?.steps.map((s) => s.status)).toEqual(["ok", "ok", "failed", "skipped"]);
      expect(() => StepJournal.open(path, false)).toThrow(/already exists: resume it/);
      const journal = StepJournal.open(path, true);
      expect(journal.size).toBe(2);
      const counting = scriptedModel(QUERIES, REFERENCES);
      const second = await executePlans([te007], workspace, counting.ask, { journal, identity: "scripted" });
      expect(second[0]?.steps.map((s) => [s.status, s.resumed])).toEqual([
        ["ok", true],
        ["ok", true],
        ["ok", false],
        ["ok", false],
      ]);
      expect(counting.requests).toHaveLength(2);
      const fresh = await executePlans([te007], workspace, good.ask);
      expect(second[0]?.answer).toBe(fresh[0]?.answer);
      // Another answerer does not reuse these steps.
      const other = scriptedModel(QUERIES, REFERENCES);
      await executePlans([te007], workspace, other.ask, {
        journal: StepJournal.open(path, true),
        identity: "another model",
      });
      expect(other.requests).toHaveLength(4);
    });
  });
}

executorSuite("DuckDB", async () => openWorkspace(await smallTestWorkspace()));

let server: TestPostgres | null = null;
afterAll(async () => server?.stop());

describeWith(POSTGRES_SERVER, "PostgreSQL", () => {
  executorSuite("PostgreSQL", async () => {
    const dir = await smallTestWorkspace();
    server = await startPostgres();
    const reader = await loadIntoPostgres({
      storeFile: join(dir, STORE_FILE),
      schema: storeSchema(storeDescriptionOf()),
      admin: server.admin,
      database: "workspace",
      reader: "t2s_reader",
    });
    const engine = await openPostgresEngine({
      connectionString: `postgres://${reader.user}@${reader.host}:${reader.port}/${reader.database}`,
    });
    return openWorkspace(dir, { engine });
  });
});
