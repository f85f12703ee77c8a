/**
 * `tooluse compare A.json B.json`: paired per-case comparison of two runs. Single runs keep the exact McNemar test
 * per protocol and add the power line (what difference this comparison can detect); runs with repeats on either side
 * get the noise-aware comparison throughout (src/report/compare-noise.ts, docs/statistics.md).
 */
import { UserError } from "../errors.js";
import { pairRuns } from "../metrics/paired.js";
import { comparisonJson, formatComparison } from "../report/compare.js";
import {
  compareNoise,
  eitherRepeated,
  formatNoiseComparison,
  noiseComparisonJson,
  powerLine,
} from "../report/compare-noise.js";
import { formatBatch, shortDigest, wrap } from "../report/format.js";
import { assertSameGrading, loadRuns } from "../report/load.js";
import { terminalText } from "../sanitize.js";
import { fraction } from "./flags.js";
import { type Io, stdoutColor } from "./io.js";

export interface CompareOptions {
  a: string;
  b: string;
  /** Pair the shared cases even when the corpus digests differ. */
  force?: boolean;
  json?: boolean;
  /** `--mde 0.02`: an effect to plan for: how many cases or repeats would detect it. */
  mde?: string;
}

function targetEffect(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const effect = fraction("--mde", text);
  if (effect === 0)
    throw new UserError(`--mde: expected an effect above 0 (e.g. 0.02 for 2 points), got "${text}"`);
  return effect;
}

export async function runCompare(opts: CompareOptions, io: Io): Promise<number> {
  const target = targetEffect(opts.mde);
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
  const noise = compareNoise(a, b, target);
  if (eitherRepeated(a, b)) {
    if (opts.json) io.stdout(`${JSON.stringify(noiseComparisonJson(a, b, noise), null, 2)}\n`);
    else io.stdout(formatNoiseComparison(a, b, noise, stdoutColor(io)));
    return 0;
  }
  const result = pairRuns(a.results.records, b.results.records);
  if (opts.json) {
    const { overall } = noiseComparisonJson(a, b, noise);
    io.stdout(`${JSON.stringify({ ...comparisonJson(a, b, result), noise: overall }, null, 2)}\n`);
  } else
    io.stdout(
      `${formatComparison(a, b, result, stdoutColor(io))}\n${wrap(powerLine(noise.overall), 100, "  ")}\n`,
    );
  return 0;
}
