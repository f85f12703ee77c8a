/**
 * A results file is checked before it is shown: every (case, protocol) record appears once, every scored record is
 * re-graded from its raw output (regrade.ts), and the summary and counts are recomputed from the records, never
 * trusted. When a stored verdict or the stored summary disagrees, the recomputed one is shown and a note says so.
 * Re-grading and the breakdowns need the cases: they are read from the cases file the run names, and used only when
 * its digest is the run's.
 */
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { loadCases } from "../cases/load.js";
import type { Case } from "../cases/schema.js";
import { UserError } from "../errors.js";
import type { Verdict } from "../grade/verdict.js";
import { readInputText } from "../input/read.js";
import { type Summary, summarize } from "../metrics/summary.js";
import { wilsonInterval } from "../metrics/wilson.js";
import { DEFAULT_CASES_FILE, PACKAGE_ROOT } from "../paths.js";
import { canonicalJson, sha256 } from "../runner/canonical-json.js";
import { recordKey } from "../runner/record.js";
import type { ReportResults } from "../runner/results-schema.js";
import { differenceNotes, graderOf, type Regrading, regradeResults } from "./regrade.js";

export interface VerifiedResults {
  results: ReportResults;
  /** Lines for the reader: a disagreeing stored summary, breakdowns that could not be checked. */
  notes: string[];
}

/** Refuses a results file that holds the same (case, protocol) twice: one of the two would be counted silently. */
function refuseDuplicates(results: ReportResults, file: string): void {
  const seen = new Map<string, number>();
  results.records.forEach((record, index) => {
    const key = recordKey(record);
    const first = seen.get(key);
    if (first !== undefined)
      throw new UserError(
        `${file}: records[${index}]: case ${record.id} in protocol ${record.protocol}${record.attempt ? ` (attempt ${record.attempt})` : ""} appears twice (first at records[${first}])`,
        { hint: "a results file holds one record per case, protocol and attempt; re-run or repair the file" },
      );
    seen.set(key, index);
  });
}

/**
 * Where a run's corpus may be, in order: this package's ToolUse.1, the cases file the run read, the corpus file it
 * recorded (from here, beside the results file, in this package). Only a file with the run's digest is ever used.
 */
export function corpusCandidates(results: ReportResults, resultsFile?: string): string[] {
  const { corpus, config } = results;
  return [
    ...new Set(
      [
        ...(corpus.name === "ToolUse.1" ? [DEFAULT_CASES_FILE] : []),
        config.cases_file,
        corpus.file,
        ...(resultsFile === undefined ? [] : [join(dirname(resultsFile), corpus.file)]),
        join(PACKAGE_ROOT, corpus.file),
      ].map((file) => resolve(file)),
    ),
  ];
}

/** A candidate corpus file's text (as the runner read it, so digests agree), or null when it cannot be read. */
export function readCorpusCandidate(file: string): string | null {
  if (!existsSync(file)) return null;
  try {
    return readInputText(file);
  } catch (error) {
    if (error instanceof UserError) return null;
    throw error;
  }
}

/** The cases the run was graded against, when a file with the run's exact digest can be found. */
export function casesOf(results: ReportResults, resultsFile?: string): Case[] | null {
  for (const candidate of corpusCandidates(results, resultsFile)) {
    const text = readCorpusCandidate(candidate);
    if (text === null || `sha256:${sha256(text)}` !== results.corpus.digest) continue;
    try {
      return loadCases(candidate);
    } catch {
      // A cases file that no longer loads cannot recompute anything: the caller says so.
    }
  }
  return null;
}

const headline = (s: Pick<Summary, "score" | "passed" | "n">) =>
  `score ${s.score === null ? "–" : s.score.toFixed(3)}, ${s.passed}/${s.n} passed`;

/** Canonical text of a summary for comparison (sorted keys); `missing` is the runner's count, not a verdict's. */
function comparable(summary: Summary): string {
  const { missing: _missing, ...rest } = summary;
  return canonicalJson(rest);
}

