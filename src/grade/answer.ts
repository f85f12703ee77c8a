/**
 * Answer constraints of no-call cases. `unmetConstraints` is the 2.0 rule (word boundaries, numbers by value,
 * folded dashes and quotes: src/cases/constraint.ts); `unmetConstraintsAsSubstrings` is SPEC 1.0 §3.3 to the
 * letter (case-insensitive substrings), for the spec1 profile.
 */
import { type CompiledConstraint, compileConstraint, foldAnswer } from "../cases/constraint.js";
import type { AnswerConstraint } from "../cases/schema.js";

export interface AnswerConstraints {
  answer_contains_all?: readonly AnswerConstraint[] | undefined;
  answer_contains_any?: readonly AnswerConstraint[] | undefined;
}

interface Compiled {
  all: readonly CompiledConstraint[];
  any: readonly CompiledConstraint[];
}

// Keyed by the expectation object: each case's constraints compile once per process, however often it is graded.
const compiledCache = new WeakMap<AnswerConstraints, Compiled>();

function compiled(constraints: AnswerConstraints): Compiled {
  let entry = compiledCache.get(constraints);
  if (entry === undefined) {
    entry = {
      all: (constraints.answer_contains_all ?? []).map((c) => compileConstraint(c)),
      any: (constraints.answer_contains_any ?? []).map((c) => compileConstraint(c)),
    };
    compiledCache.set(constraints, entry);
  }
  return entry;
}

export function hasConstraints(constraints: AnswerConstraints): boolean {
  return (
    (constraints.answer_contains_all?.length ?? 0) > 0 || (constraints.answer_contains_any?.length ?? 0) > 0
  );
}

/** The constraints a prose answer fails, as readable strings; empty when it satisfies them all. */
export function unmetConstraints(prose: string, constraints: AnswerConstraints): string[] {
  return unmetOf(compiled(constraints), foldAnswer(prose));
}

function unmetOf({ all, any }: Compiled, text: string): string[] {
  const unmet = all.filter((constraint) => !constraint.test(text)).map((c) => `missing ${c.label}`);
  if (any.length > 0 && !any.some((constraint) => constraint.test(text))) {
    unmet.push(`none of ${any.map((c) => c.label).join(", ")}`);
  }
  return unmet;
}

/**
 * True when the answer meets its constraints only because a number written with grouping ("1,024", "1 440") counts
 * as the constraint's number: the `answer=grouped_number` leniency (docs/spec-conformance.md, "Leniencies").
 */
export function metThroughGrouping(prose: string, constraints: AnswerConstraints): boolean {
  // Most answers hold no grouped number: they are told without folding the text or compiling anything again.
  if (!GROUPED_DIGITS.test(prose)) return false;
  const text = foldAnswer(prose);
  return unmetOf(compiled(constraints), text).length === 0 && unmetOf(literal(constraints), text).length > 0;
}

/**
 * Digits with a group separator and three more digits ("1,024", "1 440", a no-break or thin space, full-width forms
 * that NFKC folds to these): a superset of what the constraint's number matcher reads as grouped.
 */
const GROUPED_DIGITS = /\p{Nd}[ ,，\u00a0\u202f\u2009]\p{Nd}{3}/u;

// The constraints reading only ungrouped numbers, compiled on the first answer that holds a grouped one.
const literalCache = new WeakMap<AnswerConstraints, Compiled>();

function literal(constraints: AnswerConstraints): Compiled {
  let entry = literalCache.get(constraints);
  if (entry === undefined) {
    entry = {
      all: (constraints.answer_contains_all ?? []).map((c) => compileConstraint(c, "ungrouped")),
      any: (constraints.answer_contains_any ?? []).map((c) => compileConstraint(c, "ungrouped")),
    };
    literalCache.set(constraints, entry);
  }
  return entry;
}

function fold1(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/ё/g, "е").replace(/\s+/g, " ");
}

function alternatives(constraint: AnswerConstraint): readonly string[] {
  return typeof constraint === "string" ? [constraint] : constraint;
}

/** SPEC 1.0 §3.3: case-insensitive substrings (a list of alternatives passes when any one is found). */
export function unmetConstraintsAsSubstrings(prose: string, constraints: AnswerConstraints): string[] {
  const text = fold1(prose);
  const found = (constraint: AnswerConstraint) =>
    alternatives(constraint).some((s) => text.includes(fold1(s)));
  const label = (constraint: AnswerConstraint) =>
    alternatives(constraint)
      .map((s) => `"${s}"`)
      .join(" or ");
  const unmet = (constraints.answer_contains_all ?? [])
    .filter((c) => !found(c))
    .map((c) => `missing ${label(c)}`);
  const any = constraints.answer_contains_any ?? [];
  if (any.length > 0 && !any.some(found)) unmet.push(`none of ${any.map(label).join(", ")}`);
  return unmet;
}
