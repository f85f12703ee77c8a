/** matchSteps: pairs candidate steps with reference steps by an optimal assignment, then step and edge F1. */
import { munkres } from "munkres";
import type { StepLike } from "./model.js";
import { type PromptSimilarity, tokenSimilarity } from "./similarity.js";

export interface MatchOptions {
  /** Similarity of two prompts in [0, 1]; default: weighted overlap of normalised words. */
  promptSimilarity?: PromptSimilarity;
  /** A pair scoring below this is no match. */
  threshold?: number;
  /** How much disagreeing dependencies can take off a pair's score (0: ignore dependencies). */
  dependencyWeight?: number;
  /** Re-assignments with the dependency agreement of the previous assignment; stops early once stable. */
  rounds?: number;
}

export const DEFAULT_MATCH_OPTIONS = { threshold: 0.5, dependencyWeight: 0.3, rounds: 3 } as const;

export interface StepPair {
  candidate: number;
  reference: number;
  similarity: number;
}

export interface MatchResult {
  pairs: StepPair[];
  precision: number;
  recall: number;
  f1: number;
  edgePrecision: number;
  edgeRecall: number;
  edgeF1: number;
}

type Assignment = Map<number, number>;

/** Share of dependencies that agree once the candidate's are translated through the assignment (Jaccard). */
function dependencyAgreement(candidate: StepLike, reference: StepLike, assigned: Assignment): number {
  if (candidate.depends_on.length === 0 && reference.depends_on.length === 0) return 1;
  const wanted = new Set(reference.depends_on);
  const mapped = new Set(candidate.depends_on.map((dep) => assigned.get(dep) ?? Number.NaN));
  let shared = 0;
  for (const dep of mapped) if (wanted.has(dep)) shared++;
  const union = mapped.size + wanted.size - shared;
  return union === 0 ? 1 : shared / union;
}

/** Maximises the number of pairs above the threshold first, then their total similarity. */
function assign(scores: readonly number[][], threshold: number, width: number): StepPair[] {
  if (scores.length === 0 || width === 0) return [];
  // A bonus larger than any possible gain in similarity makes one more pair always worth more.
  const bonus = Math.max(scores.length, width) + 1;
  const cost = scores.map((row) => row.map((score) => (score >= threshold ? -(bonus + score) : 0)));
  return munkres(cost).flatMap(([row, column]) => {
    const similarity = scores[row]?.[column] ?? 0;
    return similarity >= threshold ? [{ candidate: row, reference: column, similarity }] : [];
  });
}

function toAssignment(
  pairs: readonly StepPair[],
  candidate: readonly StepLike[],
  reference: readonly StepLike[],
) {
  const assigned: Assignment = new Map();
  for (const pair of pairs) {
    const c = candidate[pair.candidate];
    const r = reference[pair.reference];
    if (c && r) assigned.set(c.id, r.id);
  }
  return assigned;
}

function sameAssignment(a: Assignment, b: Assignment): boolean {
  return a.size === b.size && [...a].every(([key, value]) => b.get(key) === value);
}

function edges(steps: readonly StepLike[]): Set<string> {
  const ids = new Set(steps.map((step) => step.id));
  const found = new Set<string>();
  for (const step of steps)
    for (const dep of step.depends_on) if (ids.has(dep) && dep !== step.id) found.add(`${dep}>${step.id}`);
  return found;
}

function ratio(part: number, whole: number): number {
  return whole === 0 ? 0 : part / whole;
}

/** Edges compared through the assignment, not by raw step number, so renumbering a plan changes nothing. */
function edgeScores(candidate: readonly StepLike[], reference: readonly StepLike[], assigned: Assignment) {
  const wanted = edges(reference);
  const given = edges(candidate);
  let shared = 0;
  for (const edge of given) {
    const [from, to] = edge.split(">").map(Number);
    if (wanted.has(`${assigned.get(from ?? -1)}>${assigned.get(to ?? -1)}`)) shared++;
  }
  const f1 = given.size + wanted.size === 0 ? 1 : (2 * shared) / (given.size + wanted.size);
  return { edgePrecision: ratio(shared, given.size), edgeRecall: ratio(shared, wanted.size), edgeF1: f1 };
}

/** Scores with the dependency agreement of the current assignment folded in; a tool mismatch stays 0. */
function rescore(
  prompts: readonly number[][],
  candidate: readonly StepLike[],
  reference: readonly StepLike[],
  assigned: Assignment,
  weight: number,
): number[][] {
  return prompts.map((row, i) =>
    row.map((score, j) => {
      const c = candidate[i];
      const r = reference[j];
      if (score === 0 || !c || !r) return 0;
      return score * (1 - weight + weight * dependencyAgreement(c, r, assigned));
    }),
  );
}

/**
 * Pairs steps one-to-one. A pair needs the same tool; its score is the prompt similarity, lowered by up to
 * `dependencyWeight` when the dependencies disagree under the current assignment. Ids in `pairs` are step ids.
 */
export function matchSteps(
  candidate: readonly StepLike[],
  reference: readonly StepLike[],
  options: MatchOptions = {},
): MatchResult {
  const similarity = options.promptSimilarity ?? tokenSimilarity;
  const { threshold, dependencyWeight, rounds } = { ...DEFAULT_MATCH_OPTIONS, ...options };
  const prompts = candidate.map((c) =>
    reference.map((r) => (c.tool !== null && c.tool === r.tool ? similarity(c.prompt, r.prompt) : 0)),
  );
  let pairs = assign(prompts, threshold, reference.length);
  let assigned = toAssignment(pairs, candidate, reference);
  for (let round = 0; round < rounds; round++) {
    pairs = assign(
      rescore(prompts, candidate, reference, assigned, dependencyWeight),
      threshold,
      reference.length,
    );
    const next = toAssignment(pairs, candidate, reference);
    const stable = sameAssignment(next, assigned);
    assigned = next;
    if (stable) break;
  }
  const matched = pairs.length;
  return {
    pairs: pairs.map((p) => ({
      candidate: candidate[p.candidate]?.id ?? -1,
      reference: reference[p.reference]?.id ?? -1,
      similarity: p.similarity,
    })),
    precision: ratio(matched, candidate.length),
    recall: ratio(matched, reference.length),
    f1: ratio(2 * matched, candidate.length + reference.length),
    ...edgeScores(candidate, reference, assigned),
  };
}
