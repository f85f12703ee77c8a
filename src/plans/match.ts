/**
 * matchSteps: the one-shot evaluator's matching rule (docs/plan-matching.md). An optimal one-to-one alignment of
 * candidate and reference steps by tool and intent, then a match where format, placeholders and dependencies
 * also correspond under that alignment; precision, recall and F1 count matches.
 */
import { munkres } from "munkres";
import { planIntents } from "./intent/context.js";
import {
  formatSlots,
  type Intent,
  intentOf,
  oppositeValence,
  readIntent,
  restCompatible,
  restSimilarity,
  slotDifferences,
  slotDistance,
} from "./intent/slots.js";
import { tokens } from "./intent/tokens.js";
import type { Placeholder, StepLike } from "./model.js";
import { readPromptPlaceholders } from "./placeholders.js";
import { DEFAULT_TOOL_DESCRIPTIONS, type ToolDescriptions } from "./tool-descriptions.js";

/** Similarity of two prompts in [0, 1] for the words the slots leave; pluggable (an embedding can take it). */
export type RestSimilarity = (candidate: readonly string[], reference: readonly string[]) => number;

/** The similarity in use, and whether the content rule applies too (only with the default similarity). */
interface Similarity {
  of: RestSimilarity;
  contentRule: boolean;
}

export interface MatchOptions {
  /** Where slot phrases come from; default: corpus/plans/tools.yaml. */
  tools?: ToolDescriptions;
  restSimilarity?: RestSimilarity;
  /**
   * Same-slot steps whose remaining words are at least this similar always align, even where the content rule
   * (`restCompatible`) would keep them apart. With a pluggable `restSimilarity` (an embedding) the threshold alone
   * decides, so the plug-in is what is measured.
   */
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
  /**
   * For tool-usage completeness: per reference step, the candidate step that asks its question through its tool
   * — the aligned step, else one with the same tool and wording whose slots differ. "Does the plan run this
   * question through T2S?" does not depend on whether the step also repeats a filter.
   */
  present: Map<number, number>;
  /** Each step of both plans with its partner and reason; built on demand (scoring thousands of plans needs none). */
  explain: () => StepExplanation[];
}

interface Wiring {
  outputs: Set<number>;
  query: boolean;
}

/** Reference steps are matched against thousands of plans and never mutated: their wiring is read once. */
const wirings = new WeakMap<MatchStep, Wiring>();

function wiringOf(step: MatchStep): Wiring {
  const cached = wirings.get(step);
  if (cached) return cached;
  const wiring = readWiring(step);
  wirings.set(step, wiring);
  return wiring;
}

function readWiring(step: MatchStep): Wiring {
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
  /** The step's intent within its plan (intent/context.ts). */
  intent: Intent;
  /** The prompt's own intent, read alone. */
  own: Intent;
  wiring: Wiring;
}

/** The reverse of each assignment, built once per assignment (the wiring check asks for it per aligned pair). */
const reverses = new WeakMap<Assignment, Assignment>();

function reverseOf(assigned: Assignment): Assignment {
  let reverse = reverses.get(assigned);
  if (!reverse) {
    reverse = new Map([...assigned].map(([c, r]) => [r, c]));
    reverses.set(assigned, reverse);
  }
  return reverse;
}

/**
 * Whether candidate sources (mapped to reference ids) correspond to a reference step's sources. Each aligned
 * reference source must be among them. A reference source no candidate step stands for is missing, and the step
 * reading it cannot match — except when that source only extracts ids for it (an LLM step reading a RAG table):
 * "T2S((2), …)" reading the RAG output when the extraction step between is missing altogether is that missing
 * step, which recall counts, not a second, wrong wire (docs/plan-matching.md, section 1). A step that absorbs
 * missing steps which reason (summaries, comparisons) merges them and still does not match.
 */
