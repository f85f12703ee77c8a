/**
 * The plan workflows' progress as a reporter on their work stream: the run's line (src/runner/progress.ts) with the
 * stage's label in front and no score. One reporter hears every stage of an experiment; each starts a fresh tally.
 */
import { describeErrors, describePace, progressLine, startTally } from "../progress.js";
import type { WorkReporter } from "./work.js";

/** A live bar when `live` (a terminal that takes cursor control), else a plain line per tenth of the work. */
export function workProgressReporter(write: (text: string) => void, live: boolean): Required<WorkReporter> {
  const t = startTally(0, 0);
  let label = "";
  const line = progressLine(write, live, t, (now) => `${label} ${describePace(t, now)}${describeErrors(t)}`);
  return {
    onWorkStart(start) {
      label = start.label;
      Object.assign(t, startTally(start.total, 0));
      line.start();
    },
    onItem({ ok }) {
      t.done++;
      if (!ok) t.errors++;
      line.advance();
    },
    onWorkEnd() {
      line.finish();
    },
  };
}
