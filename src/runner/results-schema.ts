/**
 * The results file as readers see it: the zod schema every reader checks a results file against, and the types
 * inferred from it. Its own module, below the readers (load, verify, regrade), so none of them import each other
 * for a type.
 */
import { z } from "zod";
import { PROTOCOLS } from "../cases/schema.js";
import type { Score, Summary } from "../metrics/summary.js";
import { RESULTS_FORMAT } from "./results.js";

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
