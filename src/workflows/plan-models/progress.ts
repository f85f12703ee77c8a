/**
 * Progress for the planning commands in the look of `tooluse run` (bar and rate on a terminal, a line per tenth in
 * logs). Its own small reporter because run's counts verdicts, and a plan or a judgement has none.
 */

export interface WorkProgress {
  start(total: number): void;
  /** One unit of work finished; `ok: false` counts as an error. */
  done(ok: boolean): void;
  finish(): void;
}

interface Tally {
  total: number;
  done: number;
  errors: number;
  startedAt: number;
}

function describe(t: Tally, label: string): string {
  const elapsed = (Date.now() - t.startedAt) / 1000;
  const rate = elapsed > 0 ? t.done / elapsed : 0;
  const eta = rate > 0 ? `${Math.round((t.total - t.done) / rate)}s` : "–";
  const errors = t.errors > 0 ? `  errors ${t.errors}` : "";
  return `${label} ${t.done}/${t.total}  ${rate.toFixed(1)}/s  eta ${eta}${errors}`;
}

/** A live bar when `tty`, else plain lines; `label` names the work ("plans", "judgements", "lineages"). */
export function workProgress(write: (text: string) => void, tty: boolean, label: string): WorkProgress {
  const t: Tally = { total: 0, done: 0, errors: 0, startedAt: Date.now() };
  let last = 0;
  let nextMark = 0;
  const step = () => Math.max(1, Math.ceil(t.total / 10));
  const draw = (force: boolean) => {
    if (tty) {
      if (!force && Date.now() - last < 100) return;
      last = Date.now();
      const width = 24;
      const filled = t.total === 0 ? width : Math.round((t.done / t.total) * width);
      write(`\r\u001b[2K[${"#".repeat(filled)}${".".repeat(width - filled)}] ${describe(t, label)}`);
    } else if (force || (t.done >= nextMark && t.done < t.total)) {
      write(`progress ${describe(t, label)}\n`);
      nextMark += step();
    }
  };
  return {
    start(total) {
      Object.assign(t, { total, done: 0, errors: 0, startedAt: Date.now() });
      nextMark = step();
      if (tty) draw(true);
    },
    done(ok) {
      t.done++;
      if (!ok) t.errors++;
      draw(false);
    },
    finish() {
      draw(true);
      if (tty) write("\n");
    },
  };
}

export const silentWork: WorkProgress = { start() {}, done() {}, finish() {} };
