/**
 * matchSteps: the one-shot evaluator's matching rule (docs/plan-matching.md). An optimal one-to-one alignment of
 * candidate and reference steps by tool and intent, then a match where format, placeholders and dependencies
 * also correspond under that alignment; precision, recall and F1 count matches.
 */
import { munkres } from "munkres";
import { formatSlots, type Intent, readIntent, restSimilarity, slotDifferences } from "./intent/slots.js";
import type { Placeholder, StepLike } from "./model.js";
import { readPromptPlaceholders } from "./placeholders.js";
import { DEFAULT_TOOL_DESCRIPTIONS, type ToolDescriptions } from "./tool-descriptions.js";

/** Similarity of two prompts in [0, 1] for the words the slots leave; pluggable (an embedding can take it). */
export type RestSimilarity = (candidate: readonly string[], reference: readonly string[]) => number;

export interface MatchOptions {
  /** Where slot phrases come from; default: corpus/plans/tools.yaml. */
  tools?: ToolDescriptions;
  restSimilarity?: RestSimilarity;
  /** Aligned steps need at least this similarity on the words outside the slots. */
  threshold?: number;
  /** Why a candidate step cannot match a reference step despite the same intent (a format flaw); null if it can. */
  blocked?: (candidate: number, reference: number) => string | null;
  /** Re-assignments with the matches of the previous one as a bonus; stops early once stable. */
  rounds?: number;
}

export const DEFAULT_MATCH_OPTIONS = { threshold: 0.5, rounds: 4 } as const;

/** A step as the matcher needs it: tool, prompt, dependencies, and (for planner output) its placeholders. */
export type MatchStep = StepLike & { inputs?: readonly number[]; placeholders?: readonly Placeholder[] };

/** One aligned pair. Ids are step ids as written. */
export interface StepPair {
  candidate: number;
  reference: number;
  similarity: number;
  matched: boolean;
  /** Why the aligned pair is not a match; null when it is. */
  reason: string | null;
}

/** What --explain prints for each step of either plan. */
export interface StepExplanation {
  side: "candidate" | "reference";
  step: number;
  /** The step it is aligned with, or null. */
  partner: number | null;
  matched: boolean;
  reason: string;
  slots: string;
}

export interface DependencyDisagreement {
  candidate: number;
  reference: number;
  /** Candidate dependencies whose aligned reference step is not a dependency of the reference step. */
  extra: number[];
  /** Reference dependencies whose aligned candidate step is missing from the candidate's depends_on. */
  missing: number[];
}

export interface MatchResult {
  /** Every aligned pair, matched or not. */
  pairs: StepPair[];
  precision: number;
  recall: number;
  f1: number;
  edgePrecision: number;
  edgeRecall: number;
  edgeF1: number;
  dependencyDisagreements: DependencyDisagreement[];
  explanations: StepExplanation[];
}

interface Wiring {
  outputs: Set<number>;
  query: boolean;
}

function wiringOf(step: MatchStep): Wiring {
  const placeholders = step.placeholders ?? [
    ...(step.tool === "LLM" ? [] : (step.inputs ?? []).map((k) => ({ kind: "step" as const, step: k }))),
    ...readPromptPlaceholders(step.prompt).refs,
  ];
  const outputs = new Set<number>();
  let query = false;
  for (const p of placeholders) {
    if (p.kind === "step") outputs.add(p.step);
    if (p.kind === "query") query = true;
  }
  return { outputs, query };
}

type Assignment = Map<number, number>;

function ratio(part: number, whole: number): number {
  return whole === 0 ? 0 : part / whole;
}

function setEqual(a: ReadonlySet<number>, b: ReadonlySet<number>): boolean {
  return a.size === b.size && [...a].every((x) => b.has(x));
}

/** The ids of `ids` mapped through the alignment; null when one of them is aligned to nothing. */
function mapped(ids: Iterable<number>, assigned: Assignment): Set<number> | null {
  const out = new Set<number>();
  for (const id of ids) {
    const to = assigned.get(id);
    if (to === undefined) return null;
    out.add(to);
  }
  return out;
}

interface Side {
  step: MatchStep;
  intent: Intent;
  wiring: Wiring;
}

