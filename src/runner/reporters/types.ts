/**
 * A run's outputs are reporters on one event stream (vitest's model): the journal, the progress line, the results
 * file, JUnit, CSV and HTML each listen to the same three hooks instead of being called one by one.
 */
import type { RunRecord } from "../record.js";
import type { Results } from "../results.js";

/** What a run knows when it starts: the attempts it will ask and how many a resumed journal already holds. */
export interface RunStart {
  total: number;
  alreadyDone: number;
}

/**
 * What the stream produced: the run's one results object (`report` hands every file it read). Empty when the run
 * stopped early (an abort, a fatal error, a failing reporter): every reporter that started still ends, so the journal
 * is closed and the progress line finished, but none writes results that are not there.
 */
export interface RunEnd<Run = Results> {
  results: readonly Run[];
}

/** One output of a run; every hook is optional. A hook that throws fails the run with its error. */
export interface RunReporter<Run = Results> {
  onRunStart?(start: RunStart): void | Promise<void>;
  /** Called once per finished record (already redacted), in the order the records finish. */
  onRecord?(record: RunRecord): void;
  onRunEnd?(end: RunEnd<Run>): void | Promise<void>;
}
