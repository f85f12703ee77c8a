/** Records of `tooluse plan answers`: the responses line it reads and the judgement line it writes (read by review too). */
import { z } from "zod";

/** "All" and "Neither" are decisions, and a comma joins labels in a decision, so labels may be neither. */
function labelProblem(label: string): string | null {
  if (!/^[A-Za-z0-9_.-]+$/.test(label))
    return "a response label is letters, digits, '_', '.' or '-' (e.g. R1)";
  if (/^(all|neither)$/i.test(label)) return "All and Neither are decisions, not response labels";
  return null;
}

/** Responses are usually text; a structured answer (a dict of numbers) is shown to the judge as JSON. */
const ResponseSchema = z
  .unknown()
  .transform((value) => (typeof value === "string" ? value : JSON.stringify(value)));

/** One query and the responses to compare, keyed by label (R1 no plan, R2 human plans, R3 LLM plans). */
export const ResponsesRecordSchema = z.looseObject({
  query_id: z.union([z.string().min(1), z.number().int()]),
  query: z.string().min(1),
  responses: z.record(z.string(), ResponseSchema).superRefine((responses, context) => {
    const labels = Object.keys(responses);
    if (labels.length < 2)
      context.addIssue({ code: "custom", message: "needs at least two responses to compare" });
    if (labels.length > 6) context.addIssue({ code: "custom", message: "at most six responses per query" });
    for (const label of labels) {
      const problem = labelProblem(label);
      if (problem) context.addIssue({ code: "custom", path: [label], message: problem });
    }
  }),
});
export type ResponsesRecord = z.infer<typeof ResponsesRecordSchema>;

const Binary = z.union([z.literal(0), z.literal(1)]);
const SevenPoint = z.number().int().min(1).max(7);

/** The judge's four scores for one response. */
export const ResponseScoresSchema = z.strictObject({
  validity: Binary,
  consistency: Binary,
  completeness: SevenPoint,
  redundancy: SevenPoint,
});
export type ResponseScores = z.infer<typeof ResponseScoresSchema>;

/** A raw value the gating rules overrode: kept so a judge that ignores its own rules shows up in the report. */
export interface GatingNote {
  label: string;
  field: "consistency" | "completeness" | "redundancy";
  raw: number;
  gated: number;
}

/** One judgement line: scored ("judged") or not ("failed", with the reason); failures never count as losses. */
export interface AnswerJudgement {
  query_id: string | number;
  judge: string;
  labels: string[];
  status: "judged" | "failed";
  /** Derived in code from the gated scores: "Neither", "All", a label, or labels joined by commas. */
  decision: string | null;
  winners: string[];
  /** What the judge itself decided (normalised), and whether it matches the decision derived from the scores. */
  judge_decision: string | null;
  decision_agrees: boolean | null;
  scores: Record<string, ResponseScores> | null;
  raw_scores: Record<string, ResponseScores> | null;
  gating: GatingNote[];
  rationale: string | null;
  /** Present only when the reply was in the paper's verbatim layout (docs/prompts.md, leniency). */
  layout?: "paper";
  error: string | null;
  /** Judge prompts asked: 1, or 2 when the first reply needed the repair retry. */
  prompts: number;
  cached: boolean;
  /** Every raw judge reply, in order, for audit. */
  replies: string[];
  /** The version (sha256) and source of the answer-judge prompt. */
  prompt_version: { sha256: string; source: string };
}
