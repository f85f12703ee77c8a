/** `tooluse merge`: join the shards of one run (`run --shard K/N`) into the results file the whole run would write. */
import type { Case } from "../cases/schema.js";
import { UserError } from "../errors.js";
import { STDOUT_PATH } from "../io/target.js";
import { readResults } from "../report/load.js";
import { casesOf, verifyResults } from "../report/verify.js";
import { mergeShards, type ShardFile } from "../runner/merge.js";
import type { Results } from "../runner/results.js";
import { writeResults } from "../runner/results-file.js";
import type { ReportResults } from "../runner/results-schema.js";
import { selectCases } from "../runner/run.js";
import { terminalText } from "../sanitize.js";
import { type Io, outputOptions } from "./io.js";

export interface MergeFlags {
  files: string[];
  out: string;
  /** Print the merged run's counts and summary as one JSON document instead of the line. */
  json?: boolean;
}

const AGAIN = "the shard was edited or damaged; run that shard again";

/**
 * A shard is merged only when its stored evidence holds: every verdict is what this harness grades from the output
 * (under the same grader version), and its summary and counts are those of its records. Merging writes a new
 * results file, so a disagreement is refused, never repaired silently.
 */
function checkShard(file: string, results: ReportResults, cases: readonly Case[]): void {
  const { findings } = verifyResults(results, file, { cases: [...cases] });
  const regrading = findings.regrading;
  if (regrading && regrading.storedVersion !== regrading.grader.version)
    throw new UserError(
      `merge: ${file} was graded under ${regrading.grader.profile} ${regrading.storedVersion}; this tooluse grades under ${regrading.grader.version}`,
      { hint: "merge the shards with the tooluse version that ran them" },
    );
  const differences = regrading?.differences ?? [];
  if (differences.length > 0)
    throw new UserError(
      `merge: ${file}: ${differences.length} stored verdict(s) differ from re-grading the outputs: ${differences
        .map((d) => `records[${d.index}] (${d.id}, ${d.protocol}): ${d.what}`)
        .join("; ")}`,
      { hint: AGAIN },
    );
  if (findings.summaryDisagrees)
    throw new UserError(`merge: ${file}: the stored summary disagrees with its records`, { hint: AGAIN });
  if (findings.countsDisagree)
    throw new UserError(`merge: ${file}: the stored counts disagree with its records`, { hint: AGAIN });
}

export async function runMerge(flags: MergeFlags, io: Io): Promise<number> {
  const reports = flags.files.map((file) => ({ file, results: readResults(file) }));
  // The loose schema of the report views checks the shape; the runner wrote these files, so the fields merge reads
  // (config, records) are the runner's own.
  const shards: ShardFile[] = reports.map(({ file, results }) => ({
    file,
    results: results as unknown as Results,
  }));
  const first = reports[0];
  if (!first) throw new UserError("merge: give the results files of the shards");
  const cases = casesOf(first.results, first.file);
  if (cases === null)
    throw new UserError(
      `merge: the cases file of ${first.file} (digest ${first.results.corpus.digest.slice(0, 15)}…) is not at ${first.results.config.cases_file}`,
      { hint: "run merge in a checkout that has the run's cases file" },
    );
  // A shard on another corpus is refused by mergeShards, naming the field that differs.
  for (const { file, results } of reports)
    if (results.corpus.digest === first.results.corpus.digest) checkShard(file, results, cases);
  const merged = mergeShards(shards, selectCases(cases, (shards[0] as ShardFile).results.config.filters));
  writeResults(flags.out, merged, outputOptions(io));
  const { counts, summary } = merged;
  if (flags.json)
    io.stdout(
      `${JSON.stringify({ model: merged.model, shards: shards.length, out: flags.out, counts, summary }, null, 2)}\n`,
    );
  else
    io.stdout(
      `${terminalText(merged.model)}: ${shards.length} shards merged, ${counts.records} records (${counts.scored} scored, ${counts.errors} errors, ${counts.missing} missing), score ${summary.score === null ? "–" : summary.score.toFixed(3)}\nresults: ${flags.out === STDOUT_PATH ? "stdout" : flags.out}\n`,
    );
  if (counts.errors > 0)
    io.stderr(
      `tooluse: ${counts.errors} records of the merged run errored (not scored); resume the shard that holds them (tooluse run --resume SHARD) and merge again\n`,
    );
  return counts.missing > 0 || counts.errors > 0 ? 1 : 0;
}
