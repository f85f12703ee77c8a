/**
 * The views of a paired comparison: text with a plain-language verdict, and the JSON shape `--json` prints. Each
 * protocol row keeps the exact McNemar test on its pairs; the pooled "all" row uses the test clustered by case
 * (pooledMcNemar: a case's pairs in several protocols move together, docs/statistics.md "Pooling protocols").
 */
import { pooledMcNemar, type SignFlipMethod } from "../metrics/cluster-sign-flip.js";
import type { PairedComparison, PairedTable } from "../metrics/paired.js";
import type { ReportRun } from "../runner/results-schema.js";
import { terminalText } from "../sanitize.js";
import { formatInterval, formatRatio, shortDigest, wrap } from "./format.js";
import { renderTable, style } from "./table.js";

const ALPHA = 0.05;
const WIDTH = 100;

export function formatP(p: number): string {
  return p >= 0.001 ? p.toFixed(4) : p.toExponential(1);
}

/** One sentence a reader can act on; it never claims a winner when p ≥ 0.05. */
export function verdictLine(table: PairedTable, a: string, b: string): string {
  const onlyA = table.a_passed_b_failed.length;
  const onlyB = table.a_failed_b_passed.length;
  if (onlyA + onlyB === 0) return "no case flipped: the runs agree on every paired case";
  const p = formatP(table.p_value);
  if (table.p_value >= ALPHA)
    return `not significant at 0.05 (p = ${p}): ${onlyA} vs ${onlyB} flips could be noise, so neither run is shown better`;
  const [better, wins] = onlyB > onlyA ? [b, onlyB] : [a, onlyA];
  return `significant at 0.05 (p = ${p}): ${better} is better; it passes ${wins} of the ${onlyA + onlyB} pairs where the runs disagree`;
}

/** Which protocol of each run a row compares: the row's own, or with --pair-protocols the pair's two. */
/** The two runs named, each with its corpus, then the table: the head of both `tooluse compare` views. */
export function comparisonHead(a: ReportRun, b: ReportRun, table: string): string[] {
  return [
    `A: ${terminalText(`${a.label} (${a.file})`)} · corpus ${shortDigest(a.results.corpus.digest)}`,
    `B: ${terminalText(`${b.label} (${b.file})`)} · corpus ${shortDigest(b.results.corpus.digest)}`,
    "",
    table.trimEnd(),
  ];
}

export type RowSides = (row: string) => { a: string; b: string } | undefined;

const sameProtocol: RowSides = (row) => ({ a: row, b: row });

/** The pooled row: its pairs as paired.ts counts them, its p-value from the case-clustered test. */
export function pooledRow(
  result: PairedComparison,
): PairedTable & { method: SignFlipMethod; informative_cases: number } {
  const test = pooledMcNemar(result.overall);
  return {
    ...result.overall,
    p_value: test.p_value,
    method: test.method,
    informative_cases: test.informative,
  };
}

/** `sides` absent: the runs' whole scores; given, the row's protocols' scores ("–" where it names none). */
function tableRow(label: string, t: PairedTable, a: ReportRun, b: ReportRun, sides?: RowSides): string[] {
  const side = sides?.(label);
  const score = (run: ReportRun, protocol: string | undefined) => {
    if (sides && protocol === undefined) return "–";
    const s = protocol ? run.results.summary.by_protocol[protocol] : run.results.summary;
    return s ? `${formatRatio(s.score)} ${formatInterval(s.score_ci)}` : "–";
  };
  return [
    label,
    score(a, side?.a),
    score(b, side?.b),
    String(t.pairs),
    String(t.a_passed_b_failed.length),
    String(t.a_failed_b_passed.length),
    formatP(t.p_value),
  ];
}

