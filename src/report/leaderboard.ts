/** The leaderboard across runs: one row per (run, protocol), ranked by score, and warnings about mixed runs. */
import type { Score } from "../metrics/summary.js";
import type { ReportRun } from "../runner/results-schema.js";
import { formatBatch, shortDigest } from "./format.js";

export interface LeaderboardRow {
  rank: number;
  /** Index into the runs given, for colours and links. */
  run: number;
  protocol: string;
  score: Score;
}

/** Ranks by score (spec §3.4: the only ranking number); ties and empty scores keep the order the runs were given. */
export function leaderboard(runs: readonly ReportRun[]): LeaderboardRow[] {
  const rows = runs.flatMap((run, index) =>
    Object.entries(run.results.summary.by_protocol).map(([protocol, score]) => ({
      run: index,
      protocol,
      score,
    })),
  );
  const sorted = rows
    .map((row, order) => ({ row, order }))
    .sort((x, y) => (y.row.score.score ?? -1) - (x.row.score.score ?? -1) || x.order - y.order)
    .map(({ row }) => row);
  // Equal scores share a rank (1, 2, 2, 4): a tie is not a win.
  return sorted.map((row, i) => {
    const first = sorted.findIndex((other) => other.score.score === row.score.score);
    return { ...row, rank: (first === -1 ? i : first) + 1 };
  });
}

function groups(runs: readonly ReportRun[], key: (run: ReportRun) => string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const run of runs) {
    const k = key(run);
    out.set(k, [...(out.get(k) ?? []), run.label]);
  }
  return out;
}

function describe(map: Map<string, string[]>): string {
  return [...map].map(([k, labels]) => `${k} (${labels.join(", ")})`).join(" vs ");
}

/** One line per way the runs are not comparable (spec §4, §5): corpus digests, numbers of cases or batch sizes. */
export function mixWarnings(runs: readonly ReportRun[]): string[] {
  const warnings: string[] = [];
  const digests = groups(runs, (r) => shortDigest(r.results.corpus.digest));
  if (digests.size > 1)
    warnings.push(
      `different corpus digests: ${describe(digests)}; scores on different corpora are not comparable`,
    );
  const sizes = groups(runs, (r) => `${r.results.corpus.cases} cases`);
  if (sizes.size > 1)
    warnings.push(
      `different numbers of cases: ${describe(sizes)}; a run on a subset (--limit, --ids, --lang, --category) is not comparable with a full run`,
    );
  const batches = groups(runs, (r) => `batch ${formatBatch(r.results.config.batch_size)}`);
  if (batches.size > 1)
    warnings.push(
      `different batch sizes: ${describe(batches)}; borderline cases can flip between batch sizes`,
    );
  return warnings;
}
