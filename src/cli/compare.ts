/**
 * `tooluse compare A.json B.json`: paired per-case comparison of two runs. Single runs keep the exact McNemar test
 * per protocol, pool protocols with the test clustered by case, and add the power line (what difference this
 * comparison can detect); runs with repeats on either side get the noise-aware comparison throughout
 * (src/report/compare-noise.ts, docs/statistics.md). `--pair-protocols json:native` pairs A's json records with B's
 * native records of the same case, in two runs or within one (`compare RUN.json --pair-protocols json:native`).
 */
import { UserError } from "../errors.js";
import { type PairedComparison, pairRuns } from "../metrics/paired.js";
import { comparisonJson, formatComparison, type RowSides } from "../report/compare.js";
import {
  compareNoise,
  eitherRepeated,
  formatNoiseComparison,
  noiseComparisonJson,
  powerLine,
} from "../report/compare-noise.js";
import { formatBatch, shortDigest, wrap } from "../report/format.js";
import { assertSameGrading, loadRuns } from "../report/load.js";
import {
  type ProtocolPair,
  parseProtocolPairs,
  protocolsOf,
  relabelForPairs,
} from "../report/protocol-pairs.js";
import type { ReportRun } from "../runner/results-schema.js";
import { terminalText } from "../sanitize.js";
import { fraction } from "./flags.js";
import { type Io, stdoutColor } from "./io.js";

export interface CompareOptions {
  a: string;
  /** Absent: with --pair-protocols, A's protocols against B's within the one run A. */
  b?: string | undefined;
  /** `json:native` (or a list): pair A's records in the first protocol with B's in the second, by case. */
  pairProtocols?: string;
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

/** The runs with each side's records of the protocol pairs, relabelled with the pair's name (protocol-pairs.ts). */
function forPairs(run: ReportRun, pairs: readonly ProtocolPair[], side: "a" | "b"): ReportRun {
  return { ...run, results: { ...run.results, records: relabelForPairs(run.results.records, pairs, side) } };
}

/**
 * Nothing paired is an error, never "the runs agree": the line says why (which protocols each side holds) and what
 * would pair them.
 */
function refuseNoPairs(
  a: ReportRun,
  b: ReportRun,
  result: PairedComparison,
  pairs: readonly ProtocolPair[] | null,
): void {
  const { error_in_a, error_in_b, error_in_both } = result.excluded;
  const errored = error_in_a + error_in_b + error_in_both;
  if (result.overall.pairs > 0) return;
  const held = (run: ReportRun) => protocolsOf(run.results.records).join(", ") || "no records";
  if (errored > 0)
    throw new UserError(
      `compare: 0 pairs to compare: every one of the ${errored} paired records errored (${error_in_a} in A, ${error_in_b} in B, ${error_in_both} in both)`,
      { hint: "resume or re-run the runs so their records are scored" },
    );
  const protocolsA = protocolsOf(a.results.records);
  const protocolsB = protocolsOf(b.results.records);
  if (pairs === null) {
    const across = protocolsA.flatMap((pa) => protocolsB.map((pb) => `${pa}:${pb}`));
    const shared = protocolsA.some((p) => protocolsB.includes(p));
    throw new UserError(
      `compare: 0 pairs: A holds ${held(a)} records and B holds ${held(b)}${shared ? ", and they share no case" : ", so no (case, protocol) is in both"}`,
      {
        hint:
          !shared && across.length > 0
            ? `to pair each case across protocols, add --pair-protocols ${across[0]}`
            : "compare runs of the same cases (check --ids, --lang, --category and --limit of both runs)",
      },
    );
  }
  const names = pairs.map((p) => p.name).join(",");
  const across = protocolsA.flatMap((pa) => protocolsB.filter((pb) => pb !== pa).map((pb) => `${pa}:${pb}`));
  throw new UserError(
    `compare --pair-protocols ${names}: 0 pairs: A holds ${held(a)} records and B holds ${held(b)}${
      pairs.some((p) => protocolsA.includes(p.a) && protocolsB.includes(p.b))
        ? ", and they share no case"
        : ""
    }`,
    {
      hint:
        across.length > 0
          ? `pairs these runs could make: ${across.slice(0, 6).join(", ")}`
          : "give two runs (or one run) that hold the two protocols",
    },
  );
}

export async function runCompare(opts: CompareOptions, io: Io): Promise<number> {
  const target = targetEffect(opts.mde);
  const pairs = opts.pairProtocols === undefined ? null : parseProtocolPairs(opts.pairProtocols);
  if (opts.b === undefined && pairs === null)
    throw new UserError(
      "compare: give two results files, or one with --pair-protocols A:B (e.g. json:native)",
    );
  const files = opts.b === undefined ? [opts.a] : [opts.a, opts.b];
  const loaded = loadRuns(files, (note) => io.stderr(`warning: ${terminalText(note)}\n`));
  const [first, second = first] = loaded;
  if (!first || !second) throw new Error("labelRuns returned fewer runs than given");
  if (pairs !== null && eitherRepeated(first, second))
    throw new UserError(
      "compare --pair-protocols: runs with --repeats are not paired across protocols yet; compare runs of one attempt",
    );
  const a = pairs === null ? first : forPairs(first, pairs, "a");
  const b = pairs === null ? second : forPairs(second, pairs, "b");
  assertSameGrading([a, b], "compare");
  const digestA = a.results.corpus.digest;
  const digestB = b.results.corpus.digest;
  if (digestA !== digestB) {
    const what = `${terminalText(a.file)} and ${terminalText(b.file)} were run on different corpora (${shortDigest(digestA)} vs ${shortDigest(digestB)})`;
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
  refuseNoPairs(first, second, result, pairs);
  const byName = new Map((pairs ?? []).map((p) => [p.name, p]));
  const sides: RowSides | undefined = pairs === null ? undefined : (row) => byName.get(row);
  const [only] = pairs ?? [];
  const pooledSides: RowSides | undefined =
    pairs === null ? undefined : () => (pairs.length === 1 ? only : undefined);
  if (opts.json) {
    const { overall } = noiseComparisonJson(a, b, noise);
    io.stdout(
      `${JSON.stringify({ ...comparisonJson(a, b, result, pairs ?? undefined), noise: overall }, null, 2)}\n`,
    );
  } else
    io.stdout(
      `${formatComparison(a, b, result, stdoutColor(io), sides, pooledSides)}\n${wrap(powerLine(noise.overall), 100, "  ")}\n`,
    );
  return 0;
}
