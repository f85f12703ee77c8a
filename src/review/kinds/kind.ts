/**
 * What a task kind is: everything the store, the pages, export and the CLI need to know about it, in one module
 * (src/review/kinds/<kind>.ts) listed once in the registry (src/review/kinds/index.ts), which they all read. Only the
 * kind names `--help` lists are written again (src/cli/flag-choices.ts: help loads no review module).
 */
import type { SafeHtml } from "../../render/escape.js";
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

/** How a kind's task page looks: the task's main content and its own keys for the help overlay. */
export interface KindView<P> {
  keys: readonly (readonly [string, string])[];
  render(payload: P): SafeHtml;
}

/** One part of a task's key as the pages show it: an index into the key's JSON list. */
export interface KeyPart {
  at: number;
  /** Prefixes a number ("pass 2"). */
  label?: string;
  /** A value not worth repeating on every task (the default suite), left out when the part holds it. */
  unless?: string;
}

export interface ImportOptions {
  /** Only the items that did not pass (kinds with `failuresOnly`). */
  failuresOnly: boolean;
}

/** What an import found: the tasks, and what `review add` says about the rest. */
export interface KindImport {
  tasks: NewTask[];
  /** Warnings about the input, said before the tasks are added. */
  notes?: string[];
  /** Clauses appended to the "added N task(s)" line: what was left out and why. */
  leftOut?: string[];
  /** Warnings about the added tasks, said after them. */
  warnings?: string[];
}

export interface KindModule<P = unknown, L = unknown> extends KindSpec<P, L> {
  /** One line for the index page: what the kind's tasks ask. */
  title: string;
  /** Which parts of a task's key the pages show, in order (src/review/kinds/readable-key.ts). */
  keyParts: readonly KeyPart[];
  view: KindView<P>;
  /** The import flags this kind needs (at least one of `anyOf` when given). */
  sources: { required: readonly (keyof ImportSources)[]; optional: readonly (keyof ImportSources)[] };
  /** The kind reads `--failures-only` (its items pass or fail). */
  failuresOnly?: true;
  importTasks(sources: ImportSources, options?: ImportOptions): KindImport;
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
  /** Every exported line names its annotator, so one file holds them all (else: one file per annotator). */
  annotatorsInOneFile?: true;
}
