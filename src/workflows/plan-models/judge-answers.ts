/**
 * What a judge may answer, and everything code can check about it. Shape errors and out-of-range values are
 * repairable (one retry); an answer that parses but disagrees with itself is a recorded contradiction.
 *
 * Metric judges answer with counts (steps without a violation; adherence 0 / 0.5 / 1) and code scales them to the
 * metric's points, as in the paper. Leniency (docs/prompts.md): a reply without a JSON object is read in the paper's
 * own layout `<explanation> | <count> |`; such answers are marked `layout: "paper"` in the judged line.
 */
import { z } from "zod";
import { JUDGE_POINTS, type JudgeMetric } from "../../plans/judge-metrics.js";
import { RATINGS } from "../../plans/rating.js";
import type { StructuredSpec } from "./structured.js";

const ViolationSchema = z.strictObject({ step: z.number().int(), reason: z.string() });

/**
 * A metric judge's JSON answer, exactly the shape its prompt asks for: the violating steps, the stated step count
 * and the count. Every field is required (a JSON answer that leaves out its violations or its step count could not
 * be checked against itself); `layout: "json"` is added by us, never read from the reply.
 */
export const StepJudgementSchema = z
  .strictObject({
    rationale: z.string(),
    violations: z.array(ViolationSchema),
    total_steps: z.number().int(),
    steps_without_violation: z.number(),
  })
  .transform((value) => ({ ...value, layout: "json" as const }));

/** The paper's `<explanation> | <count> |` layout: a count and nothing to check it against (docs/prompts.md). */
interface PaperStepJudgement {
  rationale: string;
  violations: null;
  total_steps: null;
  steps_without_violation: number;
  layout: "paper";
}

export type StepJudgement = z.output<typeof StepJudgementSchema> | PaperStepJudgement;

export const AdherenceJudgementSchema = z
  .strictObject({ rationale: z.string(), adherence: z.number() })
  .transform((value) => ({ ...value, layout: "json" as const }));

export type AdherenceJudgement =
  | z.output<typeof AdherenceJudgementSchema>
  | { rationale: string; adherence: number; layout: "paper" };

const percent = z.number();
/**
 * The one-shot answer: a rationale per dimension (an object, as the paper's layout and ours have it), then the scores;
 * `matches` (ours) and `valid_json` are optional, since the paper's layout has neither (docs/prompts.md).
 */
export const OneShotJudgementSchema = z.strictObject({
  rationale: z.record(z.string(), z.unknown()),
  matches: z.array(z.strictObject({ candidate: z.number().int(), best: z.number().int() })).optional(),
  score: z.strictObject({
    valid_json: z.boolean().optional(),
    precision: percent,
    recall: percent,
    f1_score: percent,
    format_correctness: percent,
    dependencies: percent,
    placeholders: percent,
    rating: z.enum(RATINGS),
  }),
});
export type OneShotJudgement = z.infer<typeof OneShotJudgementSchema>;

export const CONTRADICTION_CODES = [
  "step-count",
  "count-arithmetic",
  "precision",
  "recall",
  "f1",
  "rating",
  "tags",
] as const;
export type ContradictionCode = (typeof CONTRADICTION_CODES)[number];

/** A judge answer that parses and is in range but disagrees with itself or with what code counts; recorded, not repaired. */
export interface Contradiction {
  metric: string;
  code: ContradictionCode;
  stated: number | string;
  expected: number | string;
  message: string;
}

/** Percentages: one point of slack for rounding. */
const PERCENT_TOLERANCE = 1;

function outside(value: number, low: number, high: number): boolean {
  return !(value >= low && value <= high);
}

/** `<explanation> | <number> |` at the end of a reply: the paper's metric-judge layout. Anchored at the end only. */
const PAPER_TAIL = /\|\s*(-?\d+(?:\.\d+)?)\s*\|?\s*$/;

function paperLayout(text: string): { rationale: string; number: number } | null {
  const trimmed = text.trim();
  const match = PAPER_TAIL.exec(trimmed);
  if (!match) return null;
  return { rationale: trimmed.slice(0, match.index).trim(), number: Number(match[1]) };
}

export function stepJudgementSpec(stepIds: readonly number[]): StructuredSpec<StepJudgement> {
  return {
    schema: StepJudgementSchema,
    fallback: (text) => {
      const found = paperLayout(text);
      return found
        ? {
            rationale: found.rationale,
            violations: null,
            total_steps: null,
            steps_without_violation: found.number,
            layout: "paper" as const,
          }
        : null;
    },
    check: (value) => {
      const count = value.steps_without_violation;
      if (!Number.isInteger(count) || outside(count, 0, stepIds.length))
        return `steps_without_violation ${count} is not a whole number from 0 to ${stepIds.length} (the plan has ${stepIds.length} steps)`;
      const unknown = (value.violations ?? []).map((v) => v.step).filter((step) => !stepIds.includes(step));
      return unknown.length > 0
        ? `violations name step ${unknown[0]}, which the candidate plan does not have`
        : null;
    },
  };
}

