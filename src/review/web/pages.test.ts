/** The server-rendered pages as HTML: untrusted text escaped wherever it lands, one page per kind, sensible 404s. */
import { afterAll, describe, expect, it } from "vitest";
import { TASK_KINDS } from "../contract.js";
import { createReviewApp } from "./app.js";
import { checkedSampleTasks, HOSTILE } from "./test-support/tasks.js";
import { reviewStoreForTests } from "./test-support/test-store.js";

const store = reviewStoreForTests();
afterAll(() => store.dispose());
for (const kind of TASK_KINDS) store.addTasks(kind, checkedSampleTasks()[kind]);
const app = createReviewApp(store, { annotator: null, allowHost: () => true });
const get = async (path: string) => {
  const response = await app.request(path, { headers: { Host: "127.0.0.1:1" } });
  return { status: response.status, text: await response.text() };
};

describe("the review pages", () => {
  it("render every kind's task with its fields and the submit bar", async () => {
    for (const task of store.listTasks()) {
      const page = await get(`/tasks/${task.id}`);
      expect(page.status, task.kind).toBe(200);
      expect(page.text).toContain(`data-kind="${task.kind}"`);
      expect(page.text).toMatch(/class="field[^"]*" data-name="/);
      expect(page.text).toContain('id="submit"');
    }
  });

  it("escape hostile text everywhere: no raw tag or handler from the data reaches the HTML", async () => {
    const pages = await Promise.all(
      ["/", "/kinds/plan-rating", ...store.listTasks().map((t) => `/tasks/${t.id}`)].map(get),
    );
    const html = pages.map((p) => p.text).join("\n");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    for (const raw of ["<img", "<svg", "<script>window.__pwned", 'href="javascript:'])
      expect(html, raw).not.toContain(raw);
  });

  it("keep a label's hostile text inside the page's JSON block: a closing tag cannot end it early", async () => {
    const verdict = store.listTasks({ kind: "verdict" })[0]?.id ?? 0;
    store.addLabel(verdict, "eve", { verdict: "dispute", reason: HOSTILE[1] });
    const page = await get(`/tasks/${verdict}`);
    const block =
      /<script type="application\/json" id="task-data">(.*?)<\/script>/s.exec(page.text)?.[1] ?? "";
    expect(JSON.parse(block).labels).toEqual([
      { annotator: "eve", label: { verdict: "dispute", reason: HOSTILE[1] } },
    ]);
  });

  it("hide the evaluator's and the judge's view until asked (no anchoring)", async () => {
    expect((await get("/tasks/2")).text).toMatch(/<div id="evaluator" class="revealed" hidden>/);
    expect((await get("/tasks/5")).text).toMatch(/<div id="judge" class="revealed" hidden>/);
  });

  it("show the agreement of two annotators on the index once both labelled the same tasks", async () => {
    expect((await get("/")).text).toContain("No task has labels from two annotators yet");
    const triplet = store.listTasks({ kind: "triplet" })[0]?.id ?? 0;
    store.addLabel(triplet, "ann", { ranks: { A: 1, B: 2, C: 3 } });
    store.addLabel(triplet, "ben", { ranks: { A: 1, B: 3, C: 2 } });
    const index = (await get("/")).text;
    expect(index).toContain("weighted κ");
    expect(index).toMatch(/<tr><td>ann · ben<\/td><td>[^<]+<\/td><td class="num">1<\/td>/);
  });

  it("answer unknown tasks and kinds with 404", async () => {
    expect((await get("/tasks/999")).status).toBe(404);
    expect((await get("/tasks/x")).status).toBe(404);
    expect((await get("/kinds/nope")).status).toBe(404);
  });
});
