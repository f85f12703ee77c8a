/**
 * Progress lines: a live line on a terminal, plain periodic lines elsewhere (CI logs). The drawing is shared by the
 * run's progress (which counts verdicts) and the plan workflows' (src/runner/reporters/work-progress.ts), so the two
 * look alike and change together.
 */
import type { RunRecord } from "./record.js";

export interface ProgressReporter {
  start(total: number, alreadyDone: number): void;
  record(record: RunRecord): void;
  finish(): void;
}

/** What every progress line counts, whatever the work. */
export interface ProgressTally {
  total: number;
  done: number;
  errors: number;
  startedAt: number;
  /** Finished before this start (a resumed journal): left out of the rate. */
  doneAtStart: number;
}

/** `done/total  rate/s  eta` — the part of the line every kind of work shares. */
export function describePace(t: ProgressTally, now: number): string {
  const elapsed = (now - t.startedAt) / 1000;
  const rate = elapsed > 0 ? (t.done - t.doneAtStart) / elapsed : 0;
  const eta = rate > 0 ? Math.round((t.total - t.done) / rate) : null;
  return `${t.done}/${t.total}  ${rate.toFixed(1)}/s  eta ${eta === null ? "–" : `${eta}s`}`;
}

export function describeErrors(t: ProgressTally): string {
  return t.errors > 0 ? `  errors ${t.errors}` : "";
}

/** How a tally is shown: when its work starts, after each count, and when the work ends. */
export interface ProgressLine {
  start(): void;
  advance(): void;
  finish(): void;
}

/** Rewrites one status line in place, at most ten times a second. */
function liveLine(
  write: (text: string) => void,
  t: ProgressTally,
  text: (now: number) => string,
): ProgressLine {
  let last = 0;
  const draw = (force: boolean) => {
    const now = Date.now();
    if (!force && now - last < 100) return;
    last = now;
    const width = 24;
    const filled = t.total === 0 ? width : Math.round((t.done / t.total) * width);
    write(`\r\u001b[2K[${"#".repeat(filled)}${".".repeat(width - filled)}] ${text(now)}`);
  };
  return {
    start: () => draw(true),
    advance: () => draw(false),
    finish() {
      draw(true);
      write("\n");
    },
  };
}

/** One line per tenth of the work (and at the end): readable in logs that do not understand carriage returns. */
function plainLines(
  write: (text: string) => void,
  t: ProgressTally,
  text: (now: number) => string,
): ProgressLine {
  let nextMark = 0;
  const step = () => Math.max(1, Math.ceil(t.total / 10));
  return {
    start() {
      nextMark = t.done + step();
    },
    advance() {
      if (t.done >= nextMark && t.done < t.total) {
        write(`progress ${text(Date.now())}\n`);
        nextMark += step();
      }
    },
    finish() {
      write(`progress ${text(Date.now())}\n`);
    },
  };
}

/** The line for `t`, redrawn in place when `live`, else plain lines; `text` says where the tally stands. */
export function progressLine(
  write: (text: string) => void,
  live: boolean,
  t: ProgressTally,
  text: (now: number) => string,
): ProgressLine {
  return live ? liveLine(write, t, text) : plainLines(write, t, text);
}

/** A fresh tally for work of `total` items, `alreadyDone` of them finished before it started. */
export function startTally(total: number, alreadyDone: number): ProgressTally {
  return { total, done: alreadyDone, errors: 0, startedAt: Date.now(), doneAtStart: alreadyDone };
}

interface RunTally extends ProgressTally {
  passed: number;
  scored: number;
}

function describe(t: RunTally, now: number): string {
  const score = t.scored > 0 ? (t.passed / t.scored).toFixed(3) : "–";
  return `${describePace(t, now)}  score ${score}${describeErrors(t)}`;
}

function count(t: RunTally, record: RunRecord): void {
  t.done++;
  if (record.status === "error") t.errors++;
  else {
    t.scored++;
    if (record.verdict?.passed) t.passed++;
  }
}

/**
 * A reporter is handed to every run of a matrix in turn: each run starts from a fresh tally, or the second run's
 * score and error count would go on from the first's.
 */
function runProgress(write: (text: string) => void, live: boolean): ProgressReporter {
  const t: RunTally = { ...startTally(0, 0), passed: 0, scored: 0 };
  const line = progressLine(write, live, t, (now) => describe(t, now));
  return {
    start(total, alreadyDone) {
      Object.assign(t, startTally(total, alreadyDone), { passed: 0, scored: 0 });
      line.start();
    },
    record(record) {
      count(t, record);
      line.advance();
    },
    finish() {
      line.finish();
    },
  };
}

export function terminalProgress(write: (text: string) => void): ProgressReporter {
  return runProgress(write, true);
}

export function plainProgress(write: (text: string) => void): ProgressReporter {
  return runProgress(write, false);
}

export const silentProgress: ProgressReporter = { start() {}, record() {}, finish() {} };