function sourcesCorrespond(
  given: ReadonlySet<number>,
  wanted: Iterable<number>,
  reverse: Assignment,
  refById: ReadonlyMap<number, Side>,
): boolean {
  const allowed = new Set<number>();
  for (const source of wanted) {
    allowed.add(source);
    if (reverse.has(source)) {
      if (!given.has(source)) return false;
      continue;
    }
    const behind = behindExtraction(source, reverse, refById);
    if (![...behind].some((id) => given.has(id))) return false;
    for (const id of behind) allowed.add(id);
  }
  for (const id of given) if (!allowed.has(id)) return false;
  return true;
}

/** An LLM step whose role is to extract ids for a later step: it passes its input's population on, computing nothing. */
function extractsIds(side: Side | undefined): boolean {
  return side?.step.tool === "LLM" && (side.intent.slots.aggregation?.includes("ids") ?? false);
}

/** The aligned reference steps an unaligned extraction step reads, through further unaligned extractions. */
function behindExtraction(
  from: number,
  reverse: Assignment,
  refById: ReadonlyMap<number, Side>,
): Set<number> {
  const found = new Set<number>();
  if (!extractsIds(refById.get(from))) return found;
  const seen = new Set<number>([from]);
  const queue = [from];
  while (queue.length > 0) {
    const id = queue.shift() as number;
    for (const dep of refById.get(id)?.step.depends_on ?? []) {
      if (seen.has(dep)) continue;
      seen.add(dep);
      if (reverse.has(dep)) found.add(dep);
      else if (extractsIds(refById.get(dep))) queue.push(dep);
    }
  }
  return found;
}

/** Why the wiring of an aligned pair does not correspond under the alignment; null when it does. */
function wiringProblem(
  c: Side,
  r: Side,
  assigned: Assignment,
  refById: ReadonlyMap<number, Side>,
): string | null {
  const deps = mapped(c.step.depends_on, assigned);
  if (deps === null) return "depends on a step that corresponds to no reference step";
  const reverse = reverseOf(assigned);
  if (!sourcesCorrespond(deps, r.step.depends_on, reverse, refById))
    return `dependencies [${c.step.depends_on.join(", ")}] correspond to [${[...deps].join(", ")}], the reference step has [${r.step.depends_on.join(", ")}]`;
  const outputs = mapped(c.wiring.outputs, assigned);
  if (outputs === null || !sourcesCorrespond(outputs, r.wiring.outputs, reverse, refById))
    return "its (k) placeholders do not correspond to the reference step's";
  if (c.wiring.query !== r.wiring.query)
    return c.wiring.query
      ? "carries (query), the reference step does not"
      : "lacks the (query) the reference step carries";
  return null;
}

interface IntentCell {
  aligned: boolean;
  score: number;
  /** How far apart the two intents are, to name the closest step in --explain: differing slots, else 1 − score. */
  distance: number;
}

const FAR: IntentCell = { aligned: false, score: 0, distance: Number.POSITIVE_INFINITY };

/**
 * Whether two steps can be aligned: same tool, same slots, and remaining words that can be one request in two
 * wordings. The similarity only ranks the pairs that can be aligned. Text only on demand.
 */
function intentCell(c: Side, r: Side, similarity: Similarity, threshold: number): IntentCell {
  if (c.step.tool === null || c.step.tool !== r.step.tool) return FAR;
  // In context, or else as written: an unwired step restating its filters ("RAG([], 'why … refund …')") asks
  // what its reference counterpart asks of its inputs; it aligns, and the wiring check then tells them apart.
  const [a, b] =
    c.intent.slotKey === r.intent.slotKey || teamNamedInWords(c, r)
      ? [c.intent, r.intent]
      : c.own.slotKey === r.own.slotKey
        ? [c.own, r.own]
        : [null, null];
  if (!a || !b) return { aligned: false, score: 0, distance: slotDistance(c.intent.slots, r.intent.slots) };
  const score = similarity.of(a.rest, b.rest);
  const aligned = similarity.contentRule
    ? !opposed(a, b, c.step.tool) && (score >= threshold || restCompatible(a, b, c.step.tool))
    : score >= threshold;
  return { aligned, score, distance: aligned ? 0 : 1 - score };
}

