/**
 * `tooluse plan execute` through main(): the oracle on the best plans (answers, traces and correctness against the
 * ground truth), a model behind an OpenAI-compatible server on 127.0.0.1 for a plans file (a readable plan answered,
 * an unreadable one counted as failed, a failing model → exit 2), the journal and --resume, and bad input as one
 * line before any work. The workspace is the shared 2,000-interaction test workspace.
 */

import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChatBody, type MockServer, startMockServer } from "../mock-server/openai-server.js";
import { storeDescriptionOf } from "../planning/store-description.js";
import { smallTestWorkspace } from "../planning/test-support/workspaces.js";
import { captureIo } from "../test-support/capture-io.js";
import { describeWith } from "../test-support/requirements.js";
import { tempDir } from "../test-support/temp.js";
import { STORE_FILE } from "../workspace/build.js";
import { storeSchema } from "../workspace/description.js";
import { loadIntoPostgres } from "../workspace/engines/postgres-load.js";
import { POSTGRES_SERVER, startPostgres, type TestPostgres } from "../workspace/test-support/postgres.js";
import { main } from "./main.js";

const dir = tempDir("tooluse-plan-execute-");
const at = (name: string) => join(dir.path, name);
let workspace = "";

async function cli(...argv: string[]) {
  const io = captureIo();
  const code = await main(argv, io);
  return { code, out: io.out, err: io.err };
}

interface Line {
  key: string;
  query_id: string;
  status: string;
  answer: string | null;
  error: string | null;
  steps: {
    step: number;
    tool: string;
    status: string;
    resumed: boolean;
    details: { sql: { text: string }[] };
  }[];
  correctness: { correct: boolean } | null;
}

const lines = (file: string): Line[] =>
  readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Line);

beforeAll(async () => {
  workspace = await smallTestWorkspace();
}, 300_000);
afterAll(() => dir.remove());

describe("plan execute with the oracle", () => {
  it("answers the selected best plans with traces, and checks each objective answer against the ground truth", async () => {
    // te-001 is objective (two counts); te-002's kind is whatever the corpus says: both get a line.
    const { code, out, err } = await cli(
      "plan",
      "execute",
      "--oracle",
      "--workspace",
      workspace,
      "--ids",
      "te-001,te-002,te-003",
      "--out",
      at("oracle.jsonl"),
    );
    expect(err).not.toMatch(/^tooluse: (?!preparing)/m);
    expect(code).toBe(0);
    const answers = lines(at("oracle.jsonl"));
    expect(answers.map((a) => a.key)).toEqual(["te-001/best", "te-002/best", "te-003/best"]);
    for (const a of answers) {
      expect(a.status).toBe("answered");
      expect(a.answer).toBeTruthy();
      expect(a.steps.every((s) => s.status === "ok")).toBe(true);
    }
    const first = answers[0];
    expect(first?.steps.map((s) => s.tool)).toEqual(["T2S", "T2S", "LLM"]);
    expect(first?.steps[0]?.details.sql[0]?.text).toMatch(/SELECT/i);
    expect(first?.correctness?.correct).toBe(true);
    const withReference = answers.filter((a) => a.correctness !== null);
    expect(out).toBe(
      `3 of 3 plans answered (${answers.reduce((n, a) => n + a.steps.length, 0)} steps, 0 failed, 0 from the journal); ${withReference.length} of ${withReference.length} answers with a reference correct; answers in ${at("oracle.jsonl")}\n`,
    );
  });

  it("takes --plans best as the default it names (the best plans of --queries), never as a file", async () => {
    const { code, err } = await cli(
      "plan",
      "execute",
      "--oracle",
      "--plans",
      "best",
      "--workspace",
      workspace,
      "--ids",
      "te-001",
      "--out",
      at("oracle-best.jsonl"),
    );
    expect(err).not.toMatch(/^tooluse: (?!preparing)/m);
    expect(code).toBe(0);
    expect(lines(at("oracle-best.jsonl")).map((a) => a.key)).toEqual(["te-001/best"]);
  });

  it("prints the answer lines on stdout without --out, and the summary as JSON with --json", async () => {
    const plain = await cli("plan", "execute", "--oracle", "--workspace", workspace, "--ids", "te-001");
    expect(plain.code).toBe(0);
    expect(JSON.parse(plain.out.trim()).key).toBe("te-001/best");
    const json = await cli(
      "plan",
      "execute",
      "--oracle",
      "--workspace",
      workspace,
      "--ids",
      "te-001",
      "--json",
    );
    expect(JSON.parse(json.out)).toMatchObject({
      plans: 1,
      answered: 1,
      failed: 0,
      with_reference: 1,
      correct: 1,
    });
  });
});

