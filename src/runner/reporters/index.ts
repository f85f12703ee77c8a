/**
 * The run's own outputs, by name: what `runBenchmark` writes. The formats made for other tools (JUnit, CSV, HTML)
 * join them in the full registry of src/report/reporters.ts, above this layer, which `run` and `report` choose from.
 */
import type { ProgressReporter } from "../progress.js";
import { type JournalReporterOptions, journalReporter } from "./journal.js";
import { progressReporter } from "./progress.js";
import { type ResultsReporterOptions, resultsReporter } from "./results-file.js";
import type { RunReporter } from "./types.js";

/** Each run reporter's options, by name. */
export interface RunReporterOptions {
  journal: JournalReporterOptions;
  progress: ProgressReporter;
  results: ResultsReporterOptions;
}

export type RunReporterName = keyof RunReporterOptions;

export const RUN_REPORTERS: {
  readonly [Name in RunReporterName]: (options: RunReporterOptions[Name]) => RunReporter;
} = {
  journal: journalReporter,
  progress: progressReporter,
  results: resultsReporter,
};

export { endReporters, streamRun } from "./stream.js";
export type { RunEnd, RunReporter, RunStart } from "./types.js";
export type { WorkItem, WorkReporter, WorkStart } from "./work.js";
export { workStream } from "./work.js";
export { workProgressReporter } from "./work-progress.js";