/** What checking a file found, for callers that refuse instead of warning (`tooluse merge`). */
export interface Findings {
  /** The re-grading of every scored record; null when the run's cases file was not found to re-grade against. */
  regrading: Regrading | null;
  /** The stored summary is not the summary of the stored verdicts. */
  summaryDisagrees: boolean;
  /** The stored counts are not the counts of the records. */
  countsDisagree: boolean;
}

const scoredVerdicts = (records: readonly ReportResults["records"][number][]) =>
  records.flatMap((r) => (r.status === "scored" && r.verdict ? [r.verdict as unknown as Verdict] : []));

/**
 * Checks one results file and returns it with every scored record re-graded from its output (regrade.ts) and the
 * counts and summary recomputed from the records. `cases` skips the search for the run's cases file.
 */
export function verifyResults(
  results: ReportResults,
  file: string,
  options: { cases?: Case[] | null } = {},
): VerifiedResults & { findings: Findings } {
  refuseDuplicates(results, file);
  // A file whose grader is unknown is refused even where it could not be re-graded: its scores mean nothing here.
  graderOf(results, file);
  const verdicts = scoredVerdicts(results.records);
  const notes: string[] = [];
  const missing = results.counts.missing ?? 0;
  const counts = {
    ...results.counts,
    records: results.records.length,
    scored: verdicts.length,
    errors: results.records.length - verdicts.length,
  };
  const countsDisagree = (["records", "scored", "errors"] as const).some(
    (k) => counts[k] !== results.counts[k],
  );
  const passed = verdicts.filter((v) => v.passed).length;
  const top = { n: verdicts.length, passed, score: verdicts.length === 0 ? null : passed / verdicts.length };
  const stored = results.summary;
  const cases = options.cases === undefined ? casesOf(results, file) : options.cases;
  if (cases === null) {
    if (stored.n !== top.n || stored.passed !== top.passed)
      throw new UserError(
        `${file}: the stored summary (${headline(stored)}) disagrees with its records (${headline(top)})`,
        {
          hint: "the file was edited or damaged; its cases file is not available to recompute the breakdowns",
        },
      );
    notes.push(
      `${file}: verdicts and breakdowns shown as stored, not re-graded: the cases file with digest ${results.corpus.digest.slice(0, 15)}… is not available`,
    );
    const summary = { ...stored, score: top.score, score_ci: wilsonInterval(passed, top.n) };
    return {
      results: { ...results, counts, summary: summary as ReportResults["summary"] },
      notes,
      findings: { regrading: null, summaryDisagrees: false, countsDisagree },
    };
  }
  const regrading = regradeResults(results, cases, file);
  const summaryOf = (scored: readonly Verdict[]): Summary => {
    try {
      return { ...summarize(scored, cases), ...(missing > 0 ? { missing } : {}) };
    } catch (error) {
      throw new UserError(`${file}: its records do not match its cases file (${(error as Error).message})`);
    }
  };
  const storedRecordsSummary = summaryOf(verdicts);
  // For merge: a summary that is not its stored records' is a sign of editing, whatever re-grading finds.
  const summaryDisagrees = comparable(storedRecordsSummary) !== comparable(stored as Summary);
  const changed = regrading.records !== results.records;
  const summary = changed ? summaryOf(scoredVerdicts(regrading.records)) : storedRecordsSummary;
  // For people: the summary shown is the re-graded records'; say so only when the stored one is not that. A file
  // whose verdicts were edited but whose summary was not has a right summary, and the verdict notes say the rest.
  if (comparable(summary) !== comparable(stored as Summary))
    notes.push(
      `${file}: the stored summary (${headline(stored)}) disagrees with its ${changed ? "re-graded " : ""}records (${headline(summary)}); showing the recomputed one`,
    );
  notes.push(...differenceNotes(regrading, file));
  if (countsDisagree)
    notes.push(
      `${file}: the stored counts disagree with its records (${counts.records} records, ${counts.scored} scored, ${counts.errors} errors); showing the recomputed ones`,
    );
  return {
    results: {
      ...results,
      records: regrading.records,
      counts,
      summary: summary as ReportResults["summary"],
    },
    notes,
    findings: { regrading, summaryDisagrees, countsDisagree },
  };
}
