/**
 * The plan workflows report on a work stream of their own: a reporter handed to a workflow hears the stage start
 * once, each item once, then the end once; the progress line is one reporter on that stream, drawn by the run's
 * progress code, and `tooluse plan generate` prints through it the lines it always printed.
 */
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { main } from "../../cli/main.js";
import { type MockServer, startMockServer } from "../../mock-server/openai-server.js";
import { queryOf, scriptedModel } from "../../mock-server/plan-prompts.js";
import { QueryRecordSchema } from "../../plans/query-records.js";
import { captureIo } from "../../test-support/capture-io.js";
import { tempDir } from "../../test-support/temp.js";
import { generatePlans } from "../../workflows/plan-models/generate.js";
import { queryLines, writeJsonl } from "../../workflows/plan-models/test-support/fixtures.js";
import { openSession } from "../session.js";
import { type WorkReporter, workProgressReporter } from "./index.js";

let server: MockServer | undefined;
let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir();
});
afterEach(async () => {
  vi.useRealTimers();
  await server?.close();
  server = undefined;
  dir.remove();
});

/** A reporter that writes down each event. */
function recording() {
  const events: string[] = [];
  const reporter: WorkReporter = {
    onWorkStart: ({ label, total }) => void events.push(`start ${label} ${total}`),
    onItem: ({ ok, key }) => void events.push(`item ${key} ${ok}`),
    onWorkEnd: () => void events.push("end"),
  };
  return { events, reporter };
}

/** A planner whose QA-score query fails with a server error: one item of the stage finishes not ok. */
async function failingOnQa(): Promise<MockServer> {
  server = await startMockServer({
    models: ["planner"],
    script: scriptedModel({ planner: (asked) => `plan for ${queryOf(asked.user)}` }),
    fault: (_n, body) => (body.messages[1]?.content?.includes("QA score") ? "500" : null),
  });
  return server;
}

async function failingSession() {
  const { url } = await failingOnQa();
  return openSession({ model: "planner", baseUrl: url, cache: false, retries: 0 });
}

const records = queryLines().map((line) => QueryRecordSchema.parse(line));
const generate = { split: "test", promptTypes: ["without_lineage"] as const, examples: 1, file: "q" };

describe("a reporter handed to a plan workflow", () => {
  it("hears the stage start once with its size, each item once (ok or not, by key), then the end once", async () => {
    const session = await failingSession();
    const { events, reporter } = recording();
    const result = await generatePlans(session, records, { ...generate, reporters: [reporter] });
    await session.close();
    expect(result.failures).toHaveLength(1);
    expect(events[0]).toBe("start plans 3");
    expect(events.slice(1, -1).sort()).toEqual([
      "item without_lineage:te-001 true",
      "item without_lineage:te-002 true",
      "item without_lineage:te-003 false",
    ]);
    expect(events.at(-1)).toBe("end");
  });

  it("reaches every reporter, in the order given, under the caller's name for the stage", async () => {
    const session = await failingSession();
    const first = recording();
    const second = recording();
    const order: string[] = [];
    const spy = (name: string, inner: WorkReporter): WorkReporter => ({
      onWorkStart: (start) => {
        order.push(name);
        inner.onWorkStart?.(start);
      },
    });
    await generatePlans(session, records, {
      ...generate,
      reporters: [spy("first", first.reporter), spy("second", second.reporter)],
      workLabel: "plans (strong)",
    });
    await session.close();
    expect(order).toEqual(["first", "second"]);
    expect(first.events).toEqual(["start plans (strong) 3"]);
    expect(second.events).toEqual(first.events);
  });
});

describe("the work progress reporter", () => {
  /** Three items a second apart, the last one failing, after `label` started at t = 0. */
  function drive(progress: Required<WorkReporter>, label: string) {
    vi.setSystemTime(0);
    progress.onWorkStart({ label, total: 3 });
    for (const ok of [true, true, false]) {
      vi.setSystemTime(Date.now() + 1000);
      progress.onItem({ ok });
    }
    progress.onWorkEnd();
  }

  it("prints a plain line per tenth of the work and a last one, and starts each stage from a fresh tally", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const lines: string[] = [];
    const progress = workProgressReporter((text) => lines.push(text), false);
    drive(progress, "plans");
    drive(progress, "lineages");
    const stage = (label: string) => [
      `progress ${label} 1/3  1.0/s  eta 2s\n`,
      `progress ${label} 2/3  1.0/s  eta 1s\n`,
      `progress ${label} 3/3  1.0/s  eta 0s  errors 1\n`,
    ];
    expect(lines).toEqual([...stage("plans"), ...stage("lineages")]);
  });

  it("redraws the run's bar in place on a terminal and ends it with a newline", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const writes: string[] = [];
    drive(
      workProgressReporter((text) => writes.push(text), true),
      "plans",
    );
    const bar = (filled: number) => `\r\u001b[2K[${"#".repeat(filled)}${".".repeat(24 - filled)}] plans`;
    expect(writes).toEqual([
      `${bar(0)} 0/3  0.0/s  eta –`,
      `${bar(8)} 1/3  1.0/s  eta 2s`,
      `${bar(16)} 2/3  1.0/s  eta 1s`,
      `${bar(24)} 3/3  1.0/s  eta 0s  errors 1`,
      `${bar(24)} 3/3  1.0/s  eta 0s  errors 1`,
      "\n",
    ]);
  });
});

describe("tooluse plan generate", () => {
  it("prints its progress on stderr through the work stream: a plain line per plan, errors counted", async () => {
    const { url } = await failingOnQa();
    const queries = writeJsonl(dir.path, "queries.jsonl", queryLines());
    const io = captureIo();
    const argv = [
      "plan",
      "generate",
      "--model",
      "planner",
      "--queries",
      queries,
      "--prompt-type",
      "without_lineage",
    ];
    const code = await main(
      [...argv, "--out", join(dir.path, "plans.jsonl"), "--base-url", url, "--no-cache", "--retries", "0"],
      io,
    );
    expect(code).toBe(1);
    const lines = io.err.split("\n").filter((line) => line.startsWith("progress "));
    // The rate and the eta are the clock's; when the failing plan finishes is the server's.
    const masked = lines.map((line) => line.replace(/\d+\.\d\/s {2}eta (\d+s|–)/, "R/s  eta E"));
    expect(masked.map((line) => line.replace(/ {2}errors 1$/, ""))).toEqual([
      "progress plans 1/3  R/s  eta E",
      "progress plans 2/3  R/s  eta E",
      "progress plans 3/3  R/s  eta E",
    ]);
    expect(masked.at(-1)).toMatch(/ {2}errors 1$/);
  });
});
