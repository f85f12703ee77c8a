/** `tooluse compare A.json B.json`: paired per-case comparison of two runs with the exact McNemar test. */
import { UserError } from "../errors.js";
import { pairRuns } from "../metrics/paired.js";
import { comparisonJson, formatComparison } from "../report/compare.js";
import { formatBatch, shortDigest } from "../report/format.js";
import { assertSameGrading, loadRuns } from "../report/load.js";
import { terminalText } from "../sanitize.js";
import { type Io, stdoutColor } from "./io.js";

export interface CompareOptions {
  a: string;
  b: string;
  /** Pair the shared cases even when the corpus digests differ. */
  force?: boolean;
  json?: boolean;
}

export async function runCompare(opts: CompareOptions, io: Io): Promise<number> {
  const [a, b] = loadRuns([opts.a, opts.b], (note) => io.stderr(`warning: ${terminalText(note)}\n`));
  if (!a || !b) throw new Error("labelRuns returned fewer runs than given");
  assertSameGrading([a, b], "compare");
  const digestA = a.results.corpus.digest;
  const digestB = b.results.corpus.digest;
  if (digestA !== digestB) {
    const what = `${terminalText(opts.a)} and ${terminalText(opts.b)} were run on different corpora (${shortDigest(digestA)} vs ${shortDigest(digestB)})`;
    if (!opts.force)
      throw new UserError(
        `${what}; a paired comparison needs the same cases. Pass --force to pair the ids they share`,
      );
    io.stderr(`warning: ${what}; pairing the ids they share because of --force\n`);
  }
  const batchA = a.results.config.batch_size;
  const batchB = b.results.config.batch_size;
  if (batchA !== batchB)
    io.stderr(
      `warning: batch sizes differ (${formatBatch(batchA)} vs ${formatBatch(batchB)}); borderline cases can flip between batch sizes (spec §4)\n`,
    );
  const result = pairRuns(a.results.records, b.results.records);
  if (opts.json) io.stdout(`${JSON.stringify(comparisonJson(a, b, result), null, 2)}\n`);
  else io.stdout(formatComparison(a, b, result, stdoutColor(io)));
  return 0;
}
