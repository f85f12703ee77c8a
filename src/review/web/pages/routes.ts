/** The server-rendered pages: the index, a kind's task list, one task, and "the next open task after this one". */
import type { Context, Hono } from "hono";
import { html, jsonForScript, type SafeHtml, trusted } from "../../../render/escape.js";
import type { ReviewStore, TaskDetail, TaskQuery } from "../../contract.js";
import type { KindView } from "../../kinds/kind.js";
import { isTaskKind, kindNamed, taskKinds } from "../../kinds/lookup.js";
import { readableKey } from "../../kinds/readable-key.js";
import { taskId } from "../api.js";
import { kindCounts } from "../counts.js";
import { withOwnLabels } from "../own-labels.js";
import { shownAgreement } from "../shown-agreement.js";
import { indexMain } from "./index-page.js";
import { type PageFrame, renderPage } from "./layout.js";

/** Whose labels count for "done": the server's annotator, else the name the page passes along. */
function whoFor(c: Context, annotator: string | null): string | null {
  return annotator ?? c.req.query("annotator") ?? null;
}

function notFound(c: Context, frame: Site["frame"], what: string) {
  return c.html(
    renderPage({
      ...frame,
      title: "Not found",
      data: { page: "missing" },
      keys: [],
      main: html`<h1>Not found</h1><p>${what}</p><p><a href="/">Back to the index</a></p>`,
    }),
    404,
  );
}

function taskMain(task: TaskDetail, view: KindView<unknown>, payload: unknown, who: string | null): SafeHtml {
  const done = task.labels_list.some((label) => who === null || label.annotator === who);
  return html`<nav class="task-nav"><a class="kind" href="/kinds/${task.kind}">${task.kind}</a><span class="title">${task.title}</span><span class="key sub">${readableKey(task.kind, task.key)}</span><span class="state ${done ? "done" : "open"}">${done ? "done" : "open"}</span>${
    task.prev === null ? "" : html`<a rel="prev" href="/tasks/${task.prev}"><kbd>[</kbd> previous</a>`
  }${task.next === null ? "" : html`<a rel="next" href="/tasks/${task.next}"><kbd>]</kbd> next</a>`}</nav>
<form id="label-form" class="task kind-${task.kind}" novalidate>
${view.render(payload)}
<div class="submit-bar"><button type="submit" id="submit"><kbd>Enter</kbd> submit</button><span id="form-error" class="error" role="alert"></span></div>
</form>`;
}

/** What every page of this server shares: the store, the server's annotator and the layout's frame. */
interface Site {
  store: ReviewStore;
  annotator: string | null;
  frame: Omit<PageFrame, "main" | "title" | "data" | "keys">;
}

function indexPage(c: Context, { store, annotator, frame }: Site) {
  const counts = kindCounts(store, whoFor(c, annotator));
  const agreements = taskKinds().map((kind) => shownAgreement(store.agreement(kind)));
  return c.html(
    renderPage({
      ...frame,
      title: "Index",
      data: { page: "index" },
      keys: [[`1 … ${agreements.length}`, "start the kind with that number at its first open task"]],
      main: indexMain(counts, agreements),
    }),
  );
}

function kindPage(c: Context, { store, annotator, frame }: Site) {
  const kind = c.req.param("kind") ?? "";
  if (!isTaskKind(kind)) return notFound(c, frame, `There is no task kind ${kind}.`);
  const who = whoFor(c, annotator);
  const tasks = store.listTasks(who === null ? { kind } : { kind, annotator: who });
  return c.html(
    renderPage({
      ...frame,
      title: kind,
      data: { page: "kind", kind },
      keys: [],
      main: html`<h1>${kind}</h1><p class="sub">${kindNamed(kind).title}</p>${
        tasks.length === 0
          ? html`<p class="empty">No ${kind} tasks: add some with tooluse review add --kind ${kind}.</p>`
          : html`<table class="grid"><thead><tr><th>id</th><th>task</th><th>key</th><th class="num">labels</th><th>state</th></tr></thead><tbody>${tasks.map(
              (t) =>
                html`<tr><td class="num">${t.id}</td><td><a href="/tasks/${t.id}">${t.title}</a></td><td class="sub">${readableKey(kind, t.key)}</td><td class="num">${t.labels}</td><td>${t.done ? "done" : "open"}</td></tr>`,
            )}</tbody></table>`
      }`,
    }),
  );
}

function taskPage(c: Context, { store, annotator, frame }: Site) {
  const id = taskId(c.req.param("id"));
  const task = id === null ? undefined : store.getTask(id);
  if (!task) return notFound(c, frame, `There is no task ${c.req.param("id")}.`);
  const spec = kindNamed(task.kind);
  const parsed = spec.payloadSchema.safeParse(task.payload);
  const who = whoFor(c, annotator);
  // Only this annotator's own labels reach the page (for pre-filling); with no name known, none.
  const own = who === null ? [] : withOwnLabels(task, who).labels_list;
  const data = {
    id: task.id,
    kind: task.kind,
    annotator: who,
    labels: own.map((l) => ({ annotator: l.annotator, label: l.label })),
  };
  const main = parsed.success
    ? taskMain(task, spec.view, parsed.data, who)
    : html`<h1>This task cannot be shown</h1><p class="error">Its payload does not match the ${task.kind} schema: ${parsed.error.issues[0]?.message ?? ""}</p><pre>${JSON.stringify(task.payload, null, 2)}</pre>`;
  return c.html(
    renderPage({
      ...frame,
      title: `${readableKey(task.kind, task.key)} · ${task.kind} ${task.id}`,
      data: { page: "task", kind: task.kind, id: task.id, prev: task.prev, next: task.next },
      keys: spec.view.keys,
      main: html`${main}<script type="application/json" id="task-data">${trusted(jsonForScript(data))}</script>`,
    }),
  );
}

/** After a label is stored the page moves on: the next open task of the kind after this one, wrapping around. */
function nextOpen(c: Context, { store, annotator }: Site) {
  const id = taskId(c.req.param("id"));
  const task = id === null ? undefined : store.getTask(id);
  if (!task) return c.redirect("/", 303);
  const who = whoFor(c, annotator);
  const query: TaskQuery = { kind: task.kind, state: "open" };
  if (who !== null) query.annotator = who;
  const open = store.listTasks(query).filter((t) => t.id !== task.id);
  const next = open.find((t) => t.id > task.id) ?? open[0];
  // A name the page passed along goes on with it, so the next page shows that annotator's state.
  const passed = annotator === null && who !== null ? `annotator=${encodeURIComponent(who)}` : null;
  if (next) return c.redirect(`/tasks/${next.id}${passed ? `?${passed}` : ""}`, 303);
  return c.redirect(`/?finished=${encodeURIComponent(task.kind)}${passed ? `&${passed}` : ""}`, 303);
}

export function registerPages(app: Hono, store: ReviewStore, annotator: string | null): void {
  const site: Site = { store, annotator, frame: { token: store.token, annotator, db: store.file } };
  app.get("/", (c) => indexPage(c, site));
  app.get("/kinds/:kind", (c) => kindPage(c, site));
  app.get("/tasks/:id", (c) => taskPage(c, site));
  app.get("/tasks/:id/next-open", (c) => nextOpen(c, site));
}
