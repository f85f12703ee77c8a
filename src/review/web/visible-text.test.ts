/**
 * The review pages show hostile text as it is: a right-to-left override, an isolate, a zero-width space or a BOM in a
 * task's title, plan, model output or responses becomes a visible stand-in (the one sanitiser, src/sanitize.ts) on
 * every page — in the markup and in the data block the page's script reads — and in what the API hands the page to
 * show (error messages, the lineage editor's live score).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NewTask, TaskKind } from "../contract.js";
import { type RunningReviewServer, startReviewServer } from "./server.js";
import { checkedSampleTasks, HOSTILE } from "./test-support/tasks.js";
import { reviewStoreForTests } from "./test-support/test-store.js";

const FORMAT = /\p{Cf}/u;
const SNEAKY = "\u202e\u2066\u200b\ufeff";

/** The sample tasks with format characters beside every piece of hostile text and in every title. */
function sneakyTasks(): Record<string, NewTask[]> {
  const text = JSON.stringify(checkedSampleTasks()).replaceAll(HOSTILE[0], `${HOSTILE[0]}${SNEAKY}`);
  const tasks = JSON.parse(text) as Record<string, NewTask[]>;
  for (const list of Object.values(tasks)) for (const task of list) task.title = `${task.title}${SNEAKY}`;
  return tasks;
}

const store = reviewStoreForTests();
for (const [kind, tasks] of Object.entries(sneakyTasks())) store.addTasks(kind as TaskKind, tasks);
let server: RunningReviewServer;
beforeAll(async () => {
  server = await startReviewServer(store, { host: "127.0.0.1", port: 0, annotator: "ann" });
});
afterAll(async () => {
  await server.close();
  store.dispose();
});

const get = async (path: string) => (await fetch(new URL(path, server.url))).text();
const post = async (path: string, body: unknown) => {
  const response = await fetch(new URL(path, server.url), {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Review-Token": store.token },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
};

describe("the review pages with format characters in the tasks", () => {
  it("show none of them raw, on any page", async () => {
    const tasks = store.listTasks();
    expect(tasks.length).toBeGreaterThan(5);
    expect(tasks.some((task) => task.title.includes("\u202e"))).toBe(true);
    const pages = [
      "/",
      ...["lineage", "plan-rating", "step-tags", "triplet", "answers", "verdict"].map((k) => `/kinds/${k}`),
    ];
    for (const task of tasks) pages.push(`/tasks/${task.id}`);
    for (const path of pages) {
      const page = await get(path);
      expect(FORMAT.test(page), path).toBe(false);
      // Every page but the index shows a task's title.
      if (path !== "/") expect(page, path).toContain("\ufffd");
    }
  });

  it("keep the annotator's own label visible too when the page carries it back", async () => {
    const verdict = store.listTasks({ kind: "verdict" })[0]?.id ?? 0;
    store.addLabel(verdict, "ann", { verdict: "dispute", reason: `wrong${SNEAKY}call` });
    const page = await get(`/tasks/${verdict}`);
    expect(page).toContain("wrong\ufffd\ufffd\ufffd\ufffdcall");
    expect(FORMAT.test(page)).toBe(false);
  });

  it("give error messages and the live score made visible", async () => {
    const answers = store.listTasks({ kind: "answers" })[0]?.id ?? 0;
    const refused = await post(`/api/tasks/${answers}/labels`, { decision: `R1${SNEAKY}` });
    expect(refused.status).toBe(400);
    expect(FORMAT.test(refused.text)).toBe(false);
    const lineage = store.listTasks({ kind: "lineage" })[0]?.id ?? 0;
    const score = await post(`/api/tasks/${lineage}/preview-score`, {
      plan: `{1: {"step": T2S([], "Fetch${SNEAKY} call_ids"), "depends_on": [2]}}`,
    });
    expect(score.status).toBe(200);
    expect(FORMAT.test(score.text)).toBe(false);
  });
});
