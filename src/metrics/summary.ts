/** Verdicts → the summary object: score, Wilson interval, secondary metrics, and the four breakdowns. */
import type { Case } from "../cases/schema.js";
import { DIFFICULTIES, LANGS, PROTOCOLS } from "../cases/vocabulary.js";
import { hasConstraints } from "../grade/answer.js";
import { expectsCall, noCallExpectation } from "../grade/expectation.js";
import type { Verdict } from "../grade/verdict.js";
import { wilsonInterval } from "./wilson.js";

export interface Metrics {
  call_accuracy: number | null;
  abstention_accuracy: number | null;
  spurious_call_rate: number | null;
  tool_selection_accuracy: number | null;
  args_exact_rate: number | null;
  answer_constraint_rate: number | null;
  malformed_rate: number | null;
}

/** The counts every metric is a ratio of: kept so a reader can check any number by hand. */
export interface Counts {
  call_cases: number;
  call_passed: number;
  no_call_cases: number;
  no_call_passed: number;
  spurious: number;
  tool_ok: number;
  args_ok: number;
  constrained: number;
  answer_ok: number;
  malformed: number;
}

export interface Score {
  n: number;
  passed: number;
  score: number | null;
  score_ci: [number, number];
  /**
   * The score under the `bfcl` profile (BFCL's checker rules, src/grade/bfcl) on all cases. Verdicts written
   * before every verdict carried BFCL's fall back to the old approximation: a malformed call attempt on a no-call
   * case counts as a correct abstention (BFCL's irrelevance rule). Always set by {@link score}; optional only so results files written before it still load.
   */
  bfcl_compatible_score?: number | null;
  metrics: Metrics;
  counts: Counts;
}

export interface Summary extends Score {
  /** Selected (case, protocol) pairs with no record at all (set by the runner; absent in grade's summary). */
  missing?: number;
  by_protocol: Record<string, Score>;
  by_lang: Record<string, Score>;
  by_category: Record<string, Score>;
  by_difficulty: Record<string, Score>;
}

/** What the summary reads of a verdict: a caller that streams verdicts out may keep only this much of each. */
export type ScoredVerdict = Pick<
  Verdict,
  "id" | "protocol" | "passed" | "malformed" | "spurious" | "tool_ok" | "args_ok" | "answer_ok" | "bfcl"
>;

const ratio = (part: number, whole: number): number | null => (whole === 0 ? null : part / whole);

/** A verdict with its case, looked up once however many groups count it. */
interface Entry {
  verdict: ScoredVerdict;
  testCase: Case;
}

function entriesOf(verdicts: readonly ScoredVerdict[], casesById: ReadonlyMap<string, Case>): Entry[] {
  return verdicts.map((verdict) => {
    const testCase = casesById.get(verdict.id);
    if (!testCase) throw new Error(`no case for verdict ${verdict.id}`);
    return { verdict, testCase };
  });
}

/** Scores a set of verdicts; their cases say whether each expects a call and has answer constraints. */
function tally(entries: readonly Entry[]): Score {
  const counts: Counts = {
    call_cases: 0,
    call_passed: 0,
    no_call_cases: 0,
    no_call_passed: 0,
    spurious: 0,
    tool_ok: 0,
    args_ok: 0,
    constrained: 0,
    answer_ok: 0,
    malformed: 0,
  };
  let passed = 0;
  let bfclPassed = 0;
  for (const { verdict, testCase } of entries) {
    if (verdict.passed) passed++;
    if (verdict.malformed) counts.malformed++;
    const noCall = noCallExpectation(testCase.expect);
    const bfclPass = verdict.bfcl
      ? verdict.bfcl.passed
      : verdict.passed || (noCall !== undefined && verdict.malformed && !verdict.spurious);
    if (bfclPass) bfclPassed++;
    if (expectsCall(testCase.expect)) {
      counts.call_cases++;
      if (verdict.passed) counts.call_passed++;
      if (verdict.tool_ok) counts.tool_ok++;
      if (verdict.args_ok) counts.args_ok++;
    } else {
      counts.no_call_cases++;
      if (verdict.passed) counts.no_call_passed++;
      if (verdict.spurious) counts.spurious++;
      if (noCall && hasConstraints(noCall)) {
        counts.constrained++;
        if (verdict.answer_ok) counts.answer_ok++;
      }
    }
  }
  const n = entries.length;
  return {
    n,
    passed,
    score: ratio(passed, n),
    score_ci: wilsonInterval(passed, n),
    bfcl_compatible_score: ratio(bfclPassed, n),
    metrics: {
      call_accuracy: ratio(counts.call_passed, counts.call_cases),
      abstention_accuracy: ratio(counts.no_call_passed, counts.no_call_cases),
      spurious_call_rate: ratio(counts.spurious, counts.no_call_cases),
      tool_selection_accuracy: ratio(counts.tool_ok, counts.call_cases),
      args_exact_rate: ratio(counts.args_ok, counts.call_cases),
      answer_constraint_rate: ratio(counts.answer_ok, counts.constrained),
      malformed_rate: ratio(counts.malformed, n),
    },
    counts,
  };
}

function breakdown(
  entries: readonly Entry[],
  key: (verdict: ScoredVerdict, testCase: Case) => string | undefined,
  order: readonly string[] = [],
): Record<string, Score> {
  const groups = new Map<string, Entry[]>();
  for (const entry of entries) {
    const k = key(entry.verdict, entry.testCase);
    // Imported suites may leave difficulty out: such cases sit in no difficulty group.
    if (k === undefined) continue;
    const group = groups.get(k);
    if (group) group.push(entry);
    else groups.set(k, [entry]);
  }
  // Known keys in their natural order (json, xml, plain, native; easy, medium, hard), anything else after, sorted.
  const rank = (k: string) => (order.includes(k) ? order.indexOf(k) : order.length);
  const keys = [...groups.keys()].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(keys.map((k) => [k, tally(groups.get(k) ?? [])]));
}

/** The summary that `tooluse grade --json` prints and every report reads. */
export function summarize(verdicts: readonly ScoredVerdict[], cases: readonly Case[]): Summary {
  const casesById = new Map(cases.map((c) => [c.id, c]));
  const entries = entriesOf(verdicts, casesById);
  return {
    ...tally(entries),
    by_protocol: breakdown(entries, (v) => v.protocol, PROTOCOLS),
    by_lang: breakdown(entries, (_, c) => c.lang, LANGS),
    by_category: breakdown(entries, (_, c) => c.category),
    by_difficulty: breakdown(entries, (_, c) => c.difficulty, DIFFICULTIES),
  };
}

/** The line `tooluse grade`/`run` print under the summary when BFCL would count differently; empty otherwise. */
export function bfclCompatibleLine(summary: Pick<Score, "score" | "bfcl_compatible_score">): string {
  const { score, bfcl_compatible_score: bfcl } = summary;
  if (bfcl === undefined || bfcl === null || score === null || bfcl === score) return "";
  return `BFCL-compatible score ${bfcl.toFixed(3)} (the same outputs under BFCL's checker rules: --rules bfcl; README "BFCL" lists where they differ)\n`;
}
