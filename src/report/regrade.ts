/**
 * Stored verdicts are evidence, not truth: every scored record of a results file is graded again from its raw output
 * by the grader `tooluse grade` uses (grade/profiles.ts), under the profile the file records, and every record whose
 * stored verdict differs is named. The rule for files of other grader versions is in README.md ("Stored results are
 * re-graded"): a file graded by another version of its profile is re-graded by this one and the changes are listed;
 * a file that records no profile, or one this harness does not know, cannot be re-graded and is refused.
 */
import type { Case } from "../cases/schema.js";
import { UserError } from "../errors.js";
import { GRADING_PROFILES, type GradingProfile, gradingProfile } from "../grade/profiles.js";
import type { Verdict } from "../grade/verdict.js";
import { canonicalJson } from "../runner/canonical-json.js";
import type { ReportRecord, ReportResults } from "../runner/results-schema.js";

/** A record whose stored verdict (or the grader it names) is not what re-grading its output gives. */
export interface Difference {
  index: number;
  id: string;
  protocol: string;
  /** What differs, for a person: `stored passed, re-graded failed`. */
  what: string;
}

export interface Regrading {
  /** The records with every scored verdict as this harness grades it (stored objects kept where they agree). */
  records: ReportRecord[];
  differences: Difference[];
  /** The profile and version the verdicts were re-graded under. */
  grader: { profile: string; version: string };
  /** The version the file says its verdicts were made by. */
  storedVersion: string;
}

/** The grader a results file names; a file that names none, or an unknown one, cannot be re-graded. */
export function graderOf(results: ReportResults, file: string): GradingProfile {
  const profile = results.grading?.profile;
  if (profile === undefined)
    throw new UserError(
      `${file}: records no grading profile (written before results files did), so its verdicts cannot be re-graded`,
      { hint: "run it again with this version of tooluse" },
    );
  if (!(GRADING_PROFILES as readonly string[]).includes(profile))
    throw new UserError(
      `${file}: graded under the profile "${profile}", which this tooluse does not have (${GRADING_PROFILES.join(", ")})`,
      { hint: "report it with the tooluse that wrote it" },
    );
  return gradingProfile(profile);
}

const outcome = (verdict: { passed: boolean }) => (verdict.passed ? "passed" : "failed");

/**
 * Whether `stored` (read from JSON) is what `fresh` becomes in JSON: key order aside, an absent key equal to an
 * undefined one, a number JSON cannot write equal to null. No strings are built: this runs once per record.
 */
export function sameAsJson(stored: unknown, fresh: unknown): boolean {
  if (typeof fresh === "number" && !Number.isFinite(fresh)) return stored === null;
  if (stored === fresh) return true;
  if (typeof stored !== "object" || typeof fresh !== "object" || stored === null || fresh === null)
    return false;
  if (Array.isArray(stored) !== Array.isArray(fresh)) return false;
  if (Array.isArray(stored) && Array.isArray(fresh)) {
    if (stored.length !== fresh.length) return false;
    // JSON writes undefined in an array as null.
    return stored.every((item, i) => sameAsJson(item, fresh[i] === undefined ? null : fresh[i]));
  }
  const a = stored as Record<string, unknown>;
  const b = fresh as Record<string, unknown>;
  let present = 0;
  for (const key in b) {
    if (!Object.hasOwn(b, key) || b[key] === undefined) continue;
    present++;
    if (!Object.hasOwn(a, key) || !sameAsJson(a[key], b[key])) return false;
  }
  return Object.keys(a).length === present;
}

/** The top-level verdict fields whose values differ, in the stored verdict's order then the fresh one's. */
function differingFields(stored: Record<string, unknown>, fresh: Record<string, unknown>): string[] {
  const keys = [...new Set([...Object.keys(stored), ...Object.keys(fresh)])];
  return keys.filter((key) => canonicalJson(stored[key]) !== canonicalJson(fresh[key]));
}

function describe(stored: Record<string, unknown> & { passed: boolean }, fresh: Verdict): string | null {
  if (sameAsJson(stored, fresh)) return null;
  const fields = differingFields(stored, JSON.parse(JSON.stringify(fresh)) as Record<string, unknown>);
  if (stored.passed !== fresh.passed) return `stored ${outcome(stored)}, re-graded ${outcome(fresh)}`;
  return `stored ${outcome(stored)} as re-graded, but ${fields.join(", ")} differ`;
}

/**
 * Re-grades every scored record of `results` against `cases` (the run's own cases, found by digest). Throws a
 * UserError for a record that cannot be re-graded (a scored record without output, a case the file does not have).
 */
export function regradeResults(
  results: ReportResults,
  cases: readonly Case[],
  file: string,
  under?: GradingProfile,
): Regrading {
  // `under`: another profile (`tooluse regrade --rules`); the stored verdicts are then the old profile's.
  const grader = under ?? graderOf(results, file);
  const storedVersion = results.grading?.version ?? "unrecorded";
  const byId = new Map(cases.map((c) => [c.id, c]));
  const differences: Difference[] = [];
  let records: ReportRecord[] | null = null;
  results.records.forEach((record, index) => {
    if (record.status !== "scored") return;
    const where = `${file}: records[${index}] (${record.id}, ${record.protocol})`;
    if (record.output === null || record.verdict === null)
      throw new UserError(`${where}: a scored record needs its output and its verdict`);
    const testCase = byId.get(record.id);
    if (!testCase) throw new UserError(`${where}: no such case in the run's cases file`);
    const fresh = grader.grade(testCase, { id: record.id, protocol: record.protocol, output: record.output });
    const changed = describe(record.verdict, fresh);
    const claimed = (record as { grading?: { profile?: unknown; version?: unknown } }).grading;
    const mislabelled =
      under === undefined &&
      claimed !== undefined &&
      (claimed.profile !== grader.name || claimed.version !== storedVersion)
        ? `graded under ${String(claimed.profile)} ${String(claimed.version)} in a file graded under ${grader.name} ${storedVersion}`
        : null;
    const what = [changed, mislabelled].filter((text) => text !== null).join("; ");
    if (what === "") return;
    differences.push({ index, id: record.id, protocol: record.protocol, what });
    records ??= [...results.records];
    if (changed !== null)
      records[index] = { ...record, verdict: fresh as unknown as ReportRecord["verdict"] };
  });
  return {
    records: records ?? results.records,
    differences,
    grader: { profile: grader.name, version: grader.version },
    storedVersion,
  };
}

/** The lines a reader sees about the differences: one heading, then one line per record, every record named. */
export function differenceNotes(regrading: Regrading, file: string): string[] {
  const { differences, grader, storedVersion } = regrading;
  const under = `${grader.profile} ${grader.version}`;
  if (differences.length === 0)
    return storedVersion === grader.version
      ? []
      : [
          `${file}: graded under ${grader.profile} ${storedVersion}, re-graded under ${under}: every verdict agrees`,
        ];
  const heading =
    storedVersion === grader.version
      ? `${file}: ${differences.length} stored verdict(s) differ from re-grading the outputs under ${under}: the file was edited or damaged; showing the re-graded verdicts`
      : `${file}: graded under ${grader.profile} ${storedVersion}, re-graded under ${under}: ${differences.length} verdict(s) differ; showing the re-graded verdicts`;
  return [
    heading,
    ...differences.map((d) => `${file}: records[${d.index}] (${d.id}, ${d.protocol}): ${d.what}`),
  ];
}
