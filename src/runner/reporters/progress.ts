/** The progress line as a reporter: a `ProgressReporter` (src/runner/progress.ts) on the run's event stream. */
import type { ProgressReporter } from "../progress.js";
import type { RunReporter } from "./types.js";

export function progressReporter(progress: ProgressReporter): RunReporter {
  return {
    onRunStart({ total, alreadyDone }) {
      progress.start(total, alreadyDone);
    },
    onRecord(record) {
      progress.record(record);
    },
    // Finished whether or not the run succeeded: the terminal line ends with its newline either way.
    onRunEnd() {
      progress.finish();
    },
  };
}