/** Opposite valence (praise vs complaints) tells two questions apart; an LLM step's words never decide. */
function opposed(a: Intent, b: Intent, tool: string | null): boolean {
  return tool !== "LLM" && oppositeValence(a, b);
}

/** The intent's slot key with the team left out, per intent (the intents are cached and never mutated). */
const keysWithoutTeam = new WeakMap<Intent, string>();

function keyWithoutTeam(intent: Intent): string {
  let key = keysWithoutTeam.get(intent);
  if (key === undefined) {
    key = intentOf({ ...intent.slots, team: undefined }, []).slotKey;
    keysWithoutTeam.set(intent, key);
  }
  return key;
}

/** A prompt's tokens joined by spaces and padded, per prompt, for finding a name's words in it. */
const spelled = new Map<string, string>();

function spelledOut(prompt: string): string {
  let text = spelled.get(prompt);
  if (text === undefined) {
    text = ` ${tokens(prompt).join(" ")} `;
    if (spelled.size >= 20_000) spelled.clear();
    spelled.set(prompt, text);
  }
  return text;
}

/**
 * A team named on one side only, in words the other side also says (docs/plan-matching.md, section 1, "a name said
 * in another construction"): "calls to the mortgage line" and "mortgage-line calls", "handled by the Billing
 * Support team" and "handled by Billing Support" name one team; the reader finds the name only where a head noun
 * or an article marks it. Every slot but the team must agree, and each team value of one side must be named there
 * or appear, word for word, in the other side's prompt; two different teams named on both sides stay two teams.
 */
function teamNamedInWords(c: Side, r: Side): boolean {
  const ct = c.intent.slots.team;
  const rt = r.intent.slots.team;
  if (ct === undefined && rt === undefined) return false;
  if (keyWithoutTeam(c.intent) !== keyWithoutTeam(r.intent)) return false;
  const namedIn = (values: readonly string[], other: readonly string[] | undefined, prompt: string) =>
    values.every(
      (team) => other?.includes(team) || spelledOut(prompt).includes(` ${tokens(team).join(" ")} `),
    );
  return namedIn(ct ?? [], rt, r.step.prompt) && namedIn(rt ?? [], ct, c.step.prompt);
}

/** Why two steps cannot be aligned, in words. */
function intentProblem(c: Side, r: Side, cell: IntentCell, threshold: number): string {
  if (c.step.tool === null) return "unknown tool";
  if (c.step.tool !== r.step.tool) return `tool ${c.step.tool} ≠ ${r.step.tool}`;
  const differ = slotDifferences(c.intent.slots, r.intent.slots);
  if (differ.length > 0) {
    const show = (side: Side, name: (typeof differ)[number]) => (side.intent.slots[name] ?? ["–"]).join("+");
    return `slots differ: ${differ.map((name) => `${name} ${show(c, name)} ≠ ${show(r, name)}`).join("; ")}`;
  }
  return `same slots but the remaining words share nothing (${c.intent.rest.join(" ") || "–"} vs ${r.intent.rest.join(" ") || "–"}; similarity ${cell.score.toFixed(2)} < ${threshold})`;
}

/** Edges as numbers (from × 2^16 + to): plans have a handful of steps, and string keys cost in the hot path. */
const EDGE = 65_536;

function edgesOf(steps: readonly MatchStep[]): Set<number> {
  const ids = new Set<number>();
  for (const step of steps) ids.add(step.id);
  const found = new Set<number>();
  for (const step of steps)
    for (const dep of step.depends_on) if (ids.has(dep) && dep !== step.id) found.add(dep * EDGE + step.id);
  return found;
}

/** Edges compared through the alignment, not by raw step number, so renumbering a plan changes nothing. */
function edgeScores(candidate: readonly MatchStep[], reference: readonly MatchStep[], assigned: Assignment) {
  const wanted = edgesOf(reference);
  const given = edgesOf(candidate);
  let shared = 0;
  for (const edge of given) {
    const from = assigned.get(Math.floor(edge / EDGE));
    const to = assigned.get(edge % EDGE);
    if (from !== undefined && to !== undefined && wanted.has(from * EDGE + to)) shared++;
  }
  const f1 = given.size + wanted.size === 0 ? 1 : (2 * shared) / (given.size + wanted.size);
  return { edgePrecision: ratio(shared, given.size), edgeRecall: ratio(shared, wanted.size), edgeF1: f1 };
}

