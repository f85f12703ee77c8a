/** Open and done tasks per kind, for the index page and GET /api/kinds. */
import type { ReviewStore, TaskKind } from "../contract.js";
import { taskKinds } from "../kinds/lookup.js";

export interface KindCounts {
  kind: TaskKind;
  tasks: number;
  done: number;
  open: number;
  /** The first open task, where a session on this kind starts; null when every task is done. */
  first_open: number | null;
}

/** `done` counts the annotator's labels, or anyone's when no annotator is known. */
export function kindCounts(store: ReviewStore, annotator: string | null): KindCounts[] {
  return taskKinds().map((kind) => {
    const tasks = store.listTasks(annotator === null ? { kind } : { kind, annotator });
    const open = tasks.filter((task) => !task.done);
    return {
      kind,
      tasks: tasks.length,
      done: tasks.length - open.length,
      open: open.length,
      first_open: open[0]?.id ?? null,
    };
  });
}