/** Why the wiring of an aligned pair does not correspond under the alignment; null when it does. */
function wiringProblem(c: Side, r: Side, assigned: Assignment): string | null {
  const deps = mapped(c.step.depends_on, assigned);
  if (deps === null) return "depends on a step that corresponds to no reference step";
  if (!setEqual(deps, new Set(r.step.depends_on)))
    return `dependencies [${c.step.depends_on.join(", ")}] correspond to [${[...deps].join(", ")}], the reference step has [${r.step.depends_on.join(", ")}]`;
  const outputs = mapped(c.wiring.outputs, assigned);
  if (outputs === null || !setEqual(outputs, r.wiring.outputs))
    return "its (k) placeholders do not correspond to the reference step's";
  if (c.wiring.query !== r.wiring.query)
    return c.wiring.query
      ? "carries (query), the reference step does not"
      : "lacks the (query) the reference step carries";
  return null;
}

/** Why two steps cannot be aligned (different tool or intent); null when they can, with their similarity. */
function intentProblem(c: Side, r: Side, similarity: RestSimilarity, threshold: number) {
  if (c.step.tool === null) return { problem: "unknown tool", score: 0 };
  if (c.step.tool !== r.step.tool) return { problem: `tool ${c.step.tool} ≠ ${r.step.tool}`, score: 0 };
  const differ = slotDifferences(c.intent.slots, r.intent.slots);
  if (differ.length > 0) {
    const show = (side: Side, name: (typeof differ)[number]) => (side.intent.slots[name] ?? ["–"]).join("+");
    return {
      problem: `slots differ: ${differ.map((name) => `${name} ${show(c, name)} ≠ ${show(r, name)}`).join("; ")}`,
      score: 0,
    };
  }
  const score = similarity(c.intent.rest, r.intent.rest);
  if (score < threshold)
    return {
      problem: `same slots but different wording (similarity ${score.toFixed(2)} < ${threshold})`,
      score,
    };
  return { problem: null, score };
}

function edgesOf(steps: readonly MatchStep[]): Set<string> {
  const ids = new Set(steps.map((step) => step.id));
  const found = new Set<string>();
  for (const step of steps)
    for (const dep of step.depends_on) if (ids.has(dep) && dep !== step.id) found.add(`${dep}>${step.id}`);
  return found;
}

/** Edges compared through the alignment, not by raw step number, so renumbering a plan changes nothing. */
function edgeScores(candidate: readonly MatchStep[], reference: readonly MatchStep[], assigned: Assignment) {
  const wanted = edgesOf(reference);
  const given = edgesOf(candidate);
  let shared = 0;
  for (const edge of given) {
    const [from, to] = edge.split(">").map(Number);
    if (wanted.has(`${assigned.get(from ?? -1)}>${assigned.get(to ?? -1)}`)) shared++;
  }
  const f1 = given.size + wanted.size === 0 ? 1 : (2 * shared) / (given.size + wanted.size);
  return { edgePrecision: ratio(shared, given.size), edgeRecall: ratio(shared, wanted.size), edgeF1: f1 };
}

/**
 * Pairs steps one-to-one and decides which pairs match. The alignment maximises matches first, then aligned
 * pairs, then similarity; since a match depends on the alignment of the steps it depends on, the assignment is
 * repeated with the previous round's matches as a bonus until it is stable.
 * @example matchSteps(parsed.steps, reference.steps).f1
 */
