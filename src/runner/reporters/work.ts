/**
 * The plan workflows' event stream, beside the run's (./types.ts): a plan, a judgement or a lineage has no verdict
 * to count, so the work reports only that a stage of it started, that each item finished (well or not), and that the
 * stage ended. Progress is one reporter on it (./work-progress.ts); a library user adds their own.
 */

/** A stage of work starting: what it is called ("plans", "lineages") and how many items it holds. */
export interface WorkStart {
  label: string;
  total: number;
}

/** One item finished; `ok: false` counts as an error. `key` names the item where the workflow has a name for it. */
export interface WorkItem {
  ok: boolean;
  key?: string;
}

/** One listener to the work; every hook is optional. */
export interface WorkReporter {
  onWorkStart?(start: WorkStart): void;
  onItem?(item: WorkItem): void;
  onWorkEnd?(): void;
}

/** What a workflow reports through: every reporter hears each event, in the order the reporters are given. */
export function workStream(reporters: readonly WorkReporter[] = []): Required<WorkReporter> {
  return {
    onWorkStart(start) {
      for (const reporter of reporters) reporter.onWorkStart?.(start);
    },
    onItem(item) {
      for (const reporter of reporters) reporter.onItem?.(item);
    },
    onWorkEnd() {
      for (const reporter of reporters) reporter.onWorkEnd?.();
    },
  };
}

/** What a workflow takes to report its work: the listeners, and the stage's name when the caller has a better one. */
export interface WorkOptions {
  reporters?: readonly WorkReporter[];
  workLabel?: string;
}
