/** Progress reporters: a live line on a terminal, plain periodic lines elsewhere (CI logs). */
import type { RunRecord } from "./record.js";

export interface ProgressReporter {
  start(total: number, alreadyDone: number): void;
  record(record: RunRecord): void;
  finish(): void;
}

interface Tally {
  total: number;
  done: number;
  passed: number;
  scored: number;
  errors: number;
  startedAt: number;
  doneAtStart: number;
}

function describe(t: Tally, now: number): string {
  const elapsed = (now - t.startedAt) / 1000;
  const rate = elapsed > 0 ? (t.done - t.doneAtStart) / elapsed : 0;
  const eta = rate > 0 ? Math.round((t.total - t.done) / rate) : null;
  const score = t.scored > 0 ? (t.passed / t.scored).toFixed(3) : "–";
  const errors = t.errors > 0 ? `  errors ${t.errors}` : "";
  return `${t.done}/${t.total}  ${rate.toFixed(1)}/s  eta ${eta === null ? "–" : `${eta}s`}  score ${score}${errors}`;
}

function tally(): Tally {
  return { total: 0, done: 0, passed: 0, scored: 0, errors: 0, startedAt: Date.now(), doneAtStart: 0 };
}

/**
 * A reporter is handed to every run of a matrix in turn: each run starts from a fresh tally, or the second run's
 * score and error count would go on from the first's.
 */
function restart(t: Tally, total: number, alreadyDone: number): void {
  Object.assign(t, tally(), { total, done: alreadyDone, doneAtStart: alreadyDone });
}

function count(t: Tally, record: RunRecord): void {
  t.done++;
  if (record.status === "error") t.errors++;
  else {
    t.scored++;
    if (record.verdict?.passed) t.passed++;
  }
}

/** Rewrites one status line in place, at most ten times a second. */
export function terminalProgress(write: (text: string) => void): ProgressReporter {
  const t = tally();
  let last = 0;
  const draw = (force: boolean) => {
    const now = Date.now();
    if (!force && now - last < 100) return;
    last = now;
    const width = 24;
    const filled = t.total === 0 ? width : Math.round((t.done / t.total) * width);
    write(`\r\u001b[2K[${"#".repeat(filled)}${".".repeat(width - filled)}] ${describe(t, now)}`);
  };
  return {
    start(total, alreadyDone) {
      restart(t, total, alreadyDone);
      draw(true);
    },
    record(record) {
      count(t, record);
      draw(false);
    },
    finish() {
      draw(true);
      write("\n");
    },
  };
}

/** One line per tenth of the work (and at the end): readable in logs that do not understand carriage returns. */
export function plainProgress(write: (text: string) => void): ProgressReporter {
  const t = tally();
  let nextMark = 0;
  return {
    start(total, alreadyDone) {
      restart(t, total, alreadyDone);
      nextMark = alreadyDone + Math.max(1, Math.ceil(total / 10));
    },
    record(record) {
      count(t, record);
      if (t.done >= nextMark && t.done < t.total) {
        write(`progress ${describe(t, Date.now())}\n`);
        nextMark += Math.max(1, Math.ceil(t.total / 10));
      }
    },
    finish() {
      write(`progress ${describe(t, Date.now())}\n`);
    },
  };
}

export const silentProgress: ProgressReporter = { start() {}, record() {}, finish() {} };