/** Flipped pairs grouped by case (`id (json, xml)`), so a case that flipped in every protocol reads once. */
function flips(title: string, cases: PairedTable["a_passed_b_failed"]): string {
  if (cases.length === 0) return `${title}: none\n`;
  const byCase = new Map<string, string[]>();
  for (const c of cases) byCase.set(c.id, [...(byCase.get(c.id) ?? []), c.protocol]);
  const items = [...byCase].map(([id, protocols]) => `${terminalText(id)} (${protocols.join(", ")})`);
  // Wrap between items, never inside one, so each case and its protocols stay on one line.
  const lines: string[] = [];
  let line = `${title}, ${cases.length} pairs:`;
  items.forEach((item, i) => {
    const piece = `${item}${i < items.length - 1 ? "," : ""}`;
    if (line.length + 1 + piece.length > WIDTH) {
      lines.push(line);
      line = `  ${piece}`;
    } else line = `${line} ${piece}`;
  });
  lines.push(line);
  return `${lines.join("\n")}\n`;
}

export function formatComparison(
  a: ReportRun,
  b: ReportRun,
  result: PairedComparison,
  color: boolean,
  sides: RowSides = sameProtocol,
  pooledSides?: RowSides,
): string {
  const columns = [
    { header: "protocol", align: "left" as const },
    { header: "A score [95% CI]", align: "left" as const },
    { header: "B score [95% CI]", align: "left" as const },
    { header: "pairs", align: "right" as const },
    { header: "A only", align: "right" as const },
    { header: "B only", align: "right" as const },
    { header: "p (exact)", align: "right" as const },
  ];
  const pooled = pooledRow(result);
  const rows = [
    ...Object.entries(result.by_protocol).map(([p, t]) => tableRow(p, t, a, b, sides)),
    tableRow("all", pooled, a, b, pooledSides),
  ];
  const several = Object.keys(result.by_protocol).length > 1;
  const { error_in_a, error_in_b, error_in_both } = result.excluded;
  const errors = error_in_a + error_in_b + error_in_both;
  const lines = [
    ...comparisonHead(a, b, renderTable(columns, rows, { color, markdown: false })),
    style.dim(
      wrap(
        "Scores are each run's own (from its summary); A only = passed in A, failed in B; B only = the reverse; " +
          "p = exact McNemar test on those flips" +
          (several
            ? ". The 'all' row pools protocols with the test clustered by case (a case's protocols count once " +
              "together, never as independent pairs: exact sign-flip over cases)."
            : "."),
        WIDTH,
      ),
      color,
    ),
    "",
    ...Object.entries(result.by_protocol).map(([p, t]) => `${p}: ${verdictLine(t, "A", "B")}`),
    style.bold(`all: ${verdictLine(pooled, "A", "B")}`, color),
  ];
  if (errors > 0)
    lines.push(
      style.yellow(
        `excluded: ${errors} pairs with an error (${error_in_a} in A, ${error_in_b} in B, ${error_in_both} in both)`,
        color,
      ),
    );
  const { only_in_a, only_in_b } = result.unpaired;
  if (only_in_a + only_in_b > 0)
    lines.push(`unpaired: ${only_in_a} records only in A, ${only_in_b} only in B`);
  return `${lines.join("\n")}\n\n${flips("passed in A, failed in B", result.overall.a_passed_b_failed)}${flips("failed in A, passed in B", result.overall.a_failed_b_passed)}`;
}

/** The `--json` shape: the paired tables with a `significant` flag each, and which files were compared. */
export function comparisonJson(
  a: ReportRun,
  b: ReportRun,
  result: PairedComparison,
  pairedProtocols?: readonly { a: string; b: string; name: string }[],
) {
  const flag = (t: PairedTable) => ({ ...t, significant: t.p_value < ALPHA });
  const describe = (run: ReportRun) => ({
    file: run.file,
    model: run.results.model,
    corpus_digest: run.results.corpus.digest,
    score: run.results.summary.score,
    score_ci: run.results.summary.score_ci,
  });
  return {
    a: describe(a),
    b: describe(b),
    same_corpus: a.results.corpus.digest === b.results.corpus.digest,
    alpha: ALPHA,
    ...(pairedProtocols ? { paired_protocols: pairedProtocols } : {}),
    overall: flag(pooledRow(result)),
    by_protocol: Object.fromEntries(Object.entries(result.by_protocol).map(([p, t]) => [p, flag(t)])),
    excluded: result.excluded,
    unpaired: result.unpaired,
  };
}
