/** What every task kind provides to the data layer beyond the contract: agreement measures, import and export. */
import type { KindSpec, NewTask } from "../contract.js";

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
  /** The export file's text for one annotator's latest labels, in task order. */
  exportText(items: readonly ExportItem<P, L>[]): string;
  /** What export writes, for docs and the command's message: "scores JSONL (plan agree --kind scores)". */
  exportFormat: string;
}