describe("plan execute with a model", () => {
  const COUNT_SQL = "SELECT count(*) AS interactions FROM interactions";
  let server: MockServer;
  let broken = false;
  const t2sTurns: ChatBody[] = [];

  beforeAll(async () => {
    server = await startMockServer({
      models: ["m"],
      script: (body) => {
        const system = String(body.messages[0]?.content ?? "");
        if (broken) return { content: "I will not write SQL today." };
        if (system.startsWith("You write SQL")) {
          t2sTurns.push(body);
          return { content: `\`\`\`sql\n${COUNT_SQL}\n\`\`\`` };
        }
        return { content: "The store holds the interactions counted in step 1." };
      },
    });
    const plan = (prompt: string) => ({
      steps: [
        { id: 1, tool: "T2S", inputs: [], prompt, depends_on: [] },
        { id: 2, tool: "LLM", inputs: [1], prompt: "Answer (query) from (1)", depends_on: [1] },
      ],
    });
    writeFileSync(
      at("plans.jsonl"),
      [
        {
          query_id: "te-001",
          planner: "p",
          prompt_type: "without_lineage",
          plan: plan("Count the interactions"),
        },
        { query_id: "te-001", planner: "p", prompt_type: "with_lineage", plan: "no plan here at all" },
      ]
        .map((r) => `${JSON.stringify(r)}\n`)
        .join(""),
    );
  });
  afterAll(async () => server.close());

  const base = () => [
    "plan",
    "execute",
    "--model",
    "m",
    "--base-url",
    server.url,
    "--no-cache",
    "--workspace",
    workspace,
    "--plans",
    at("plans.jsonl"),
  ];

  it("answers a readable plan through the model, counts an unreadable one as failed, exit 1", async () => {
    broken = false;
    const { code, err } = await cli(...base(), "--out", at("model.jsonl"));
    expect(code).toBe(1);
    const [answered, unreadable] = lines(at("model.jsonl"));
    expect(answered).toMatchObject({ key: "te-001/p/without_lineage", status: "answered" });
    expect(answered?.steps[0]?.details.sql[0]?.text).toBe(COUNT_SQL);
    expect(answered?.answer).toBe("The store holds the interactions counted in step 1.");
    // The model's prose is not the reference figures: an executed answer can be wrong, and says so.
    expect(answered?.correctness?.correct).toBe(false);
    expect(unreadable).toMatchObject({ key: "te-001/p/with_lineage", status: "failed", answer: null });
    expect(err).toMatch(/^tooluse: plan te-001\/p\/with_lineage: the plan cannot be read: /m);
    expect(err).toMatch(/^tooluse: 1 of 2 plans not answered$/m);
    const t2s = t2sTurns.at(-1);
    expect(t2s?.messages.at(-1)?.content).toBe("Count the interactions");
  });

  it("resumes from the journal: finished steps are not asked again", async () => {
    broken = false;
    const journal = at("run.journal");
    const first = await cli(...base(), "--journal", journal, "--out", at("first.jsonl"));
    expect(first.code).toBe(1);
    const requests = server.requests;
    // The model now refuses everything: only the journal can answer.
    broken = true;
    const again = await cli(...base(), "--journal", journal, "--resume", "--json");
    expect(server.requests).toBe(requests);
    expect(again.code).toBe(1);
    expect(JSON.parse(again.out)).toMatchObject({ plans: 2, answered: 1, resumed_steps: 2 });
    // Without --resume an existing journal is refused, not overwritten.
    const refused = await cli(...base(), "--journal", journal);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/^tooluse: --journal .* already exists/);
  });

  it("exits 1 when no plan is answered (a failure, not bad input), every failure named", async () => {
    broken = true;
    const { code, err } = await cli(...base(), "--out", at("none.jsonl"));
    expect(code).toBe(1);
    expect(err).toMatch(/^tooluse: no plan was answered; first failure: /m);
    expect(lines(at("none.jsonl")).every((a) => a.status === "failed" && a.answer === null)).toBe(true);
  });
});