/** Reference steps reachable backwards from `start` through steps no candidate step is aligned with. */
function behindMissing(
  start: readonly number[],
  reverse: Assignment,
  refById: ReadonlyMap<number, Side>,
): Set<number> {
  const seen = new Set<number>();
  const queue = start.filter((id) => !reverse.has(id));
  while (queue.length > 0) {
    const id = queue.shift() as number;
    for (const dep of refById.get(id)?.step.depends_on ?? []) {
      if (seen.has(dep)) continue;
      seen.add(dep);
      if (!reverse.has(dep)) queue.push(dep);
    }
  }
  return seen;
}

/**
 * Dependencies of an aligned pair that differ under `wires`. A dependency on an earlier stage, because the step in
 * between is missing altogether, is a missing step (recall counts it), not a wrong wire — unless one of the
 * candidate's own dependencies corresponds to nothing and so stands in for the missing step.
 */
function dependencyDifferences(
  c: Side,
  r: Side,
  wires: Assignment,
  wiresBack: Assignment,
  refById: ReadonlyMap<number, Side>,
): { extra: number[]; missing: number[] } {
  const standIn = c.step.depends_on.some((d) => !wires.has(d));
  const skipped = standIn ? new Set<number>() : behindMissing(r.step.depends_on, wiresBack, refById);
  const extra = c.step.depends_on.filter((d) => {
    const to = wires.get(d);
    return to !== undefined && !r.step.depends_on.includes(to) && !skipped.has(to);
  });
  const missing = r.step.depends_on.filter((e) => {
    const from = wiresBack.get(e);
    return from !== undefined && !c.step.depends_on.includes(from);
  });
  return { extra, missing };
}

/** The alignment plus, for steps left out of it, the nearest step of the same tool at most one slot apart. */
function nearPairs(m: Matching, assigned: Assignment): Assignment {
  const wires = new Map(assigned);
  const taken = new Set(assigned.values());
  m.cs.forEach((c, i) => {
    if (wires.has(c.step.id)) return;
    let best = -1;
    m.rs.forEach((r, j) => {
      const cell = m.intents[i]?.[j] ?? FAR;
      if (taken.has(r.step.id) || cell.distance > 1) return;
      if (best < 0 || cell.distance < (m.intents[i]?.[best]?.distance ?? Number.POSITIVE_INFINITY)) best = j;
    });
    const r = m.rs[best];
    if (!r) return;
    wires.set(c.step.id, r.step.id);
    taken.add(r.step.id);
  });
  return wires;
}

/**
 * The looser notion behind tool-usage completeness: the same tool asking the same question (the same measure and
 * aggregation, similar words), whatever population filters it repeats or lacks.
 */
function asksTheSame(c: Side, r: Side, similarity: Similarity, threshold: number): boolean {
  if (c.step.tool !== r.step.tool) return false;
  const same = (name: "aggregation" | "metric") =>
    (c.intent.slots[name] ?? []).join("|") === (r.intent.slots[name] ?? []).join("|");
  const score = similarity.of(c.intent.rest, r.intent.rest);
  return (
    same("aggregation") &&
    same("metric") &&
    (similarity.contentRule
      ? !opposed(c.intent, r.intent, c.step.tool) &&
        (score >= threshold || restCompatible(c.intent, r.intent, c.step.tool))
      : score >= threshold)
  );
}

function countAligned(cells: readonly IntentCell[]): number {
  let n = 0;
  for (const cell of cells) if (cell.aligned) n++;
  return n;
}

/** One matching problem; a class rather than closures, since it runs for every scored plan. */
class Matching {
  readonly cs: Side[];
  readonly rs: Side[];
  readonly intents: IntentCell[][];
  readonly refById: ReadonlyMap<number, Side>;
  private readonly blocks = new Map<number, string | null>();
  /** When no step could be aligned with two others, the aligned pairs are the only assignment. */
  readonly forced: boolean;
  /** A match is worth more than any number of aligned pairs, an aligned pair more than any similarity. */
  private readonly unit: number;

