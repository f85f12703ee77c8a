/**
 * A ReviewStore kept in memory, for the web layer's tests only: labels are validated with the contract's schemas
 * (LabelError naming the field), tasks are numbered in insertion order. Agreement is not computed here.
 */
import {
  type KindAgreement,
  LABEL_SCHEMAS,
  LabelError,
  type NewTask,
  type ReviewStore,
  type StoredLabel,
  type TaskDetail,
  type TaskKind,
  type TaskQuery,
  type TaskSummary,
  UnknownTaskError,
} from "../../contract.js";

interface Task extends NewTask {
  id: number;
  kind: TaskKind;
}

export function memoryStore(
  token = "test-token-0123456789",
): ReviewStore & { agreements: Map<TaskKind, KindAgreement> } {
  const tasks: Task[] = [];
  const labels: StoredLabel[] = [];
  const agreements = new Map<TaskKind, KindAgreement>();

  const summary = (task: Task, annotator?: string): TaskSummary => {
    const own = labels.filter((l) => l.task_id === task.id);
    return {
      id: task.id,
      kind: task.kind,
      key: task.key,
      title: task.title,
      labels: own.length,
      done: own.some((l) => annotator === undefined || l.annotator === annotator),
    };
  };

  return {
    file: "memory.sqlite",
    token,
    agreements,
    addTasks(kind, added) {
      let count = 0;
      for (const task of added) {
        if (tasks.some((t) => t.kind === kind && t.key === task.key)) continue;
        tasks.push({ ...task, kind, id: tasks.length + 1 });
        count++;
      }
      return { added: count, skipped: added.length - count };
    },
    listTasks(query: TaskQuery = {}) {
      return tasks
        .filter((t) => query.kind === undefined || t.kind === query.kind)
        .map((t) => summary(t, query.annotator))
        .filter((t) => query.state === undefined || t.done === (query.state === "done"));
    },
    getTask(id) {
      const task = tasks.find((t) => t.id === id);
      if (!task) return undefined;
      const same = tasks.filter((t) => t.kind === task.kind);
      const at = same.indexOf(task);
      const detail: TaskDetail = {
        ...summary(task),
        payload: task.payload,
        labels_list: labels.filter((l) => l.task_id === id),
        prev: same[at - 1]?.id ?? null,
        next: same[at + 1]?.id ?? null,
      };
      return detail;
    },
    addLabel(taskId, annotator, label) {
      const task = tasks.find((t) => t.id === taskId);
      if (!task) throw new UnknownTaskError(taskId);
      const parsed = LABEL_SCHEMAS[task.kind].safeParse(label);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new LabelError(issue?.path.join(".") || "label", issue?.message ?? "invalid");
      }
      const stored: StoredLabel = {
        id: labels.length + 1,
        task_id: taskId,
        kind: task.kind,
        key: task.key,
        annotator,
        label: parsed.data,
        created_at: new Date().toISOString(),
      };
      labels.push(stored);
      return stored;
    },
    labels(kind) {
      return labels.filter((l) => l.kind === kind);
    },
    agreement(kind) {
      return agreements.get(kind) ?? { kind, annotators: [], pairs: [] };
    },
    close() {},
  };
}