export function matchSteps(
  candidate: readonly MatchStep[],
  reference: readonly MatchStep[],
  options: MatchOptions = {},
): MatchResult {
  const tools = options.tools ?? DEFAULT_TOOL_DESCRIPTIONS;
  const similarity = options.restSimilarity ?? restSimilarity;
  const { threshold, rounds } = { ...DEFAULT_MATCH_OPTIONS, ...options };
  const side = (step: MatchStep): Side => ({
    step,
    intent: readIntent(step.prompt, tools),
    wiring: wiringOf(step),
  });
  const cs = candidate.map(side);
  const rs = reference.map(side);
  const intents = cs.map((c) => rs.map((r) => intentProblem(c, r, similarity, threshold)));
  const blocks = cs.map((c) => rs.map((r) => options.blocked?.(c.step.id, r.step.id) ?? null));

  const problemOf = (i: number, j: number, assigned: Assignment): string | null => {
    const c = cs[i] as Side;
    const r = rs[j] as Side;
    return blocks[i]?.[j] ?? wiringProblem(c, r, assigned);
  };
  // Weights: a match is worth more than any number of aligned pairs, an aligned pair more than any similarity.
  const unit = Math.max(cs.length, rs.length) + 2;
  const assign = (assigned: Assignment | null): Assignment => {
    const next: Assignment = new Map();
    if (cs.length === 0 || rs.length === 0) return next;
    const cost = intents.map((row, i) =>
      row.map((cell, j) => {
        if (cell.problem !== null) return 0;
        const bonus = assigned && problemOf(i, j, assigned) === null ? unit * unit : 0;
        return -(bonus + unit + cell.score);
      }),
    );
    for (const [i, j] of munkres(cost))
      if (intents[i]?.[j]?.problem === null) next.set(cs[i]?.step.id ?? -1, rs[j]?.step.id ?? -1);
    return next;
  };
  let assigned = assign(null);
  for (let round = 0; round < rounds; round++) {
    const next = assign(assigned);
    const stable = next.size === assigned.size && [...next].every(([k, v]) => assigned.get(k) === v);
    assigned = next;
    if (stable) break;
  }

  const indexOfC = new Map(cs.map((c, i) => [c.step.id, i]));
  const indexOfR = new Map(rs.map((r, j) => [r.step.id, j]));
  const reverse = new Map([...assigned].map(([c, r]) => [r, c]));
  const pairs: StepPair[] = [];
  const disagreements: DependencyDisagreement[] = [];
  for (const [cId, rId] of assigned) {
    const i = indexOfC.get(cId) ?? -1;
    const j = indexOfR.get(rId) ?? -1;
    const reason = problemOf(i, j, assigned);
    pairs.push({
      candidate: cId,
      reference: rId,
      similarity: intents[i]?.[j]?.score ?? 0,
      matched: reason === null,
      reason,
    });
    const c = cs[i] as Side;
    const r = rs[j] as Side;
    const extra = c.step.depends_on.filter((d) => {
      const to = assigned.get(d);
      return to !== undefined && !r.step.depends_on.includes(to);
    });
    const missing = r.step.depends_on.filter((e) => {
      const from = reverse.get(e);
      return from !== undefined && !c.step.depends_on.includes(from);
    });
    if (extra.length + missing.length > 0)
      disagreements.push({ candidate: cId, reference: rId, extra, missing });
  }
  pairs.sort((a, b) => a.candidate - b.candidate);
  const matched = pairs.filter((p) => p.matched).length;

  const explain = (who: Side, index: number, isCandidate: boolean): StepExplanation => {
    const id = who.step.id;
    const partner = isCandidate ? assigned.get(id) : reverse.get(id);
    const pair = pairs.find((p) => (isCandidate ? p.candidate : p.reference) === id);
    let reason: string;
    if (pair)
      reason = pair.matched
        ? `matches, similarity ${pair.similarity.toFixed(2)}`
        : `aligned but ${pair.reason}`;
    else {
      const row = isCandidate
        ? (intents[index] ?? [])
        : intents.map((r) => r[index] ?? { problem: "", score: 0 });
      const others = isCandidate ? rs : cs;
      // The closest step on the other side by tool, for a reason a reader can act on.
      const near = row.findIndex(
        (cell, k) => others[k]?.step.tool === who.step.tool && cell.problem !== null,
      );
      reason =
        near >= 0
          ? `no step with the same intent (closest: step ${others[near]?.step.id}, ${row[near]?.problem})`
          : isCandidate
            ? `no reference step uses ${who.step.tool ?? "this tool"}`
            : "missing from the candidate";
      if (near < 0 && row.some((cell) => cell.problem === null))
        reason = "its counterpart is taken by a better pair";
    }
    return {
      side: isCandidate ? "candidate" : "reference",
      step: id,
      partner: partner ?? null,
      matched: pair?.matched ?? false,
      reason,
      slots: formatSlots(who.intent.slots),
    };
  };

  return {
    pairs,
    precision: ratio(matched, candidate.length),
    recall: ratio(matched, reference.length),
    f1: ratio(2 * matched, candidate.length + reference.length),
    ...edgeScores(candidate, reference, assigned),
    dependencyDisagreements: disagreements,
    explanations: [...cs.map((c, i) => explain(c, i, true)), ...rs.map((r, j) => explain(r, j, false))],
  };
}
