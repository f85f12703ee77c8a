/** The server-rendered pages as HTML: untrusted text escaped wherever it lands, one page per kind, sensible 404s. */
import { afterAll, describe, expect, it } from "vitest";
import { escapeHtml } from "../../render/escape.js";
import type { VerdictPayload } from "../contract.js";
import type { BuiltInKind } from "../kinds/index.js";
import { taskKinds } from "../kinds/lookup.js";
import { createReviewApp } from "./app.js";
import { checkedSampleTasks, HOSTILE } from "./test-support/tasks.js";
import { reviewStoreForTests } from "./test-support/test-store.js";

const store = reviewStoreForTests();
afterAll(() => store.dispose());
for (const kind of taskKinds()) store.addTasks(kind, checkedSampleTasks()[kind as BuiltInKind]);
const app = createReviewApp(store, { annotator: null, allowHost: () => true });
/** The page's JSON block: what the script reads (labels for pre-filling). */
const taskData = (page: string) =>
  JSON.parse(/<script type="application\/json" id="task-data">(.*?)<\/script>/s.exec(page)?.[1] ?? "null");
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
    const page = await get(`/tasks/${verdict}?annotator=eve`);
    expect(taskData(page.text).labels).toEqual([
      { annotator: "eve", label: { verdict: "dispute", reason: HOSTILE[1] } },
    ]);
  });

  it("carry only the page's annotator's own labels: none of another's text, and none without a name", async () => {
    const two = reviewStoreForTests();
    try {
      two.addTasks("lineage", checkedSampleTasks().lineage);
      const task = two.listTasks()[0]?.id ?? 0;
      two.addLabel(task, "ann", { action: "accept", note: "ann-note-4711" });
      two.addLabel(task, "ben", { action: "accept", note: "ben-note-0815" });
      const page = async (annotator: string | null, path: string) => {
        const served = createReviewApp(two, { annotator, allowHost: () => true });
        return (await served.request(path, { headers: { Host: "127.0.0.1:1" } })).text();
      };
      const ann = await page(null, `/tasks/${task}?annotator=ann`);
      expect(taskData(ann)).toMatchObject({ annotator: "ann", labels: [{ annotator: "ann" }] });
      expect(ann).toContain("ann-note-4711");
      expect(ann).not.toContain("ben-note-0815");
      const nobody = await page(null, `/tasks/${task}`);
      expect(taskData(nobody)).toMatchObject({ annotator: null, labels: [] });
      expect(nobody).not.toMatch(/ann-note-4711|ben-note-0815/);
      // A server started for ann shows ann's labels whatever name the address asks for.
      const annsServer = await page("ann", `/tasks/${task}?annotator=ben`);
      expect(annsServer).toContain("ann-note-4711");
      expect(annsServer).not.toContain("ben-note-0815");
    } finally {
      two.dispose();
    }
  });

  it("show a verdict record as the report does: the question, what is expected, the conversation", async () => {
    const [sample] = checkedSampleTasks().verdict;
    const payload = sample?.payload as VerdictPayload;
    if (!payload.case.found) throw new Error("the sample verdict's case is found");
    const page = (await get(`/tasks/${store.listTasks({ kind: "verdict" })[0]?.id}`)).text;
    expect(page).toContain(`<h3>Expected</h3><pre>${escapeHtml(payload.case.expected)}</pre>`);
    expect(page).toContain("Conversation as rendered (json)");
    expect(page).toContain(
      `<div class="role">user</div><pre>${escapeHtml(payload.case.conversation[1]?.text ?? "?")}</pre>`,
    );
    expect(page).toContain("en · calculator · easy");

    const lost = { ...payload, case: { found: false, reason: `no corpus file found ${HOSTILE[0]}` } };
    store.addTasks("verdict", [{ key: "lost", title: "lost case", payload: lost }]);
    const missing = (await get(`/tasks/${store.listTasks({ kind: "verdict" }).at(-1)?.id}`)).text;
    expect(missing).toContain(
      `<p class="error">not available: no corpus file found ${escapeHtml(HOSTILE[0])}</p>`,
    );
    expect(missing).not.toContain("Conversation as rendered");
  });

  it("hide the evaluator's and the judge's view until asked (no anchoring)", async () => {
    expect((await get("/tasks/2")).text).toMatch(/<div id="evaluator" class="revealed" hidden>/);
    expect((await get("/tasks/5")).text).toMatch(/<div id="judge" class="revealed" hidden>/);
  });

  it("show the pairs of annotators on the index once both labelled the same tasks, figures hidden below 3 tasks", async () => {
    expect((await get("/")).text).toContain("No task has labels from two annotators yet");
    const triplet = store.listTasks({ kind: "triplet" })[0]?.id ?? 0;
    store.addLabel(triplet, "ann", { ranks: { A: 1, B: 2, C: 3 } });
    store.addLabel(triplet, "ben", { ranks: { A: 1, B: 3, C: 2 } });
    const index = (await get("/")).text;
    expect(index).toContain("weighted κ");
    expect(index).toMatch(
      /<tr class="hidden-figures"><td>ann · ben<\/td><td>[^<]+<\/td><td class="num">1<\/td><td colspan="3" class="sub">hidden until 3 shared tasks<\/td><\/tr>/,
    );
  });

  it("answer unknown tasks and kinds with 404", async () => {
    expect((await get("/tasks/999")).status).toBe(404);
    expect((await get("/tasks/x")).status).toBe(404);
    expect((await get("/kinds/nope")).status).toBe(404);
  });
});
