/** What every task kind provides to the data layer beyond the contract: agreement measures, import and export. */
import type { KindSpec, NewTask } from "../contract.js";
import type { ExportFormat } from "../export-format.js";

/** One value an annotator gave that two annotators can agree on (a rating, a tag present or not, a decision). */
export interface Measure {
  name: string;
  /** The value's category; `categories` lists them in order (ordinal measures: worst to best). */
  value: string;
  /** Fixed categories, or null when they are whatever values the annotators gave (a decision, say). */
  categories: readonly string[] | null;
  /** Ordered categories get the quadratic weighted κ too. */
  ordinal: boolean;
}

/** The files `tooluse review add` reads; each kind names the ones it needs. */
export interface ImportSources {
  queries?: string;
  plans?: string;
  lineages?: string;
  responses?: string;
  answers?: string;
  results?: string;
}

export interface ExportItem<P, L> {
  key: string;
  payload: P;
  label: L;
  annotator: string;
}

export interface KindModule<P = unknown, L = unknown> extends KindSpec<P, L> {
  /** The import flags this kind needs (at least one of `anyOf` when given). */
  sources: { required: readonly (keyof ImportSources)[]; optional: readonly (keyof ImportSources)[] };
  importTasks(sources: ImportSources): NewTask[];
  measures(payload: P, label: L): Measure[];
  /** The export file's records for one annotator's latest labels, in task order (src/review/export-format.ts
   * writes them in the format --out asks for). */
  exportRecords(items: readonly ExportItem<P, L>[]): Record<string, unknown>[];
  /** The format its consumer reads, written when --out's extension names none. */
  nativeFormat: ExportFormat;
  /** The CSV columns, for kinds whose records are flat (a list cell is joined by ";"); none: no CSV. */
  csvColumns?: readonly string[];
  /** What export writes, for docs and the command's message: "scores JSONL (plan agree --kind scores)". */
  exportFormat: string;
}
