/**
 * The JSON API under /api (README "Review workbench" documents it): health, tasks, one task, labels, agreement, and
 * the lineage editor's live score. Errors are `{error, field?}` with 400 (bad input), 403 (token, Host), 404.
 */
import type { Context, Hono } from "hono";
import { visibleStrings, visibleText } from "../../sanitize.js";
import { HARNESS_VERSION } from "../../version.js";
import {
  AnnotatorSchema,
  LabelError,
  LineagePayloadSchema,
  type ReviewStore,
  type TaskQuery,
  UnknownTaskError,
} from "../contract.js";
import { previewScore } from "../kinds/lineage.js";
import { isTaskKind, taskKinds } from "../kinds/lookup.js";
import { kindCounts } from "./counts.js";
import { labelsShownFor, withOwnLabels } from "./own-labels.js";
import { shownAgreement } from "./shown-agreement.js";

type Problem = { error: string; field?: string };

/** Errors are for people (the page shows them): their text is made visible, like every page's (src/sanitize.ts). */
const problem = (c: Context, status: 400 | 404, message: string, field?: string) => {
  const error = visibleText(message);
  return c.json<Problem>(field === undefined ? { error } : { error, field }, status);
};

/** A task id from the path: a positive whole number, else null (answered with 404: no such task). */
export function taskId(text: string | undefined): number | null {
  if (text === undefined || !/^[1-9]\d{0,15}$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}

/** The request's JSON object, or a 400 naming what is wrong with it. */
async function jsonObject(c: Context): Promise<Record<string, unknown> | Response> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    return problem(c, 400, "the body is not valid JSON", "body");
  }
  if (body === null || typeof body !== "object" || Array.isArray(body))
    return problem(c, 400, "expected a JSON object", "body");
  return body as Record<string, unknown>;
}

/**
 * Who is labelling: the server's --annotator, else the body's `annotator`. A body naming someone else on a server
 * started for one annotator is refused rather than silently stored under the server's name.
 */
export function resolveAnnotator(
  fixed: string | null,
  given: unknown,
): { annotator: string } | { error: string; field: "annotator" } {
  if (fixed !== null) {
    if (given === undefined || given === fixed) return { annotator: fixed };
    return {
      error: `this server stores every label as ${fixed} (--annotator); leave annotator out of the body`,
      field: "annotator",
    };
  }
  if (given === undefined)
    return {
      error: "expected an annotator: the server was started without --annotator",
      field: "annotator",
    };
  const parsed = AnnotatorSchema.safeParse(given);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? "bad name", field: "annotator" };
  return { annotator: parsed.data };
}

export function registerApi(app: Hono, store: ReviewStore, annotator: string | null): void {
  app.get("/api/health", (c) => c.json({ ok: true, version: HARNESS_VERSION, db: store.file }));

  app.get("/api/tasks", (c) => {
    const kind = c.req.query("kind");
    const state = c.req.query("state");
    // Whose work makes a task done: checked as for a task's labels (a server's --annotator admits no other name).
    const shown = labelsShownFor(annotator, c.req.query("annotator"));
    if ("error" in shown) return problem(c, 400, shown.error, shown.field);
    const who = shown.annotator ?? undefined;
    if (kind !== undefined && !isTaskKind(kind))
      return problem(c, 400, `expected a kind: ${taskKinds().join(", ")}`, "kind");
    if (state !== undefined && state !== "open" && state !== "done")
      return problem(c, 400, "expected open or done", "state");
    const query: TaskQuery = {};
    if (kind !== undefined) query.kind = kind;
    if (state !== undefined) query.state = state;
    if (who !== undefined) query.annotator = who;
    return c.json(store.listTasks(query));
  });

  app.get("/api/tasks/:id", (c) => {
    const id = taskId(c.req.param("id"));
    const task = id === null ? undefined : store.getTask(id);
    if (!task) return problem(c, 404, "no such task");
    const shown = labelsShownFor(annotator, c.req.query("annotator"));
    if ("error" in shown) return problem(c, 400, shown.error, shown.field);
    return c.json(withOwnLabels(task, shown.annotator));
  });

  app.post("/api/tasks/:id/labels", async (c) => {
    const id = taskId(c.req.param("id"));
    if (id === null) return problem(c, 404, "no such task");
    const body = await jsonObject(c);
    if (body instanceof Response) return body;
    const { annotator: given, ...label } = body;
    const who = resolveAnnotator(annotator, given);
    if ("error" in who) return problem(c, 400, who.error, who.field);
    try {
      return c.json(store.addLabel(id, who.annotator, label), 201);
    } catch (error) {
      if (error instanceof LabelError) return problem(c, 400, error.reason, error.field);
      if (error instanceof UnknownTaskError) return problem(c, 404, "no such task");
      throw error;
    }
  });

  app.get("/api/kinds", (c) => {
    const shown = labelsShownFor(annotator, c.req.query("annotator"));
    if ("error" in shown) return problem(c, 400, shown.error, shown.field);
    return c.json(
      kindCounts(store, shown.annotator).map((counts) => ({
        ...counts,
        agreement: shownAgreement(store.agreement(counts.kind)),
      })),
    );
  });

  app.post("/api/tasks/:id/preview-score", async (c) => {
    const id = taskId(c.req.param("id"));
    const task = id === null ? undefined : store.getTask(id);
    if (!task) return problem(c, 404, "no such task");
    if (task.kind !== "lineage") return problem(c, 400, "only lineage tasks have a live score", "kind");
    const body = await jsonObject(c);
    if (body instanceof Response) return body;
    if (typeof body.plan !== "string") return problem(c, 400, "expected the plan as text", "plan");
    const payload = LineagePayloadSchema.safeParse(task.payload);
    if (!payload.success) return problem(c, 400, "the task's payload is not a lineage", "payload");
    // Only the lineage editor shows this answer, to a person: its text (the plan's own words) is made visible.
    return c.json(visibleStrings(previewScore(payload.data, body.plan)));
  });
}
