/** verdict tasks carry what the HTML report shows for a record: the case's expectation and rendered conversation. */
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadCases } from "../../cases/load.js";
import type { Case } from "../../cases/schema.js";
import { casesJsonl, importBfcl } from "../../import/index.js";
import { writeOutput } from "../../io/output.js";
import { DEFAULT_CASES_FILE } from "../../paths.js";
import { describeExpectation } from "../../report/html/describe-case.js";
import { makeRun } from "../../report/test-support/fixtures.js";
import { tempDir } from "../../test-support/temp.js";
import { type VerdictPayload, VerdictPayloadSchema } from "../contract.js";
import { verdictTasks } from "./verdict.js";

const dir = tempDir("tooluse-review-verdict-");
afterAll(() => dir.remove());

const fixture = (name: string) => {
  const file = new URL(`../../import/fixtures/${name}`, import.meta.url).pathname;
  return { file, text: readFileSync(file, "utf8") };
};

/** The payloads of a results file's tasks, each checked against the schema the store applies. */
function payloads(file: string): VerdictPayload[] {
  return verdictTasks(file).tasks.map((task) => VerdictPayloadSchema.parse(task.payload));
}

/** The last message of a case: the user's turn, as authored. */
function question(testCase: Case): string {
  const last = testCase.messages.at(-1);
  return last && "content" in last ? String(last.content) : "";
}

describe("verdict tasks: the record as the HTML report shows it", () => {
  it("ToolUse.1: the expectation in the report's words and the conversation as rendered, from the package's corpus", async () => {
    const corpus = loadCases(DEFAULT_CASES_FILE);
    const call = corpus.find((c) => "call" in c.expect) as Case & { expect: { call: { name: string } } };
    const clarify = corpus.find((c) => "no_call" in c.expect && c.expect.no_call === "clarify") as Case;
    const run = await makeRun(dir.path, "tooluse1", {
      backend: "never-call",
      protocols: ["json"],
      filters: { ids: `${call.id},${clarify.id}`.split(",") },
    });
    const shown = payloads(run.file);
    expect(shown.map((p) => p.case_id).sort()).toEqual([call.id, clarify.id].sort());
    expect(verdictTasks(run.file).withoutCase).toBeNull();
    for (const testCase of [call, clarify]) {
      const payload = shown.find((p) => p.case_id === testCase.id);
      expect(payload?.suite).toBe("ToolUse.1");
      if (!payload?.case.found) throw new Error(`case ${testCase.id} not found`);
      expect(payload.case.expected).toBe(describeExpectation(testCase));
      expect(payload.case).toMatchObject({
        lang: testCase.lang,
        category: testCase.category,
        prompt_note: null,
      });
      expect(payload.case.conversation[0]?.role).toBe("system");
      expect(payload.case.conversation.at(-1)).toEqual({ role: "user", text: question(testCase) });
    }
    const expected = shown.find((p) => p.case_id === call.id)?.case;
    expect(expected?.found && expected.expected).toContain(`exactly one call to ${call.expect.call.name}`);
    const asked = shown.find((p) => p.case_id === clarify.id)?.case;
    expect(asked?.found && asked.expected).toContain("no call: ask the user for the missing information");
  });

  it("an imported suite (BFCL): its own cases file found by digest; native records show the tool list", async () => {
    const imported = importBfcl({
      questions: fixture("bfcl-questions.jsonl"),
      answers: fixture("bfcl-answers.jsonl"),
    });
    const corpus = join(dir.path, "bfcl.jsonl");
    writeOutput(corpus, casesJsonl(imported));
    const run = await makeRun(dir.path, "bfcl", {
      backend: "oracle",
      protocols: ["native"],
      cases_file: corpus,
    });
    const shown = payloads(run.file);
    expect(shown.length).toBe(imported.length);
    const first = shown.find((p) => p.case_id === imported[0]?.id);
    if (!first?.case.found) throw new Error("the BFCL case was not found");
    expect(first.suite).toBe(corpus);
    expect(first.case.expected).toBe(describeExpectation(imported[0] as Case));
    expect(first.case.expected).toContain("geometry");
    expect(first.case.conversation.find((m) => m.role === "user")?.text).toContain(
      "What is the area of a circle with a radius of 2.5 metres?",
    );
    expect(first.case.conversation.at(-1)).toMatchObject({ role: "tools" });
    expect(first.case.conversation.at(-1)?.text).toContain("circle_area");
  });

  it("a record whose corpus is gone is still imported, saying why its case is not shown", async () => {
    const corpus = join(dir.path, "gone.jsonl");
    writeOutput(corpus, casesJsonl(loadCases(DEFAULT_CASES_FILE).slice(0, 2)));
    const run = await makeRun(dir.path, "gone", {
      backend: "never-call",
      protocols: ["json"],
      cases_file: corpus,
    });
    rmSync(corpus);
    const imported = verdictTasks(run.file);
    expect(imported.tasks).toHaveLength(2);
    expect(imported.withoutCase).toEqual({
      count: 2,
      reason: expect.stringContaining(`no corpus file with digest ${run.results.corpus.digest} found`),
    });
    for (const payload of payloads(run.file)) expect(payload.case.found).toBe(false);
  });
});
