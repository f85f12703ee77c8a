/**
 * A results file's text, and a quick check of a results object before it is written, without the schema library:
 * true only for an object the readers' schema (results-schema.ts) accepts, so a run writes its own results without
 * loading zod (issue 28's cached re-run). Anything else goes to `writeResults` (results-file.ts), which checks it
 * against the schema and names the field at fault. results-write.test.ts holds the two together.
 */
import { PROTOCOLS } from "../cases/vocabulary.js";
import { RESULTS_FORMAT } from "./results.js";
import {
  type Check,
  fields,
  isBoolean,
  isNumber,
  isString,
  listOf,
  oneOf,
  orAbsent,
  orNull,
  recordOf,
  whole,
} from "./value-checks.js";

const count = whole(0);
const ratio = orNull(isNumber);

const METRICS = [
  "call_accuracy",
  "abstention_accuracy",
  "spurious_call_rate",
  "tool_selection_accuracy",
  "args_exact_rate",
  "answer_constraint_rate",
  "malformed_rate",
];
const COUNTS = [
  "call_cases",
  "call_passed",
  "no_call_cases",
  "no_call_passed",
  "spurious",
  "tool_ok",
  "args_ok",
  "constrained",
  "answer_ok",
  "malformed",
];
const every = (names: readonly string[], check: Check) =>
  fields(Object.fromEntries(names.map((name) => [name, check])));

const SCORE_FIELDS = {
  n: count,
  passed: count,
  score: ratio,
  score_ci: (value: unknown) => Array.isArray(value) && value.length === 2 && listOf(isNumber)(value),
  metrics: every(METRICS, ratio),
  counts: every(COUNTS, count),
};
const isScore = fields(SCORE_FIELDS);

const isCall = (value: unknown) =>
  fields({ name: isString })(value) && Object.hasOwn(value as object, "arguments");

const isRecord = fields({
  id: isString,
  protocol: oneOf(PROTOCOLS),
  status: oneOf(["scored", "error"]),
  output: orNull(isString),
  error: orNull(isString),
  verdict: orNull(fields({ passed: isBoolean, calls: listOf(isCall), reason: isString })),
  attempt: orAbsent(count),
});

/** True only when the readers' schema accepts `value` (results-schema.ts's ReportResultsSchema). */
export const isWritableResults: Check = fields({
  format: oneOf([RESULTS_FORMAT]),
  harness: fields({ version: isString }),
  corpus: fields({
    name: isString,
    version: orNull(isString),
    digest: isString,
    file: isString,
    cases: count,
  }),
  grading: orAbsent(fields({ profile: isString, version: isString })),
  model: isString,
  backend: isString,
  config: fields({
    cases_file: isString,
    protocols: listOf(oneOf(PROTOCOLS)),
    settings: fields({
      temperature: isNumber,
      max_tokens: isNumber,
      enable_thinking: orNull(isBoolean),
      seed: orNull(isNumber),
    }),
    batch_size: orNull(isNumber),
  }),
  prompts: orAbsent(
    fields({ version: isString, parallel_calls: orAbsent(isBoolean), sha256: recordOf(isString) }),
  ),
  started_at: isString,
  finished_at: isString,
  counts: fields({ records: count, scored: count, errors: count, missing: orAbsent(count) }),
  records: listOf(isRecord),
  summary: fields({
    ...SCORE_FIELDS,
    by_protocol: recordOf(isScore),
    by_lang: recordOf(isScore),
    by_category: recordOf(isScore),
    by_difficulty: recordOf(isScore),
  }),
});

/** A results file's text, as the program has always written it: one-space JSON and a newline. */
export function resultsText(results: unknown): string {
  return `${JSON.stringify(results, null, 1)}\n`;
}
