/** scorePlan: a candidate plan against its reference → the score line (validity, metrics, matching, rating, coverage). */

import { checkExecutability, MAX_T2S_TRIGGERS } from "./checks/executability.js";
import { PLAN_CHECKS } from "./checks/index.js";
import { checkRepeatedDetail } from "./checks/repeated-detail.js";
import { checkToolUsage } from "./checks/tool-usage.js";
import { type Coverage, coverageOf, finalStepMissesAnswer } from "./coverage.js";
import { type MatchOptions, type MatchResult, matchSteps } from "./match.js";
import { metricScore, planStructure } from "./metrics.js";
import type { DraftStep, Plan } from "./model.js";
import { parsePlan } from "./parse.js";
import { readPromptPlaceholders } from "./placeholders.js";
import { RATINGS, type Rating, ratingFromF1, tierOf } from "./rating.js";
import type { ScoreLine } from "./score-line.js";
import type { ToolDescriptions } from "./tool-descriptions.js";
import { INVALIDATING_CODES, validityOf } from "./validity.js";
import { costs, type DeterministicMetric, METRIC_POINTS, type Violation, violation } from "./violations.js";

export interface ScoreInput {
  /** The planner's raw output, or an already-decoded JSON plan. */
  candidate: unknown;
  reference: Plan;
  tools: ToolDescriptions;
  /** The user's question; with it the line carries coverage (docs/plan-matching.md, section 6). */
  query?: string | null;
  query_id?: string | number | null;
  planner?: string | null;
  prompt_type?: string | null;
}

export interface ScoreOptions {
  match?: MatchOptions;
  /** More trigger phrases than this make a T2S step not executable in one go (default 3, the paper's rule). */
  maxTriggers?: number;
  /** Score what the tolerant reader recovers from a plan that is not valid in the paper's format (diagnosis). */
  lenient?: boolean;
}

/** A score line with the step mapping that produced it, for `plan score --explain`. */
export interface ExplainedScore {
  line: ScoreLine;
  match: MatchResult | null;
}

const METRICS = Object.keys(METRIC_POINTS) as DeterministicMetric[];
const SUBTOTAL_MAX = METRICS.reduce((sum, metric) => sum + METRIC_POINTS[metric], 0);
/** The rating a plan whose final step does not produce what the query asks can reach at most. */
const COVERAGE_CAP: Rating = "Bad";

/**
 * A plan that cannot be read, or is not valid in the paper's format, scores 0 on every metric rather than null:
 * it delivers nothing, and leaving it out of a planner's means would flatter planners with unreadable output.
 */
function invalid(input: ScoreInput, violations: Violation[], reason: string): ScoreLine {
  return {
    query_id: input.query_id ?? null,
    planner: input.planner ?? null,
    prompt_type: input.prompt_type ?? null,
    parse_ok: false,
    format: 0,
    dependencies: 0,
    redundancy: 0,
    tool_usage_completeness: 0,
    step_executability: 0,
    tool_prompt_alignment: null,
    query_adherence: null,
    precision: 0,
    recall: 0,
    f1: 0,
    edge_f1: 0,
    rating: ratingFromF1(null),
    tier: null,
    steps: 0,
    hops: null,
    parallelism: null,
    subtotal: 0,
    subtotal_max: SUBTOTAL_MAX,
    total: null,
    violations,
    validity: { valid: false, reason, lenient: false },
  };
}

/** The reference's steps in the reader's form, so its own format flaws are known (a candidate copying them still matches). */
function referenceDrafts(reference: Plan): DraftStep[] {
  return reference.steps.map((step) => ({
    ...step,
    placeholders: [
      ...(step.tool === "LLM"
        ? []
        : step.inputs.map((k) => ({ kind: "step" as const, step: k, where: "inputs" as const }))),
      ...readPromptPlaceholders(step.prompt).refs.map((ref) => ({ ...ref, where: "prompt" as const })),
    ],
  }));
}

const referenceFlaws = new WeakMap<Plan, Map<number, Set<string>>>();

/**
 * Format flaws per step: a step carrying one its reference counterpart lacks is not "the same format". Syntax
 * the tolerant reader forgave is left out: under --lenient it is the plan's validity that answers for it.
 */
function formatFlaws(violations: readonly Violation[]): Map<number, Set<string>> {
  const byStep = new Map<number, Set<string>>();
  for (const v of violations)
    if (v.step !== null && costs(v.code, "format") && !INVALIDATING_CODES.has(v.code))
      byStep.set(v.step, (byStep.get(v.step) ?? new Set()).add(v.code));
  return byStep;
}

function flawsOfReference(reference: Plan): Map<number, Set<string>> {
  let flaws = referenceFlaws.get(reference);
  if (!flaws) {
    const drafts = referenceDrafts(reference);
    flaws = formatFlaws(PLAN_CHECKS.flatMap((check) => check(drafts)));
    referenceFlaws.set(reference, flaws);
  }
  return flaws;
}

