/**
 * The message of a matrix run that stopped on an error: which run failed and why, what to do, which results files
 * exist (finished runs are kept), the journal a run can resume from, and the empty folders that were removed.
 */
import { existsSync } from "node:fs";
import type { MatrixRun } from "../config/matrix.js";
import { journalPath } from "../runner/journal.js";
import { terminalText } from "../sanitize.js";

export interface MatrixFailure {
  runs: readonly MatrixRun[];
  /** The run that failed (1-based `index`), or null when the matrix failed before its first run. */
  failed: { run: MatrixRun; index: number } | null;
  reason: string;
  /** What to do about it. */
  next: string | null;
  /** Folders the matrix created and removed again, being empty. */
  removed: readonly string[];
}

/** The lines to print on stderr, each ending in a newline. */
export function matrixFailureLines(failure: MatrixFailure): string {
  const { runs, failed } = failure;
  const which = failed
    ? `run ${failed.index}/${runs.length} (${failed.run.model} × ${failed.run.suite}) failed: `
    : "";
  const next = failure.next === null ? "" : `; ${failure.next}`;
  const kept = runs.filter((run) => existsSync(run.config.out)).map((run) => run.config.out);
  // A finished run keeps its journal too; only an unfinished one is worth naming.
  const journals = runs
    .filter((run) => !existsSync(run.config.out) && existsSync(journalPath(run.config.out)))
    .map((run) => journalPath(run.config.out));
  const lines = [
    `tooluse: ${which}${terminalText(failure.reason)}${next}`,
    kept.length > 0
      ? `kept: ${kept.length} results ${kept.length === 1 ? "file" : "files"}: ${kept.join(", ")}`
      : "kept: no results file (no run finished)",
    ...(journals.length > 0 ? [`resumable from its journal: ${journals.join(", ")}`] : []),
    ...(failure.removed.length > 0
      ? [
          `removed the empty ${failure.removed.length === 1 ? "folder" : "folders"} it created: ${failure.removed.join(", ")}`,
        ]
      : []),
  ];
  return lines.map((line) => `${terminalText(line)}\n`).join("");
}
