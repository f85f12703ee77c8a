/**
 * What a judge may answer, and everything code can check about it. Shape errors and out-of-range values are
 * repairable (one retry); a judge whose score disagrees with its own findings is a recorded contradiction.
 */
import { z } from "zod";
import { RATINGS, ratingFromF1 } from "../rating.js";
import { JUDGE_POINTS, type JudgeMetric } from "./judge-prompts.js";
import type { StructuredSpec } from "./structured.js";

/** Rounding to two decimals in the judge's arithmetic is not a contradiction; a wrong count is. */
const SCORE_TOLERANCE = 0.011;
/** Percentages: one point of slack for rounding. */
const PERCENT_TOLERANCE = 1;

export const StepJudgementSchema = z.strictObject({
  violations: z.array(z.strictObject({ step: z.number().int(), reason: z.string() })),
  score: z.number(),
});
export type StepJudgement = z.infer<typeof StepJudgementSchema>;

export const AdherenceJudgementSchema = z.strictObject({
  adherence: z.number(),
  reason: z.string(),
  score: z.number(),
});
export type AdherenceJudgement = z.infer<typeof AdherenceJudgementSchema>;

const percent = z.number();
export const OneShotJudgementSchema = z.strictObject({
  matches: z.array(z.strictObject({ candidate: z.number().int(), best: z.number().int() })),
  parsable: z.boolean(),
  precision: percent,
  recall: percent,
  f1: percent,
  format: percent,
  dependencies: percent,
  placeholders: percent,
  rating: z.enum(RATINGS),
  reason: z.string(),
});
export type OneShotJudgement = z.infer<typeof OneShotJudgementSchema>;

/** A judge answer that parses and is in range but disagrees with itself; recorded, not repaired. */
export interface Contradiction {
  metric: string;
  code: "score-arithmetic" | "adherence-score" | "precision" | "recall" | "f1" | "rating";
  stated: number | string;
  expected: number | string;
  message: string;
}

function outside(value: number, low: number, high: number): boolean {
  return !(value >= low && value <= high);
}

function unknownSteps(steps: readonly number[], ids: readonly number[]): number[] {
  return steps.filter((step) => !ids.includes(step));
}

export function stepJudgementSpec(
  metric: JudgeMetric,
  stepIds: readonly number[],
): StructuredSpec<StepJudgement> {
  const points = JUDGE_POINTS[metric];
  return {
    schema: StepJudgementSchema,
    check: (value) => {
      if (outside(value.score, 0, points)) return `score ${value.score} is outside 0–${points}`;
      const unknown = unknownSteps(
        value.violations.map((v) => v.step),
        stepIds,
      );
      return unknown.length > 0
        ? `violations name step ${unknown[0]}, which the candidate plan does not have`
        : null;
    },
  };
}

export const adherenceSpec: StructuredSpec<AdherenceJudgement> = {
  schema: AdherenceJudgementSchema,
  check: (value) => {
    if (![0, 0.5, 1].includes(value.adherence)) return `adherence ${value.adherence} is not 0, 0.5 or 1`;
    const points = JUDGE_POINTS.query_adherence;
    return outside(value.score, 0, points) ? `score ${value.score} is outside 0–${points}` : null;
  },
};

/** The score the judge's own violation list implies: (steps − violating steps) / steps × points. */
export function impliedScore(metric: JudgeMetric, judgement: StepJudgement, stepCount: number): number {
  const violating = new Set(judgement.violations.map((v) => v.step)).size;
  return stepCount === 0 ? 0 : ((stepCount - violating) / stepCount) * JUDGE_POINTS[metric];
}

export function stepContradictions(
  metric: JudgeMetric,
  judgement: StepJudgement,
  stepCount: number,
): Contradiction[] {
  const expected = Math.round(impliedScore(metric, judgement, stepCount) * 100) / 100;
  if (Math.abs(judgement.score - expected) <= SCORE_TOLERANCE) return [];
  const message = `score ${judgement.score} but ${new Set(judgement.violations.map((v) => v.step)).size} of ${stepCount} steps violate, which gives ${expected}`;
  return [{ metric, code: "score-arithmetic", stated: judgement.score, expected, message }];
}

export function adherenceContradictions(judgement: AdherenceJudgement): Contradiction[] {
  const expected = judgement.adherence * JUDGE_POINTS.query_adherence;
  if (Math.abs(judgement.score - expected) <= SCORE_TOLERANCE) return [];
  const message = `score ${judgement.score} but adherence ${judgement.adherence} gives ${expected}`;
  return [{ metric: "query_adherence", code: "adherence-score", stated: judgement.score, expected, message }];
}

export function oneShotSpec(
  candidateIds: readonly number[],
  referenceIds: readonly number[],
): StructuredSpec<OneShotJudgement> {
  return {
    schema: OneShotJudgementSchema,
    check: (value) => {
      for (const field of ["precision", "recall", "f1", "format", "dependencies", "placeholders"] as const)
        if (outside(value[field], 0, 100)) return `${field} ${value[field]} is outside 0–100`;
      const candidates = value.matches.map((m) => m.candidate);
      const bests = value.matches.map((m) => m.best);
      const badCandidate = unknownSteps(candidates, candidateIds)[0];
      if (badCandidate !== undefined)
        return `matches name candidate step ${badCandidate}, which P does not have`;
      const badBest = unknownSteps(bests, referenceIds)[0];
      if (badBest !== undefined) return `matches name best-plan step ${badBest}, which P* does not have`;
      if (new Set(candidates).size < candidates.length || new Set(bests).size < bests.length)
        return "a step appears in two matches; each step matches at most one";
      return null;
    },
  };
}

/** Precision and recall against the judge's own match list, F1 against its own precision and recall, rating against F1. */
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
  const matched = j.matches.length;
  compare(
    "precision",
    j.precision,
    candidateSteps === 0 ? 0 : (matched / candidateSteps) * 100,
    `${matched} matches of ${candidateSteps} steps`,
  );
  compare(
    "recall",
    j.recall,
    referenceSteps === 0 ? 0 : (matched / referenceSteps) * 100,
    `${matched} matches of ${referenceSteps} best-plan steps`,
  );
  const sum = j.precision + j.recall;
  compare("f1", j.f1, sum === 0 ? 0 : (2 * j.precision * j.recall) / sum, "its precision and recall");
  const expected = j.parsable ? ratingFromF1(j.f1 / 100) : "Extremely Bad";
  if (j.rating !== expected)
    found.push({
      metric: "one_shot",
      code: "rating",
      stated: j.rating,
      expected,
      message: j.parsable
        ? `rating ${j.rating} but f1 ${j.f1} gives ${expected}`
        : `rating ${j.rating} for a plan it calls unparsable`,
    });
  return found;
}
