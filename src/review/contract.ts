/**
 * The review workbench's interface between its data layer (the SQLite store, the task kinds, import and export) and
 * its web layer (src/review/web/). Types and schemas only: no SQLite here, so the web layer depends on this file and
 * on the ReviewStore interface, never on the storage binding. docs/review.md describes the data model.
 *
 * A task is one thing to judge (a lineage, a plan, a step, a triplet, an answer set, a verdict); its payload is what
 * the page shows. A label is what one annotator submits for one task: the annotator's own fields only, with the SAME
 * names and values as the export format. The keys of the exported line (query_id, planner, prompt_type, pass, step,
 * case id…) come from the task, so a client never repeats them.
 */
import { z } from "zod";
import { PLAN_POINTS } from "../plans/points.js";
import { STEP_TAGS } from "../plans/query-records.js";
import { RATINGS } from "../plans/rating.js";
import { CONVERSATION_ROLES } from "../report/html/describe-case.js";

/** A kind's name, as its module in the registry gives it (src/review/kinds/index.ts lists them). */
export type TaskKind = string;

export interface KindSpec<P = unknown, L = unknown> {
  kind: TaskKind;
  /** What the page shows (plans, reference, lineage revisions, scores, record…). */
  payloadSchema: z.ZodType<P>;
  /** What an annotator submits; the same field names and values as the export format. */
  labelSchema: z.ZodType<L>;
  /**
   * Checks a label against its task where the schema alone cannot (a decision naming a response the task has, an
   * edited plan that parses): the first problem as a field and a message, or null.
   */
  check?: (payload: P, label: L) => { field: string; message: string } | null;
}

/** A task to add; `key` identifies it within its kind (adding the same key again is skipped). */
export interface NewTask {
  key: string;
  title: string;
  payload: unknown;
  /** The file the task was imported from, kept with the task. */
  source?: string;
}

export interface TaskSummary {
  id: number;
  kind: TaskKind;
  key: string;
  title: string;
  /** Labels stored for this task, all annotators, every version. */
  labels: number;
  /** The task has a label from the annotator asked about, or from anyone when no annotator was given. */
  done: boolean;
}

export interface StoredLabel {
  id: number;
  task_id: number;
  kind: TaskKind;
  key: string;
  annotator: string;
  /** The label as validated (schema defaults applied). */
  label: unknown;
  /** ISO 8601, UTC. */
  created_at: string;
}

export interface TaskDetail extends TaskSummary {
  payload: unknown;
  /** Every label of the task, all annotators, oldest first. */
  labels_list: StoredLabel[];
  /** Neighbouring task ids within the same kind (by id), for next/previous. */
  prev: number | null;
  next: number | null;
}

export interface TaskQuery {
  kind?: TaskKind;
  state?: "open" | "done";
  /** Whose labels make a task done; any annotator's when absent. */
  annotator?: string;
}

/** Agreement between two annotators on one measure of a kind (their latest labels on tasks both labelled). */
export interface PairAgreement {
  annotators: [string, string];
  /** "rating", "action", "tag:INCORRECT TOOL", "decision", "inequality"… (docs/review.md lists them per kind). */
  measure: string;
  /** Items both annotators judged on this measure. */
  n: number;
  /** Share of items with the same value; null when n is 0. */
  exact: number | null;
  /** Cohen's κ; null when undefined (no items, or both used one category only). */
  kappa: number | null;
  /** Quadratic weighted κ for ordinal measures (the rating, 1–7 scores, triplet relations); null otherwise. */
  weighted_kappa: number | null;
  ordinal: boolean;
}

export interface KindAgreement {
  kind: TaskKind;
  annotators: string[];
  pairs: PairAgreement[];
}

export interface ReviewStore {
  readonly file: string;
  /** Per-database secret, created at first open, kept in the meta table. */
  readonly token: string;
  /** Idempotent by (kind, key): a task already present is skipped, never changed. Payloads are validated. */
  addTasks(kind: TaskKind, tasks: readonly NewTask[]): { added: number; skipped: number };
  listTasks(query?: TaskQuery): TaskSummary[];
  /** The task, its labels (all annotators) and prev/next ids within its kind. */
  getTask(id: number): TaskDetail | undefined;
  /** Validates (LabelError on a bad label, UnknownTaskError on a missing task), then stores in one transaction. */
  addLabel(taskId: number, annotator: string, label: unknown): StoredLabel;
  /** Every annotator's latest label per task of this kind, by task id then annotator (what export writes). */
  labels(kind: TaskKind): StoredLabel[];
  agreement(kind: TaskKind): KindAgreement;
  close(): void;
}

