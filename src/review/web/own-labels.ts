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

/** The task with one annotator's labels only (all of them when null); `done` then means done by that annotator. */
export function withOwnLabels(task: TaskDetail, annotator: string | null): TaskDetail {
  if (annotator === null) return task;
  const labels = task.labels_list.filter((label) => label.annotator === annotator);
  return { ...task, labels_list: labels, done: labels.length > 0 };
}
