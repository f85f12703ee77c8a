/** Reads results files for the report views: parsed as unknown, validated by a loose schema, one clear line if bad. */
import { basename } from "node:path";
import { z } from "zod";
import { type Case, PROTOCOLS } from "../cases/schema.js";
import { formatPath, UserError } from "../errors.js";
import { parseJsonText } from "../input/json.js";
import { readInputText } from "../input/read.js";
import type { Score, Summary } from "../metrics/summary.js";
import { RESULTS_FORMAT } from "../runner/results.js";
import { casesOf, verifyResults } from "./verify.js";

const ratio = z.number().nullable();
const count = z.number().int().nonnegative();

const ScoreSchema = z.looseObject({
  n: count,
  passed: count,
  score: ratio,
  score_ci: z.tuple([z.number(), z.number()]),
  metrics: z.looseObject({
    call_accuracy: ratio,
    abstention_accuracy: ratio,
    spurious_call_rate: ratio,
    tool_selection_accuracy: ratio,
    args_exact_rate: ratio,
    answer_constraint_rate: ratio,
    malformed_rate: ratio,
  }),
  counts: z.looseObject({
    call_cases: count,
    call_passed: count,
    no_call_cases: count,
    no_call_passed: count,
    spurious: count,
    tool_ok: count,
    args_ok: count,
    constrained: count,
    answer_ok: count,
    malformed: count,
  }),
}) satisfies z.ZodType<Score>;

const SummarySchema = ScoreSchema.extend({
  by_protocol: z.record(z.string(), ScoreSchema),
  by_lang: z.record(z.string(), ScoreSchema),
  by_category: z.record(z.string(), ScoreSchema),
  by_difficulty: z.record(z.string(), ScoreSchema),
}) satisfies z.ZodType<Summary>;

const CallSchema = z.looseObject({ name: z.string(), arguments: z.unknown() });

/** Loose: the views read these fields; anything else in a record (latency, tokens…) passes through unchecked. */
const RecordSchema = z.looseObject({
  id: z.string(),
  protocol: z.enum(PROTOCOLS),
  status: z.enum(["scored", "error"]),
  output: z.string().nullable(),
  error: z.string().nullable(),
  verdict: z.looseObject({ passed: z.boolean(), calls: z.array(CallSchema), reason: z.string() }).nullable(),
  /** `run --repeats`: the attempt index; files without it hold one attempt per (case, protocol). */
  attempt: z.number().int().nonnegative().optional(),
});

export const ReportResultsSchema = z.looseObject({
  format: z.literal(RESULTS_FORMAT, {
    error: `expected "${RESULTS_FORMAT}" (is this a tooluse results file?)`,
  }),
  harness: z.looseObject({ version: z.string() }),
  corpus: z.looseObject({
    name: z.string(),
    version: z.string().nullable(),
    digest: z.string(),
    file: z.string(),
    cases: count,
  }),
  grading: z.looseObject({ profile: z.string(), version: z.string() }).optional(),
  model: z.string(),
  backend: z.string(),
  config: z.looseObject({
    cases_file: z.string(),
    protocols: z.array(z.enum(PROTOCOLS)),
    settings: z.looseObject({
      temperature: z.number(),
      max_tokens: z.number(),
      enable_thinking: z.boolean().nullable(),
      seed: z.number().nullable(),
    }),
    batch_size: z.number().nullable(),
  }),
  prompts: z
    .looseObject({
      version: z.string(),
      /** Older results files lack it: they were all single-call. */
      parallel_calls: z.boolean().optional(),
      sha256: z.record(z.string(), z.string()),
    })
    .optional(),
  started_at: z.string(),
  finished_at: z.string(),
  counts: z.looseObject({ records: count, scored: count, errors: count, missing: count.optional() }),
  records: z.array(RecordSchema),
  summary: SummarySchema,
});

export type ReportResults = z.infer<typeof ReportResultsSchema>;
export type ReportRecord = ReportResults["records"][number];

/** One results file as the views see it: the file it came from and a label unique among the runs shown. */
export interface ReportRun {
  file: string;
  label: string;
  results: ReportResults;
}

/** Validates parsed JSON; `where` names the file in the one-line error. */
export function parseResults(value: unknown, where: string): ReportResults {
  const parsed = ReportResultsSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new UserError(
    `${where}: not a valid results file: field ${formatPath(issue?.path ?? [])}: ${issue?.message ?? "invalid"}`,
  );
}

/** A results file read within the input limits (a byte-order mark is fine), parsed and checked against the schema. */
export function readResults(file: string): ReportResults {
  return parseResults(parseJsonText(readInputText(file), file), file);
}

/** The line that marks a run on replaced system prompts (`--system-prompt-file`), or null for the standard ones. */
export function customPromptNote(results: ReportResults): string | null {
  const prompts = (results.config as { system_prompts?: Record<string, { sha256: string }> }).system_prompts;
  if (!prompts || Object.keys(prompts).length === 0) return null;
  const which = Object.entries(prompts).map(
    ([protocol, p]) => `${protocol} sha256 ${p.sha256.slice(0, 12)}…`,
  );
  return `NOT COMPARABLE with runs on the standard prompts: custom system prompt (${which.join(", ")})`;
}

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