/** A label that fails its kind's schema or check: the web layer answers 400 {error, field}. */
export class LabelError extends Error {
  override name = "LabelError";
  readonly field: string;
  /** What is wrong, without the field: the API answers `{error: reason, field}`, so a client that shows
   * "field: error" names the field once. */
  readonly reason: string;
  constructor(field: string, reason: string) {
    super(`${field}: ${reason}`);
    this.field = field;
    this.reason = reason;
  }
}

/** addLabel on a task id the database does not have: the web layer answers 404. */
export class UnknownTaskError extends Error {
  override name = "UnknownTaskError";
  constructor(readonly taskId: number) {
    super(`no task ${taskId}`);
  }
}

/** An annotator name: shown, stored and used to keep exports apart. */
export const AnnotatorSchema = z
  .string()
  .trim()
  .min(1, "expected an annotator name")
  .max(64, "expected at most 64 characters")
  .regex(/^[\p{L}\p{N}_.@-]+$/u, "expected letters, digits, '_', '.', '@' or '-'");

// ---- label schemas: the same field names and values as the files `plan agree` and `tooluse disputes` read ----

const note = z.string().max(4000).optional();

/** lineage: accept the final plan as it is, or replace it with an edited plan (paper text or the JSON object). */
export const LineageLabelSchema = z.discriminatedUnion("action", [
  z.strictObject({ action: z.literal("accept"), note }),
  z.strictObject({
    action: z.literal("edit"),
    plan: z.union([z.string().trim().min(1, "expected the edited plan"), z.record(z.string(), z.unknown())]),
    note,
  }),
]);
export type LineageLabel = z.infer<typeof LineageLabelSchema>;

const points = (max: number, name: string) =>
  z
    .number()
    .min(0, `expected ${name} points between 0 and ${max}`)
    .max(max, `expected ${name} points between 0 and ${max}`);

/** plan-rating: the 7-point rating and any of the seven metric scores (points as in `plan score`). */
export const PlanRatingLabelSchema = z
  .strictObject({
    rating: z.enum(RATINGS).optional(),
    format: points(PLAN_POINTS.format, "format").optional(),
    tool_prompt_alignment: points(PLAN_POINTS.tool_prompt_alignment, "tool_prompt_alignment").optional(),
    step_executability: points(PLAN_POINTS.step_executability, "step_executability").optional(),
    query_adherence: z
      .union([z.literal(0), z.literal(7.5), z.literal(15)], { error: "expected 0, 7.5 or 15" })
      .optional(),
    dependencies: points(PLAN_POINTS.dependencies, "dependencies").optional(),
    redundancy: points(PLAN_POINTS.redundancy, "redundancy").optional(),
    tool_usage_completeness: points(
      PLAN_POINTS.tool_usage_completeness,
      "tool_usage_completeness",
    ).optional(),
  })
  .refine((label) => Object.values(label).some((value) => value !== undefined), {
    message: "expected the rating or at least one metric score",
    path: ["rating"],
  });
export type PlanRatingLabel = z.infer<typeof PlanRatingLabelSchema>;

/** step-tags: the evaluator's tags for one step, several allowed (the `tags` field of a tag-label line). */
export const StepTagsLabelSchema = z.strictObject({
  tags: z
    .array(z.enum(STEP_TAGS))
    .min(1, "expected at least one tag (NO CHANGE when the step is fine)")
    .superRefine((tags, context) => {
      if (new Set(tags).size !== tags.length)
        context.addIssue({ code: "custom", message: "expected each tag once" });
      else if (tags.includes("NO CHANGE") && tags.length > 1)
        context.addIssue({
          code: "custom",
          message: "expected NO CHANGE alone: it means the step needs no fix",
        });
    }),
});
export type StepTagsLabel = z.infer<typeof StepTagsLabelSchema>;