describe("plan execute refuses bad input in one line, before any work", () => {
  const cases: [string, () => string[], RegExp][] = [
    ["no answerer", () => ["--workspace", workspace], /^tooluse: give --model <name> .* or --oracle/],
    [
      "both answerers",
      () => ["--oracle", "--model", "m"],
      /^tooluse: --oracle and --model exclude each other/,
    ],
    [
      "oracle on a plans file",
      () => ["--oracle", "--plans", at("plans.jsonl")],
      /^tooluse: --oracle runs the best plans only/,
    ],
    ["resume without a journal", () => ["--oracle", "--resume"], /^tooluse: --resume needs --journal/],
    [
      "a workspace and a seed",
      () => ["--oracle", "--workspace", workspace, "--workspace-seed", "2"],
      /^tooluse: --workspace and --workspace-seed\/--workspace-size exclude each other/,
    ],
    [
      "a size out of range",
      () => ["--oracle", "--workspace-size", "10"],
      /^tooluse: --workspace-size: expected a whole number from 2000 to 200000, got "10"/,
    ],
    [
      "not a PostgreSQL URL",
      () => ["--oracle", "--warehouse", "mysql://user:secret@x"],
      /^tooluse: --warehouse: expected a postgres:\/\/ \(or postgresql:\/\/\) connection URL$/,
    ],
    ["not a workspace", () => ["--oracle", "--workspace", dir.path], /^tooluse: --workspace .*: no manifest/],
    [
      "a warehouse that does not answer",
      () => [
        "--oracle",
        "--workspace",
        workspace,
        "--warehouse",
        "postgres://reader:secret@127.0.0.1:1/none",
      ],
      /^tooluse: --warehouse: cannot connect: /,
    ],
  ];
  for (const [name, argv, line] of cases)
    it(name, async () => {
      const { code, out, err } = await cli("plan", "execute", ...argv(), "--out", at(`bad-${name}.jsonl`));
      expect(err.trimEnd().split("\n")).toHaveLength(1);
      expect(err.trimEnd()).toMatch(line);
      expect(out).toBe("");
      expect(code).toBe(2);
      expect(existsSync(at(`bad-${name}.jsonl`))).toBe(false);
      expect(err).not.toContain("secret");
    });

  it("names the plans file and line of a query id the queries do not have", async () => {
    writeFileSync(
      at("stray.jsonl"),
      `${JSON.stringify({ query_id: "zz-404", planner: "p", prompt_type: "x", plan: "1. T2S" })}\n`,
    );
    const { code, err } = await cli("plan", "execute", "--model", "m", "--plans", at("stray.jsonl"));
    expect(code).toBe(2);
    expect(err.trimEnd()).toMatch(/^tooluse: .*stray\.jsonl:1: query_id zz-404 is not in .*queries\.jsonl$/);
  });
});

describeWith(POSTGRES_SERVER, "plan execute --warehouse on PostgreSQL", () => {
  let server: TestPostgres | null = null;
  let url = "";
  beforeAll(async () => {
    server = await startPostgres();
    const reader = await loadIntoPostgres({
      storeFile: join(workspace || (await smallTestWorkspace()), STORE_FILE),
      schema: storeSchema(storeDescriptionOf()),
      admin: server.admin,
      database: "workspace",
      reader: "t2s_reader",
    });
    url = `postgres://${reader.user}@${reader.host}:${reader.port}/${reader.database}`;
  }, 300_000);
  afterAll(async () => server?.stop());

  it("runs T2S on the warehouse and reproduces the reference answers there", async () => {
    const { code, out } = await cli(
      "plan",
      "execute",
      "--oracle",
      "--workspace",
      workspace,
      "--warehouse",
      url,
      "--ids",
      "te-001,te-002,te-003,te-004,te-005",
      "--json",
    );
    expect(code).toBe(0);
    const summary = JSON.parse(out);
    expect(summary).toMatchObject({ plans: 5, answered: 5, failed: 0 });
    expect(summary.with_reference).toBeGreaterThan(0);
    expect(summary.correct).toBe(summary.with_reference);
  });
});