/** Why candidate step `c` cannot match reference step `r` despite the same intent: a format flaw `r` lacks. */
function formatBlock(
  candidateFlaws: ReadonlyMap<number, Set<string>>,
  referenceFlawsByStep: ReadonlyMap<number, Set<string>>,
  c: number,
  r: number,
): string | null {
  const flaws = candidateFlaws.get(c);
  if (!flaws) return null;
  const own = [...flaws].filter((code) => !referenceFlawsByStep.get(r)?.has(code));
  return own.length === 0 ? null : `format differs (${own.join(", ")})`;
}

function capped(rating: Rating, coverage: Coverage | null): { rating: Rating; cap: "coverage" | null } {
  if (!coverage || !finalStepMissesAnswer(coverage)) return { rating, cap: null };
  return RATINGS.indexOf(rating) > RATINGS.indexOf(COVERAGE_CAP)
    ? { rating: COVERAGE_CAP, cap: "coverage" }
    : { rating, cap: null };
}

/**
 * Scores one plan and keeps the step mapping. Pure: the same inputs give the same result.
 * @example explainScore({ candidate: rawText, reference: bestPlan, tools: DEFAULT_TOOL_DESCRIPTIONS }).match?.explain()
 */
export function explainScore(input: ScoreInput, options: ScoreOptions = {}): ExplainedScore {
  const parsed = parsePlan(input.candidate);
  if (!parsed.ok)
    return {
      line: invalid(
        input,
        [...parsed.violations, violation(null, "unparseable", parsed.message)],
        `unparseable: ${parsed.message}`,
      ),
      match: null,
    };
  const validity = validityOf(parsed.violations);
  if (!validity.valid && !options.lenient)
    return { line: invalid(input, parsed.violations, validity.reason ?? ""), match: null };
  const { steps } = parsed;
  const candidateFlaws = formatFlaws(parsed.violations);
  const referenceFlawsByStep = flawsOfReference(input.reference);
  // Bound rather than a closure: scoring runs for every plan, and a named closure per plan is not free.
  const blocked = formatBlock.bind(null, candidateFlaws, referenceFlawsByStep);
  const match = matchSteps(steps, input.reference.steps, { tools: input.tools, blocked, ...options.match });
  const mismatched = match.dependencyDisagreements.map((d) => {
    const parts = [
      ...(d.extra.length > 0 ? [`lists ${d.extra.join(", ")}`] : []),
      ...(d.missing.length > 0 ? [`lacks the step(s) aligned with reference ${d.missing.join(", ")}`] : []),
    ];
    return violation(
      d.candidate,
      "dependency-differs-from-reference",
      `aligned with reference step ${d.reference} but ${parts.join(" and ")}`,
    );
  });
  const violations = [
    ...parsed.violations,
    ...checkExecutability(steps, input.tools, options.maxTriggers ?? MAX_T2S_TRIGGERS),
    ...checkRepeatedDetail(steps, input.tools),
    ...checkToolUsage(input.reference.steps, match.present),
    ...mismatched,
  ].sort((a, b) => (a.step ?? -1) - (b.step ?? -1));
  const scores = {
    format: metricScore("format", steps.length, violations),
    dependencies: metricScore("dependencies", steps.length, violations),
    redundancy: metricScore("redundancy", steps.length, violations),
    tool_usage_completeness: metricScore("tool_usage_completeness", steps.length, violations),
    step_executability: metricScore("step_executability", steps.length, violations),
  };
  const structure = planStructure(steps);
  const coverage = input.query ? coverageOf(input.query, steps, input.tools) : null;
  const { rating, cap } = capped(ratingFromF1(match.f1), coverage);
  const line: ScoreLine = {
    query_id: input.query_id ?? null,
    planner: input.planner ?? null,
    prompt_type: input.prompt_type ?? null,
    parse_ok: true,
    format: scores.format,
    dependencies: scores.dependencies,
    redundancy: scores.redundancy,
    tool_usage_completeness: scores.tool_usage_completeness,
    step_executability: scores.step_executability,
    tool_prompt_alignment: null,
    query_adherence: null,
    precision: match.precision,
    recall: match.recall,
    f1: match.f1,
    edge_f1: match.edgeF1,
    rating,
    tier: tierOf(rating),
    steps: steps.length,
    hops: structure?.hops ?? null,
    parallelism: structure?.parallelism ?? null,
    subtotal: METRICS.reduce((sum, metric) => sum + scores[metric], 0),
    subtotal_max: SUBTOTAL_MAX,
    total: null,
    violations,
    validity: { ...validity, lenient: !validity.valid },
    ...(coverage ? { coverage } : {}),
    ...(cap ? { rating_capped: cap } : {}),
  };
  return { line, match };
}

/**
 * Scores one plan. Pure: the same inputs give the same line.
 * @example scorePlan({ candidate: rawText, reference: bestPlan, tools: DEFAULT_TOOL_DESCRIPTIONS })
 */
export function scorePlan(input: ScoreInput, options: ScoreOptions = {}): ScoreLine {
  return explainScore(input, options).line;
}
