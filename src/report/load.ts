/** Reads results files for the report views: parsed as unknown, validated by a loose schema, one clear line if bad. */
import { basename } from "node:path";
import type { Case } from "../cases/schema.js";
import { UserError } from "../errors.js";
import { readResults } from "../runner/results-file.js";
import type { ReportResults, ReportRun } from "../runner/results-schema.js";
import { customPromptNote } from "./prompt-note.js";
import { casesOf, verifyResults } from "./verify.js";

// The readers' door to a results file lives beside its writer (src/runner/results-file.ts).
export { parseResults, readResults } from "../runner/results-file.js";
export { customPromptNote } from "./prompt-note.js";

/** Labels runs by model; a model shown twice gets its file name too, so every label names one run. */
export function labelRuns(entries: readonly { file: string; results: ReportResults }[]): ReportRun[] {
  const models = entries.map((e) => e.results.model);
  return entries.map((entry) => {
    const twice = models.filter((m) => m === entry.results.model).length > 1;
    const model =
      customPromptNote(entry.results) === null
        ? entry.results.model
        : `${entry.results.model} (custom prompt)`;
    const label = twice ? `${model} · ${basename(entry.file)}` : model;
    return { ...entry, label };
  });
}

/**
 * Reads, checks and labels results files: summaries and counts are recomputed from the records (see verify.ts);
 * `warn` hears each note (a stored summary that disagrees, breakdowns that could not be recomputed).
 */
export function loadRuns(files: readonly string[], warn: (note: string) => void = () => {}): ReportRun[] {
  if (files.length === 0) throw new UserError("report: give at least one results file");
  // Runs on one corpus share its cases: the file is found and read once, whatever number of runs it graded.
  const casesByDigest = new Map<string, Case[]>();
  return labelRuns(
    files.map((file) => {
      const results = readResults(file);
      const digest = results.corpus.digest;
      const cases = casesByDigest.get(digest) ?? casesOf(results, file);
      if (cases) casesByDigest.set(digest, cases);
      const verified = verifyResults(results, file, { cases });
      for (const note of verified.notes) warn(note);
      return { file, results: verified.results };
    }),
  );
}

/** The grading profile a results file names; files from before profiles existed say so. */
export function gradingProfileOf(results: ReportResults): string {
  return results.grading?.profile ?? "unrecorded (before 2.0)";
}

/**
 * Refuses to rank runs graded under different profiles: their scores measure different things (a 1.0
 * behaviour-blind pass is not a 2.0 pass). One line naming each file and its profile.
 */
export function assertSameGrading(runs: readonly ReportRun[], what: string): void {
  const profiles = new Set(runs.map((run) => gradingProfileOf(run.results)));
  if (profiles.size <= 1) return;
  const listed = runs.map((run) => `${run.file} (${gradingProfileOf(run.results)})`).join(", ");
  throw new UserError(`cannot ${what} results graded under different profiles: ${listed}`, {
    hint: "re-grade them alike: tooluse regrade FILE --rules PROFILE --out NEW.json",
  });
}
