/**
 * A results file is checked before it is shown: every (case, protocol) record appears once, and the summary and
 * counts are recomputed from the records, never trusted. When the stored summary disagrees, the recomputed one is
 * shown and a note says so. The breakdowns need the cases (call or no-call, language, category): they are read from
 * the cases file the run names, and used only when its digest is the run's.
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
import type { ReportResults } from "./load.js";

export interface VerifiedResults {
  results: ReportResults;
  /** Lines for the reader: a disagreeing stored summary, breakdowns that could not be checked. */
  notes: string[];
}

/** Refuses a results file that holds the same (case, protocol) twice: one of the two would be counted silently. */
function refuseDuplicates(results: ReportResults, file: string): void {
  const seen = new Map<string, number>();
  results.records.forEach((record, index) => {
    const key = `${record.id}\u0000${record.protocol}`;
    const first = seen.get(key);
    if (first !== undefined)
      throw new UserError(
        `${file}: records[${index}]: case ${record.id} in protocol ${record.protocol} appears twice (first at records[${first}])`,
        { hint: "a results file holds one record per case and protocol; re-run or repair the file" },
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

/** Checks one results file and returns it with counts and summary recomputed from its records. */
export function verifyResults(results: ReportResults, file: string): VerifiedResults {
  refuseDuplicates(results, file);
  const verdicts = results.records.flatMap((r) =>
    r.status === "scored" && r.verdict ? [r.verdict as unknown as Verdict] : [],
  );
  const notes: string[] = [];
  const missing = results.counts.missing ?? 0;
  const counts = {
    ...results.counts,
    records: results.records.length,
    scored: verdicts.length,
    errors: results.records.length - verdicts.length,
  };
  const passed = verdicts.filter((v) => v.passed).length;
  const top = { n: verdicts.length, passed, score: verdicts.length === 0 ? null : passed / verdicts.length };
  const stored = results.summary;
  const cases = casesOf(results);
  if (cases === null) {
    if (stored.n !== top.n || stored.passed !== top.passed)
      throw new UserError(
        `${file}: the stored summary (${headline(stored)}) disagrees with its records (${headline(top)})`,
        {
          hint: "the file was edited or damaged; its cases file is not available to recompute the breakdowns",
        },
      );
    notes.push(
      `${file}: breakdowns shown as stored: the cases file with digest ${results.corpus.digest.slice(0, 15)}… is not available to recompute them`,
    );
    const summary = { ...stored, score: top.score, score_ci: wilsonInterval(passed, top.n) };
    return { results: { ...results, counts, summary: summary as ReportResults["summary"] }, notes };
  }
  let summary: Summary;
  try {
    summary = { ...summarize(verdicts, cases), ...(missing > 0 ? { missing } : {}) };
  } catch (error) {
    throw new UserError(`${file}: its records do not match its cases file (${(error as Error).message})`);
  }
  if (comparable(summary) !== comparable(stored as Summary))
    notes.push(
      `${file}: the stored summary (${headline(stored)}) disagrees with its records (${headline(summary)}); showing the recomputed one`,
    );
  const countsChanged = (["records", "scored", "errors"] as const).some(
    (k) => counts[k] !== results.counts[k],
  );
  if (countsChanged)
    notes.push(
      `${file}: the stored counts disagree with its records (${counts.records} records, ${counts.scored} scored, ${counts.errors} errors); showing the recomputed ones`,
    );
  return { results: { ...results, counts, summary: summary as ReportResults["summary"] }, notes };
}