export const TRIPLET_SLOTS = ["A", "B", "C"] as const;
const Rank = z.union([z.literal(1), z.literal(2), z.literal(3)], {
  error: "expected a rank 1, 2 or 3 (1 = best)",
});

/** triplet: the annotator's rank (1 best) of each shown slot; equal ranks are ties. */
export const TripletLabelSchema = z.strictObject({
  ranks: z.strictObject({ A: Rank, B: Rank, C: Rank }),
});
export type TripletLabel = z.infer<typeof TripletLabelSchema>;

const Binary = z.union([z.literal(0), z.literal(1)], { error: "expected 0 or 1" });
const SevenPoint = z
  .number()
  .int("expected a whole number 1–7")
  .min(1, "expected 1–7")
  .max(7, "expected 1–7");

/** One response's four scores, as in `plan answers --out` (validity and consistency 0/1, the others 1–7). */
const ResponseScoresLabelSchema = z.strictObject({
  validity: Binary,
  consistency: Binary,
  completeness: SevenPoint,
  redundancy: SevenPoint,
});

/** answers: the decision ("R2", "R1,R3", "All", "Neither") and, optionally, every response's four scores. */
export const AnswersLabelSchema = z.strictObject({
  decision: z.string().trim().min(1, "expected a decision"),
  scores: z.record(z.string(), ResponseScoresLabelSchema).optional(),
});
export type AnswersLabel = z.infer<typeof AnswersLabelSchema>;

/** verdict: agree with the grader's verdict, or dispute it with a reason. */
export const VerdictLabelSchema = z.discriminatedUnion("verdict", [
  z.strictObject({ verdict: z.literal("agree"), reason: z.string().max(4000).optional() }),
  z.strictObject({
    verdict: z.literal("dispute"),
    reason: z.string().trim().min(1, "a dispute needs a reason").max(4000),
  }),
]);
export type VerdictLabel = z.infer<typeof VerdictLabelSchema>;

// ---- payload schemas: what the page shows ----

const QueryId = z.union([z.string().min(1), z.number().int()]);
/** A plan as the files hold it: paper text or the canonical JSON object. */
const PlanValue = z.union([z.string(), z.record(z.string(), z.unknown())]);
/** A plan as the page shows it: the text (rendered in the paper's text form when the file held an object). */
const ShownPlan = z.strictObject({ text: z.string(), source: PlanValue });

export const LineagePayloadSchema = z.strictObject({
  query_id: QueryId,
  query: z.string(),
  split: z.string().nullable(),
  /** Carried into the exported source entry (plan build's data format). */
  is_subjective: z.boolean().nullable(),
  is_compound: z.boolean().nullable(),
  /** Every revision, first to final, with the fixes that produced it. */
  revisions: z
    .array(
      z.strictObject({
        plan: ShownPlan,
        fixes: z.array(z.string()),
        /** Why the fix shows only to the LLM judges, from the authored source when the import found it. */
        judge_only: z.string().nullable(),
      }),
    )
    .min(1),
  /** The authored source's reviewer note, when the import found it. */
  note: z.string().nullable(),
  /** The final plan (the last revision), and the one before it (null for a one-plan lineage): the diff's sides. */
  final: ShownPlan,
  previous: ShownPlan.nullable(),
});
export type LineagePayload = z.infer<typeof LineagePayloadSchema>;

export const PlanRatingPayloadSchema = z.strictObject({
  query_id: QueryId,
  planner: z.string().nullable(),
  prompt_type: z.string().nullable(),
  query: z.string(),
  candidate: ShownPlan,
  reference: ShownPlan,
  /** The deterministic evaluator's scores and rating (hidden by default on the page, to avoid anchoring). */
  evaluator: z
    .strictObject({
      rating: z.string().nullable(),
      scores: z.record(z.string(), z.number().nullable()),
      total: z.number().nullable(),
      /** The deterministic step mapping: each aligned candidate/reference pair and why it matched or not. */
      mapping: z.array(
        z.strictObject({
          candidate: z.number(),
          reference: z.number(),
          similarity: z.number(),
          matched: z.boolean(),
          reason: z.string().nullable(),
        }),
      ),
    })
    .nullable(),
});
export type PlanRatingPayload = z.infer<typeof PlanRatingPayloadSchema>;

