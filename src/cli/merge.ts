/** `tooluse merge`: join the shards of one run (`run --shard K/N`) into the results file the whole run would write. */
import { UserError } from "../errors.js";
import { writeOutput } from "../io/output.js";
import { STDOUT_PATH } from "../io/target.js";
import { readResults } from "../report/load.js";
import { casesOf } from "../report/verify.js";
import { mergeShards, type ShardFile } from "../runner/merge.js";
import type { Results } from "../runner/results.js";
import { selectCases } from "../runner/run.js";
import { terminalText } from "../sanitize.js";
import { type Io, outputOptions } from "./io.js";

export interface MergeFlags {
  files: string[];
  out: string;
}

export async function runMerge(flags: MergeFlags, io: Io): Promise<number> {
  // The loose schema of the report views checks the shape; the runner wrote these files, so the fields merge reads
  // (config, records) are the runner's own.
  const shards: ShardFile[] = flags.files.map((file) => ({
    file,
    results: readResults(file) as unknown as Results,
  }));
  const first = shards[0];
  if (!first) throw new UserError("merge: give the results files of the shards");
  const cases = casesOf(readResults(first.file));
  if (cases === null)
    throw new UserError(
      `merge: the cases file of ${first.file} (digest ${first.results.corpus.digest.slice(0, 15)}…) is not at ${first.results.config.cases_file}`,
      { hint: "run merge in a checkout that has the run's cases file" },
    );
  const merged = mergeShards(shards, selectCases(cases, first.results.config.filters));
  writeOutput(flags.out, `${JSON.stringify(merged, null, 1)}\n`, outputOptions(io));
  const { counts, summary } = merged;
  io.stdout(
    `${terminalText(merged.model)}: ${shards.length} shards merged, ${counts.records} records (${counts.scored} scored, ${counts.errors} errors, ${counts.missing} missing), score ${summary.score === null ? "–" : summary.score.toFixed(3)}\nresults: ${flags.out === STDOUT_PATH ? "stdout" : flags.out}\n`,
  );
  if (counts.errors > 0)
    io.stderr(
      `tooluse: ${counts.errors} records of the merged run errored (not scored); resume the shard that holds them (tooluse run --resume SHARD) and merge again\n`,
    );
  return counts.missing > 0 || counts.errors > 0 ? 1 : 0;
}
