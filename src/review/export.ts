/**
 * Export: one kind's labels as the file its consumer reads. Annotators are kept apart by file — one file per
 * annotator, since `plan agree` pairs a gold file with a judged file and its tag lines admit no extra column — except
 * a kind whose lines name their annotator (`annotatorsInOneFile`: the verdict kind's disputes file, docs/review.md).
 */
import { UserError } from "../errors.js";
import type { ReviewStore, TaskKind } from "./contract.js";
import { type ExportFormat, serialiseRecords } from "./export-format.js";
import { kindNamed } from "./kinds/lookup.js";

export interface ExportResult {
  text: string;
  labels: number;
  annotators: string[];
  /** What was written: the kind's records ("score lines (plan agree --kind scores)") and the file format. */
  format: string;
}

const FORMAT_NAMES: Readonly<Record<ExportFormat, string>> = {
  jsonl: "JSON lines",
  json: "a JSON array",
  yaml: "YAML",
  csv: "CSV",
};

/** `format` defaults to the kind's own, the one its consumer reads. */
export function exportLabels(
  store: ReviewStore,
  kind: TaskKind,
  annotator?: string,
  format?: ExportFormat,
): ExportResult {
  const all = store.labels(kind);
  const present = [...new Set(all.map((label) => label.annotator))].sort();
  if (annotator !== undefined && !present.includes(annotator))
    throw new UserError(
      `--annotator ${annotator}: no ${kind} labels by this annotator in ${store.file}${present.length ? ` (annotators: ${present.join(", ")})` : ""}`,
    );
  if (all.length === 0) throw new UserError(`--kind ${kind}: no ${kind} labels in ${store.file} yet`);
  const spec = kindNamed(kind);
  if (annotator === undefined && present.length > 1 && spec.annotatorsInOneFile !== true)
    throw new UserError(`--kind ${kind}: labels by ${present.length} annotators (${present.join(", ")})`, {
      hint: "pass --annotator NAME: each annotator's labels go to a file of their own",
    });
  const chosen = annotator === undefined ? all : all.filter((label) => label.annotator === annotator);
  const payloads = new Map<number, unknown>();
  const items = chosen.map((stored) => {
    if (!payloads.has(stored.task_id)) payloads.set(stored.task_id, store.getTask(stored.task_id)?.payload);
    return {
      key: stored.key,
      payload: payloads.get(stored.task_id),
      label: stored.label,
      annotator: stored.annotator,
    };
  });
  const written = format ?? spec.nativeFormat;
  return {
    text: serialiseRecords(spec.exportRecords(items), written, spec.csvColumns),
    labels: items.length,
    annotators: [...new Set(chosen.map((label) => label.annotator))].sort(),
    format:
      written === spec.nativeFormat ? spec.exportFormat : `${spec.exportFormat}, as ${FORMAT_NAMES[written]}`,
  };
}