  constructor(
    candidate: readonly MatchStep[],
    reference: readonly MatchStep[],
    readonly tools: ToolDescriptions,
    readonly similarity: Similarity,
    readonly threshold: number,
    private readonly blocked: MatchOptions["blocked"],
  ) {
    const candidateIntents = planIntents(candidate, tools);
    const referenceIntents = planIntents(reference, tools);
    this.cs = candidate.map((step, i) => ({
      step,
      intent: candidateIntents[i] as Intent,
      own: readIntent(step.prompt, tools),
      wiring: wiringOf(step),
    }));
    this.rs = reference.map((step, i) => ({
      step,
      intent: referenceIntents[i] as Intent,
      own: readIntent(step.prompt, tools),
      wiring: wiringOf(step),
    }));
    this.refById = new Map(this.rs.map((r) => [r.step.id, r]));
    this.intents = this.cs.map((c) => this.rs.map((r) => intentCell(c, r, similarity, threshold)));
    this.unit = Math.max(this.cs.length, this.rs.length) + 2;
    this.forced =
      this.intents.every((row) => countAligned(row) <= 1) &&
      this.rs.every((_, j) => countAligned(this.intents.map((row) => row[j] ?? FAR)) <= 1);
  }

  /** Only aligned pairs are ever asked whether a format flaw blocks them, so the answer is worked out lazily. */
  private blockOf(i: number, j: number): string | null {
    if (!this.blocked) return null;
    const key = i * this.rs.length + j;
    let block = this.blocks.get(key);
    if (block === undefined) {
      block = this.blocked(this.cs[i]?.step.id ?? -1, this.rs[j]?.step.id ?? -1);
      this.blocks.set(key, block);
    }
    return block;
  }

  problemOf(i: number, j: number, assigned: Assignment): string | null {
    return (
      this.blockOf(i, j) ?? wiringProblem(this.cs[i] as Side, this.rs[j] as Side, assigned, this.refById)
    );
  }

  assign(assigned: Assignment | null): Assignment {
    const next: Assignment = new Map();
    if (this.cs.length === 0 || this.rs.length === 0) return next;
    if (this.forced) {
      this.intents.forEach((row, i) => {
        const j = row.findIndex((cell) => cell.aligned);
        if (j >= 0) next.set(this.cs[i]?.step.id ?? -1, this.rs[j]?.step.id ?? -1);
      });
      return next;
    }
    const unit = this.unit;
    const cost = this.intents.map((row, i) =>
      row.map((cell, j) => {
        if (!cell.aligned) return 0;
        const bonus = assigned && this.problemOf(i, j, assigned) === null ? unit * unit : 0;
        return -(bonus + unit + cell.score);
      }),
    );
    for (const [i, j] of munkres(cost))
      if (this.intents[i]?.[j]?.aligned) next.set(this.cs[i]?.step.id ?? -1, this.rs[j]?.step.id ?? -1);
    return next;
  }

