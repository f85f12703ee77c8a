/**
 * `tooluse regrade RESULTS --rules PROFILE --out NEW`: the same run graded under another profile. Every scored
 * record's raw output is graded again (report/regrade.ts, the re-grading `report` and `compare` do, here under the
 * profile asked for); the counts and summary are recomputed from the new verdicts; the file records the new
 * profile. Nothing is asked of a model: errored records stay errors, missing records stay missing.
 */
import type { Case } from "../cases/schema.js";
import { UserError } from "../errors.js";
import type { BfclMode } from "../grade/bfcl/checker.js";
import { gradingProfile } from "../grade/profiles.js";
import type { Verdict } from "../grade/verdict.js";
import { STDOUT_PATH } from "../io/target.js";
import { summarize } from "../metrics/summary.js";
import { gradingProfileOf, readResults } from "../report/load.js";
import { regradeResults } from "../report/regrade.js";
import { casesOf, verifyResults } from "../report/verify.js";
import { writeResults } from "../runner/results-file.js";
import type { ReportResults } from "../runner/results-schema.js";
import { terminalText } from "../sanitize.js";
import { type Io, outputOptions } from "./io.js";

export interface RegradeOptions {
  file: string;
  rules: string;
  out: string;
  bfclMode?: BfclMode | undefined;
  /** Print what changed as one JSON document instead of the line. */
  json?: boolean;
}

const score = (value: number | null | undefined) =>
  value === null || value === undefined ? "–" : value.toFixed(3);

function runCases(results: ReportResults, file: string): Case[] {
  const cases = casesOf(results, file);
  if (cases === null)
    throw new UserError(
      `${file}: the cases file of this run (digest ${results.corpus.digest.slice(0, 15)}…) is not at ${results.config.cases_file}`,
      {
        hint: "regrade in a checkout that has the run's cases file; outputs are graded against their own cases",
      },
    );
  return cases;
}

export async function runRegrade(options: RegradeOptions, io: Io): Promise<number> {
  const target = gradingProfile(options.rules, { bfclMode: options.bfclMode });
  const read = readResults(options.file);
  const cases = runCases(read, options.file);
  // The file's own evidence is checked first, under the profile it names: an edited verdict is named, not carried.
  const { notes, results: stored } = verifyResults(read, options.file, { cases });
  for (const note of notes) io.stderr(`warning: ${terminalText(note)}\n`);
  const regrading = regradeResults(stored, cases, options.file, target);
  const grading = { profile: target.name, version: target.version };
  const records = regrading.records.map((record) =>
    record.status === "scored" && "grading" in record ? { ...record, grading } : record,
  );
  const verdicts = records.flatMap((r) =>
    r.status === "scored" && r.verdict ? [r.verdict as unknown as Verdict] : [],
  );
  const missing = stored.counts.missing ?? 0;
  const regraded = {
    ...stored,
    grading,
    config: { ...stored.config, rules: target.name },
    counts: {
      ...stored.counts,
      records: records.length,
      scored: verdicts.length,
      errors: records.length - verdicts.length,
    },
    records,
    summary: { ...summarize(verdicts, cases), missing },
  };
  writeResults(options.out, regraded, outputOptions(io));
  const changed = regrading.differences.filter((d) => d.what.startsWith("stored ")).length;
  const flipped = regrading.differences.filter((d) => / re-graded (passed|failed)$/.test(d.what));
  const toFailed = flipped.filter((d) => d.what.endsWith("re-graded failed")).length;
  if (options.json) {
    io.stdout(
      `${JSON.stringify(
        {
          model: stored.model,
          from: { profile: gradingProfileOf(stored), version: stored.grading?.version ?? null },
          to: grading,
          verdicts: verdicts.length,
          changed_outcome: { passed_to_failed: toFailed, failed_to_passed: flipped.length - toFailed },
          changed_detail_only: Math.max(0, changed - flipped.length),
          score: { before: stored.summary.score ?? null, after: regraded.summary.score },
          out: options.out,
        },
        null,
        2,
      )}\n`,
    );
    return 0;
  }
  io.stdout(
    `${terminalText(stored.model)}: ${gradingProfileOf(stored)} ${stored.grading?.version ?? ""} → ${target.name} ${target.version}: ` +
      `${verdicts.length} verdicts, ${flipped.length} changed outcome (${toFailed} passed → failed, ${flipped.length - toFailed} failed → passed)` +
      `${changed > flipped.length ? `, ${changed - flipped.length} changed detail only` : ""}; ` +
      `score ${score(stored.summary.score)} → ${score(regraded.summary.score)}\n` +
      `results: ${options.out === STDOUT_PATH ? "stdout" : terminalText(options.out)}\n`,
  );
  return 0;
}
