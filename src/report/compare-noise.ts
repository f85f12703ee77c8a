/**
 * `compare` that knows the noise (issue 31): the adapter from two results files to compareRepeatedRuns, overall and
 * per protocol, and its views. With repeats on either side the table and verdicts come from here; with K = 1 on both
 * sides `compare` keeps its exact McNemar tables (compare.ts) and adds only the power line from here.
 */
import type { Estimate } from "../metrics/case-bootstrap.js";
import { compareRepeatedRuns, type NoiseComparison } from "../metrics/noise-compare.js";
import { detectionPlan, formatPValue, noiseVerdictLine } from "../metrics/noise-verdict.js";
import type { ReportRun } from "../runner/results-schema.js";
import { comparisonHead } from "./compare.js";
import { wrap } from "./format.js";
import { attemptsOf, repeatsOfResults } from "./repeats.js";
import { renderTable, style } from "./table.js";

const WIDTH = 100;
/** The bootstrap behind the intervals: fixed, so comparing the same files always prints the same numbers. */
const BOOTSTRAP = { samples: 2000, level: 0.95, seed: 0 };

export interface NoiseComparisons {
  repeats: { a: number; b: number };
  overall: NoiseComparison;
  by_protocol: Record<string, NoiseComparison>;
}

/** Whether either run has repeats: then the comparison is the noise-aware one throughout. */
export function eitherRepeated(a: ReportRun, b: ReportRun): boolean {
  return repeatsOfResults(a.results) > 1 || repeatsOfResults(b.results) > 1;
}

/** B against A, overall (cases clustered across protocols) and per protocol; `target` is `--mde`. */
export function compareNoise(a: ReportRun, b: ReportRun, target?: number): NoiseComparisons {
  const attemptsA = attemptsOf(a.results.records);
  const attemptsB = attemptsOf(b.results.records);
  const options = { bootstrap: BOOTSTRAP, ...(target === undefined ? {} : { target }) };
  const protocols = [...new Set(attemptsA.map((x) => x.protocol))];
  const by_protocol = Object.fromEntries(
    protocols.map((protocol) => [
      protocol,
      compareRepeatedRuns(
        attemptsA.filter((x) => x.protocol === protocol),
        attemptsB.filter((x) => x.protocol === protocol),
        options,
      ),
    ]),
  );
  return {
    repeats: { a: repeatsOfResults(a.results), b: repeatsOfResults(b.results) },
    overall: compareRepeatedRuns(attemptsA, attemptsB, options),
    by_protocol,
  };
}

const ratio = (x: number | null) => (x === null ? "–" : x.toFixed(3));
const interval = (e: Estimate) =>
  e.low === null || e.high === null ? "" : `[${ratio(e.low)}, ${ratio(e.high)}]`;
const estimate = (e: Estimate) => `${ratio(e.value)} ${interval(e)}`.trim();
const signedPoints = (x: number | null) =>
  x === null ? "–" : `${x >= 0 ? "+" : "-"}${(Math.abs(x) * 100).toFixed(1)}`;
const points = (x: number | null) => (x === null ? "–" : (x * 100).toFixed(1));

/**
 * The power line of a comparison: the smallest difference it detects at 80% power and, with `--mde`, the cases (and
 * repeats) that would detect the effect asked about.
 */
export function powerLine(c: NoiseComparison): string {
  if (c.mde === null) return "power: too few paired cases to say what this comparison can detect";
  const design = `${c.pairs.cases} cases × K = ${Math.max(c.noise.repeats.a, c.noise.repeats.b)}`;
  return `power: at ${Math.round(c.power * 100)}% power and alpha ${c.alpha} this comparison (${design}) detects differences of ${points(c.mde)} points or more${detectionPlan(c)}`;
}

export function formatNoiseComparison(
  a: ReportRun,
  b: ReportRun,
  result: NoiseComparisons,
  color: boolean,
): string {
  const columns = [
    { header: "protocol", align: "left" as const },
    { header: `A (K = ${result.repeats.a}) [95% CI]`, align: "left" as const },
    { header: `B (K = ${result.repeats.b}) [95% CI]`, align: "left" as const },
    { header: "B - A points [95% CI]", align: "left" as const },
    { header: "p", align: "right" as const },
    { header: "MDE", align: "right" as const },
  ];
  const row = (label: string, c: NoiseComparison) => [
    label,
    estimate(c.a),
    estimate(c.b),
    `${signedPoints(c.difference.value)} [${signedPoints(c.difference.low)}, ${signedPoints(c.difference.high)}]`,
    formatPValue(c.test.p_value),
    points(c.mde),
  ];
  const rows = [...Object.entries(result.by_protocol).map(([p, c]) => row(p, c)), row("all", result.overall)];
  const { only_in_a, only_in_b } = result.overall.pairs;
  const lines = [
    ...comparisonHead(a, b, renderTable(columns, rows, { color, markdown: false })),
    style.dim(
      wrap(
        "Scores are each run's mean pass share per (case, protocol) over the paired units, with 95% intervals from " +
          "a bootstrap of whole cases; p = exact sign-flip test over cases (the exact McNemar test for single " +
          "attempts on one protocol); MDE = the smallest difference, in points, detected at 80% power. " +
          "docs/statistics.md gives every formula.",
        WIDTH,
      ),
      color,
    ),
    "",
    ...Object.entries(result.by_protocol).map(([p, c]) => wrap(`${p}: ${noiseVerdictLine(c)}`, WIDTH, "  ")),
    style.bold(wrap(`all: ${noiseVerdictLine(result.overall)}`, WIDTH, "  "), color),
  ];
  if (only_in_a + only_in_b > 0)
    lines.push(
      `unpaired: ${only_in_a} (case, protocol) units scored only in A, ${only_in_b} only in B (errors are never scored)`,
    );
  return `${lines.join("\n")}\n`;
}

/** The `--json` shape with repeats: each comparison as computed, with its verdict sentence. */
export function noiseComparisonJson(a: ReportRun, b: ReportRun, result: NoiseComparisons) {
  const describe = (run: ReportRun, repeats: number) => ({
    file: run.file,
    model: run.results.model,
    corpus_digest: run.results.corpus.digest,
    repeats,
  });
  const withVerdict = (c: NoiseComparison) => ({ ...c, verdict: noiseVerdictLine(c) });
  return {
    a: describe(a, result.repeats.a),
    b: describe(b, result.repeats.b),
    same_corpus: a.results.corpus.digest === b.results.corpus.digest,
    overall: withVerdict(result.overall),
    by_protocol: Object.fromEntries(Object.entries(result.by_protocol).map(([p, c]) => [p, withVerdict(c)])),
  };
}