  explainStep(
    who: Side,
    index: number,
    isCandidate: boolean,
    assigned: Assignment,
    reverse: Assignment,
    pairs: readonly StepPair[],
  ): StepExplanation {
    const id = who.step.id;
    const partner = isCandidate ? assigned.get(id) : reverse.get(id);
    const pair = pairs.find((p) => (isCandidate ? p.candidate : p.reference) === id);
    let reason: string;
    if (pair)
      reason = pair.matched
        ? `matches, similarity ${pair.similarity.toFixed(2)}`
        : `aligned but ${pair.reason}`;
    else {
      const row = isCandidate ? (this.intents[index] ?? []) : this.intents.map((r) => r[index] ?? FAR);
      const others = isCandidate ? this.rs : this.cs;
      // The closest step on the other side with the same tool, for a reason a reader can act on.
      let near = -1;
      row.forEach((cell, k) => {
        if (others[k]?.step.tool !== who.step.tool || cell.aligned) return;
        if (near < 0 || cell.distance < (row[near]?.distance ?? Number.POSITIVE_INFINITY)) near = k;
      });
      if (near >= 0) {
        // Told from the candidate's side: candidate value first, reference value second.
        const [c, r] = isCandidate ? [who, this.rs[near] as Side] : [this.cs[near] as Side, who];
        const problem = intentProblem(c, r, row[near] ?? FAR, this.threshold);
        reason = `no step with the same intent (closest: step ${others[near]?.step.id}, ${problem})`;
      } else if (row.some((cell) => cell.aligned)) reason = "its counterpart is taken by a better pair";
      else
        reason = isCandidate
          ? `no reference step uses ${who.step.tool ?? "this tool"}`
          : "missing from the candidate";
    }
    return {
      side: isCandidate ? "candidate" : "reference",
      step: id,
      partner: partner ?? null,
      matched: pair?.matched ?? false,
      reason,
      slots: formatSlots(who.intent.slots),
    };
  }
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
  const { threshold, rounds } = { ...DEFAULT_MATCH_OPTIONS, ...options };
  const similarity: Similarity = options.restSimilarity
    ? { of: options.restSimilarity, contentRule: false }
    : { of: restSimilarity, contentRule: true };
  const m = new Matching(
    candidate,
    reference,
    options.tools ?? DEFAULT_TOOL_DESCRIPTIONS,
    similarity,
    threshold,
    options.blocked,
  );
  const { cs, rs, intents } = m;
  let assigned = m.assign(null);
  for (let round = 0; round < (m.forced ? 0 : rounds); round++) {
    const next = m.assign(assigned);
    const stable = next.size === assigned.size && [...next].every(([k, v]) => assigned.get(k) === v);
    assigned = next;
    if (stable) break;
  }

  const indexOfC = new Map(cs.map((c, i) => [c.step.id, i]));
  const indexOfR = new Map(rs.map((r, j) => [r.step.id, j]));
  const reverse: Assignment = new Map([...assigned].map(([c, r]) => [r, c]));
  const refById = m.refById;
  // Dependencies are compared through the alignment widened by near pairs (same tool, one slot apart), so an
  // unneeded dependency on a step that is itself slightly wrong is seen now, not only once that step is fixed.
  const wires = nearPairs(m, assigned);
  const wiresBack: Assignment = new Map([...wires].map(([c, r]) => [r, c]));
  const pairs: StepPair[] = [];
  const disagreements: DependencyDisagreement[] = [];
  for (const [cId, rId] of assigned) {
    const i = indexOfC.get(cId) ?? -1;
    const j = indexOfR.get(rId) ?? -1;
    const reason = m.problemOf(i, j, assigned);
    pairs.push({
      candidate: cId,
      reference: rId,
      similarity: intents[i]?.[j]?.score ?? 0,
      matched: reason === null,
      reason,
    });
    const c = cs[i] as Side;
    const r = rs[j] as Side;
    const { extra, missing } = dependencyDifferences(c, r, wires, wiresBack, refById);
    if (extra.length + missing.length > 0)
      disagreements.push({ candidate: cId, reference: rId, extra, missing });
  }
  pairs.sort((a, b) => a.candidate - b.candidate);
  const matched = pairs.filter((p) => p.matched).length;

  const present = new Map(reverse);
  for (const r of rs) {
    if (present.has(r.step.id)) continue;
    const found = cs.find((c) => !assigned.has(c.step.id) && asksTheSame(c, r, similarity, threshold));
    if (found) present.set(r.step.id, found.step.id);
  }

  return {
    pairs,
    present,
    precision: ratio(matched, candidate.length),
    recall: ratio(matched, reference.length),
    f1: ratio(2 * matched, candidate.length + reference.length),
    ...edgeScores(candidate, reference, assigned),
    dependencyDisagreements: disagreements,
    explain: () => [
      ...cs.map((c, i) => m.explainStep(c, i, true, assigned, reverse, pairs)),
      ...rs.map((r, j) => m.explainStep(r, j, false, assigned, reverse, pairs)),
    ],
  };
}
