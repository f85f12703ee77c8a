/**
 * A results file on disk, both ways, through the one schema (src/runner/results-schema.ts): `writeResults` refuses
 * an object the readers would refuse, so no writer (run, merge, regrade, a library caller) can leave a file that
 * `report` cannot open (a run writes through the quick check of results-write.ts first, which passes only what the
 * schema passes); `readResults` reads within the input limits and names the first bad field.
 */
import { formatPath, UserError } from "../errors.js";
import { parseJsonText } from "../input/json.js";
import { readInputText } from "../input/read.js";
import { type OutputOptions, writeOutput } from "../io/output.js";
import { type ReportResults, ReportResultsSchema } from "./results-schema.js";
import { resultsText } from "./results-write.js";

/** The parsed results, or the first schema issue as "field PATH: MESSAGE". */
function checked(value: unknown): { results: ReportResults } | { issue: string } {
  const parsed = ReportResultsSchema.safeParse(value);
  if (parsed.success) return { results: parsed.data };
  const issue = parsed.error.issues[0];
  return { issue: `field ${formatPath(issue?.path ?? [])}: ${issue?.message ?? "invalid"}` };
}

/** Validates parsed JSON; `where` names the file in the one-line error. */
export function parseResults(value: unknown, where: string): ReportResults {
  const outcome = checked(value);
  if ("issue" in outcome) throw new UserError(`${where}: not a valid results file: ${outcome.issue}`);
  return outcome.results;
}

/** A results file read within the input limits (a byte-order mark is fine), parsed and checked against the schema. */
export function readResults(file: string): ReportResults {
  return parseResults(parseJsonText(readInputText(file), file), file);
}

/**
 * Writes `results` to `path` as the program always has (one-space JSON and a newline, atomically for a file; see
 * src/io/output.ts), after checking it against the schema: an invalid object is a bug in its maker, so it is a
 * TypeError, not a user error, and nothing is written. Returns the number of bytes written.
 */
export function writeResults(path: string, results: unknown, options: OutputOptions = {}): number {
  const outcome = checked(results);
  if ("issue" in outcome)
    throw new TypeError(`tooluse: writeResults(results): not a valid results object: ${outcome.issue}`);
  return writeOutput(path, resultsText(results), options);
}