export const StepTagsPayloadSchema = z.strictObject({
  query_id: QueryId,
  planner: z.string().nullable(),
  prompt_type: z.string().nullable(),
  pass: z.number().int().positive(),
  step: z.number().int().positive(),
  query: z.string(),
  /** The plan the step belongs to, as the evaluator saw it. */
  plan: ShownPlan,
  reference: ShownPlan.nullable(),
  /** The evaluator's tags for this step when the source had them (hidden by default), else null. */
  evaluator_tags: z.array(z.string()).nullable(),
});
export type StepTagsPayload = z.infer<typeof StepTagsPayloadSchema>;

export const TripletPayloadSchema = z.strictObject({
  query_id: QueryId,
  planner: z.string().nullable(),
  prompt_type: z.string().nullable(),
  query: z.string(),
  /** The three revisions in shown (shuffled) order, slot A, B, C. */
  slots: z.array(z.strictObject({ slot: z.enum(TRIPLET_SLOTS), plan: ShownPlan })).length(3),
  /** Which revision each slot holds: used by export, not shown. */
  truth: z.strictObject({
    A: z.enum(["best", "penultimate", "antepenultimate"]),
    B: z.enum(["best", "penultimate", "antepenultimate"]),
    C: z.enum(["best", "penultimate", "antepenultimate"]),
  }),
});
export type TripletPayload = z.infer<typeof TripletPayloadSchema>;

export const AnswersPayloadSchema = z.strictObject({
  query_id: QueryId,
  query: z.string(),
  /** Responses by label (R1 no plan, R2 human plans, R3 LLM plans), as text. */
  responses: z.record(z.string(), z.string()),
  /** The judge's decision and scores when the source had them (hidden by default), else null. */
  judge: z
    .strictObject({
      decision: z.string().nullable(),
      scores: z.record(z.string(), z.record(z.string(), z.number())).nullable(),
      rationale: z.string().nullable(),
    })
    .nullable(),
});
export type AnswersPayload = z.infer<typeof AnswersPayloadSchema>;

/**
 * The record's case as the HTML report's case browser shows it, found the report's way (the corpus file whose digest
 * the results file records); when it is not found, why — the task is still reviewed, without the case.
 */
const VerdictCaseSchema = z.discriminatedUnion("found", [
  z.strictObject({
    found: z.literal(true),
    lang: z.string(),
    category: z.string(),
    difficulty: z.string(),
    /** What the case expects, in words (the report's "Expected"). */
    expected: z.string(),
    /** The conversation as rendered to the model for the record's protocol; `tools` is the native tool list. */
    conversation: z.array(z.strictObject({ role: z.enum(CONVERSATION_ROLES), text: z.string() })),
    /** Said when the run used other system prompts than this harness renders (the report's note), else null. */
    prompt_note: z.string().nullable(),
  }),
  z.strictObject({ found: z.literal(false), reason: z.string() }),
]);
export type VerdictCase = z.infer<typeof VerdictCaseSchema>;

export const VerdictPayloadSchema = z.strictObject({
  case_id: z.string(),
  protocol: z.string(),
  model: z.string(),
  /** The results file's corpus name (ToolUse.1 or an imported suite). */
  suite: z.string(),
  results_file: z.string(),
  status: z.enum(["scored", "error"]),
  /** The raw model output, hostile text. */
  output: z.string().nullable(),
  error: z.string().nullable(),
  /** The grader's verdict as the results file holds it. */
  verdict: z.record(z.string(), z.unknown()).nullable(),
  case: VerdictCaseSchema,
});
export type VerdictPayload = z.infer<typeof VerdictPayloadSchema>;

/** The key per step tag on the page (also listed in docs/review.md). */
export const STEP_TAG_KEYS: Readonly<Record<(typeof STEP_TAGS)[number], string>> = {
  "INCORRECT PROMPT": "p",
  "COMPLEX PROMPT": "c",
  "INCORRECT TOOL": "t",
  "REPEATED DETAIL": "r",
  "MULTI-TOOL PROMPT": "m",
  "NO CHANGE": "n",
};
