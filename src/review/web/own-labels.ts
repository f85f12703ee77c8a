/**
 * Annotators are kept blind to each other: a page carries, and the page's script asks for, one annotator's own labels
 * only. Whose: the server's --annotator always; on a server started without one, the name the page passes along.
 */
import { AnnotatorSchema, type TaskDetail } from "../contract.js";

/**
 * Whose labels a task's detail shows: the server's annotator (another name is refused), else the name asked for,
 * else null — everyone's, for tooling on a server started without --annotator (the page never asks for that).
 */
export function labelsShownFor(
  fixed: string | null,
  asked: string | undefined,
): { annotator: string | null } | { error: string; field: "annotator" } {
  if (fixed !== null)
    return asked === undefined || asked === fixed
      ? { annotator: fixed }
      : { error: `this server shows only ${fixed}'s labels (--annotator)`, field: "annotator" };
  if (asked === undefined) return { annotator: null };
  const parsed = AnnotatorSchema.safeParse(asked);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? "bad name", field: "annotator" };
  return { annotator: parsed.data };
}

/** Payload fields that would tell an annotator the answer (a triplet's true order): kept for export, never shown. */
const ANSWER_FIELDS: Partial<Record<TaskDetail["kind"], readonly string[]>> = { triplet: ["truth"] };

/**
 * The task as one annotator may see it: their own labels only (`done` then means done by them) and no answer-bearing
 * payload field. With null (tooling on a server without --annotator), the task as stored.
 */
export function withOwnLabels(task: TaskDetail, annotator: string | null): TaskDetail {
  if (annotator === null) return task;
  const labels = task.labels_list.filter((label) => label.annotator === annotator);
  const hidden = ANSWER_FIELDS[task.kind] ?? [];
  const payload =
    hidden.length === 0 || typeof task.payload !== "object" || task.payload === null
      ? task.payload
      : Object.fromEntries(Object.entries(task.payload).filter(([field]) => !hidden.includes(field)));
  return { ...task, payload, labels_list: labels, done: labels.length > 0 };
}
