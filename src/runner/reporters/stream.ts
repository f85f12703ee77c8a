/** Drives reporters through one run: every start in order, each record to every reporter, every end in order. */
import type { RunRecord } from "../record.js";
import type { RunEnd, RunReporter, RunStart } from "./types.js";

/** A failure kept while the rest still ends: the run's own error, or the first reporter's. */
interface Failure {
  error: unknown;
}

/**
 * Ends `reporters` in order. Once anything failed (the run, or an earlier reporter's end), the reporters after it see
 * a run without results: a JUnit file never describes results whose own file was not written. Every reporter still
 * ends (a journal is closed even when the results file could not be written); the first failure is returned.
 */
async function endAll<Run>(
  reporters: readonly RunReporter<Run>[],
  end: RunEnd<Run>,
  earlier: Failure | undefined,
): Promise<Failure | undefined> {
  let failure = earlier;
  for (const reporter of reporters) {
    try {
      await reporter.onRunEnd?.(failure ? { results: [] } : end);
    } catch (error) {
      failure ??= { error };
    }
  }
  return failure;
}

/** Ends reporters outside a run (`report` hands them the files it read), throwing the first failure. */
export async function endReporters<Run>(
  reporters: readonly RunReporter<Run>[],
  end: RunEnd<Run>,
): Promise<void> {
  const failure = await endAll(reporters, end, undefined);
  if (failure) throw failure.error;
}

/**
 * Runs `work` inside the stream: `work` reports each finished record through the callback it is given and returns
 * the run's results. A reporter whose start threw is not ended (it never began), nor is any after it. The run's own
 * error wins over a reporter's failure to end.
 */
export async function streamRun<Run>(
  reporters: readonly RunReporter<Run>[],
  start: RunStart,
  work: (onRecord: (record: RunRecord) => void) => Promise<Run>,
): Promise<Run> {
  const started: RunReporter<Run>[] = [];
  let results: Run;
  try {
    for (const reporter of reporters) {
      await reporter.onRunStart?.(start);
      started.push(reporter);
    }
    results = await work((record) => {
      for (const reporter of started) reporter.onRecord?.(record);
    });
  } catch (error) {
    const failure = await endAll(started, { results: [] }, { error });
    throw failure?.error ?? error;
  }
  const failure = await endAll(started, { results: [results] }, undefined);
  if (failure) throw failure.error;
  return results;
}
