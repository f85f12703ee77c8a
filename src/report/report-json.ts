/** `tooluse report --json`: the results files as one JSON document, for scripts (the tables are for people). */

import type { ReportRun } from "../runner/results-schema.js";
import { leaderboard } from "./leaderboard.js";
import { repeatStatistics } from "./repeats.js";

/**
 * Every run's identity and summary (with its repeat statistics when K > 1, as `run --json` prints them), and the
 * ranked leaderboard when there are several runs; `run` in a leaderboard row indexes `runs`.
 */
export function reportJson(runs: readonly ReportRun[]): object {
  const described = runs.map(({ file, label, results }) => {
    const repeats = repeatStatistics(results);
    return {
      file,
      label,
      model: results.model,
      backend: results.backend,
      corpus: results.corpus,
      counts: results.counts,
      summary: repeats ? { ...results.summary, repeats } : results.summary,
    };
  });
  return runs.length > 1 ? { runs: described, leaderboard: leaderboard(runs) } : { runs: described };
}