export const adherenceSpec: StructuredSpec<AdherenceJudgement> = {
  schema: AdherenceJudgementSchema,
  fallback: (text) => {
    const found = paperLayout(text);
    return found ? { rationale: found.rationale, adherence: found.number, layout: "paper" as const } : null;
  },
  check: (value) =>
    [0, 0.5, 1].includes(value.adherence) ? null : `adherence ${value.adherence} is not 0, 0.5 or 1`,
};

/** Points from the judge's count: steps without a violation / steps × the metric's points. */
export function pointsFromCount(metric: JudgeMetric, judgement: StepJudgement, stepCount: number): number {
  if (stepCount === 0) return 0;
  return Math.round((judgement.steps_without_violation / stepCount) * JUDGE_POINTS[metric] * 100) / 100;
}

/** The judge's stated step count against the plan's, and its count against its own violation list. */
export function stepContradictions(
  metric: JudgeMetric,
  judgement: StepJudgement,
  stepCount: number,
): Contradiction[] {
  // Only a JSON answer states a step count and a violation list; the paper's layout gives the count alone.
  if (judgement.layout === "paper") return [];
  const found: Contradiction[] = [];
  if (judgement.total_steps !== stepCount)
    found.push({
      metric,
      code: "step-count",
      stated: judgement.total_steps,
      expected: stepCount,
      message: `total_steps ${judgement.total_steps} but the plan has ${stepCount} steps`,
    });
  const violating = new Set(judgement.violations.map((v) => v.step)).size;
  const expected = stepCount - violating;
  if (judgement.steps_without_violation !== expected)
    found.push({
      metric,
      code: "count-arithmetic",
      stated: judgement.steps_without_violation,
      expected,
      message: `steps_without_violation ${judgement.steps_without_violation} but ${violating} of ${stepCount} steps are listed as violating`,
    });
  return found;
}

const PERCENT_FIELDS = [
  "precision",
  "recall",
  "f1_score",
  "format_correctness",
  "dependencies",
  "placeholders",
] as const;

export function oneShotSpec(
  candidateIds: readonly number[],
  referenceIds: readonly number[],
): StructuredSpec<OneShotJudgement> {
  return {
    schema: OneShotJudgementSchema,
    check: (value) => {
      for (const field of PERCENT_FIELDS)
        if (outside(value.score[field], 0, 100)) return `${field} ${value.score[field]} is outside 0–100`;
      const matches = value.matches ?? [];
      const candidates = matches.map((m) => m.candidate);
      const bests = matches.map((m) => m.best);
      const badCandidate = candidates.find((id) => !candidateIds.includes(id));
      if (badCandidate !== undefined)
        return `matches name candidate step ${badCandidate}, which P does not have`;
      const badBest = bests.find((id) => !referenceIds.includes(id));
      if (badBest !== undefined) return `matches name best-plan step ${badBest}, which P* does not have`;
      if (new Set(candidates).size < candidates.length || new Set(bests).size < bests.length)
        return "a step appears in two matches; each step matches at most one";
      return null;
    },
  };
}

/**
 * Precision and recall against the judge's own match list (when it gave one), F1 against its own precision and
 * recall, and the paper's one hard rating rule: a plan that is not valid JSON is Extremely Bad. A rating away from
 * the F1 guide is allowed (the paper lets the rating be a judgement based on the metrics); the report counts it.
 */
export function oneShotContradictions(
  j: OneShotJudgement,
  candidateSteps: number,
  referenceSteps: number,
): Contradiction[] {
  const found: Contradiction[] = [];
  const compare = (code: "precision" | "recall" | "f1", stated: number, expected: number, basis: string) => {
    const rounded = Math.round(expected * 100) / 100;
    if (Math.abs(stated - expected) > PERCENT_TOLERANCE)
      found.push({
        metric: "one_shot",
        code,
        stated,
        expected: rounded,
        message: `${code} ${stated} but ${basis} gives ${rounded}`,
      });
  };
  const s = j.score;
  if (j.matches) {
    const matched = j.matches.length;
    compare(
      "precision",
      s.precision,
      candidateSteps === 0 ? 0 : (matched / candidateSteps) * 100,
      `${matched} matches of ${candidateSteps} steps`,
    );
    compare(
      "recall",
      s.recall,
      referenceSteps === 0 ? 0 : (matched / referenceSteps) * 100,
      `${matched} matches of ${referenceSteps} best-plan steps`,
    );
  }
  const sum = s.precision + s.recall;
  compare("f1", s.f1_score, sum === 0 ? 0 : (2 * s.precision * s.recall) / sum, "its precision and recall");
  if (s.valid_json === false && s.rating !== "Extremely Bad")
    found.push({
      metric: "one_shot",
      code: "rating",
      stated: s.rating,
      expected: "Extremely Bad",
      message: `rating ${s.rating} for a plan it calls not valid JSON`,
    });
  return found;
}
