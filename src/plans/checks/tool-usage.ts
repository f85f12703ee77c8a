/** Tool-usage completeness: where the reference runs one prompt through two tools, the plan needs both halves or neither. */
import type { StepLike } from "../model.js";
import { samePromptKey } from "../text.js";
import { type Violation, violation } from "../violations.js";

const pairsOf = new WeakMap<readonly StepLike[], [number, number][]>();

/** Pairs of reference steps with the same prompt and different tools, as [step id, step id]. */
export function toolPairs(reference: readonly StepLike[]): [number, number][] {
  const cached = pairsOf.get(reference);
  if (cached) return cached;
  const keys = reference.map((step) => samePromptKey(step.prompt));
  const pairs: [number, number][] = [];
  reference.forEach((a, i) => {
    reference.forEach((b, j) => {
      if (j > i && a.tool !== b.tool && keys[i] !== "" && keys[i] === keys[j]) pairs.push([a.id, b.id]);
    });
  });
  // A reference is scored against thousands of plans and never mutated, so its pairs are worked out once.
  pairsOf.set(reference, pairs);
  return pairs;
}

/**
 * "Present" is `MatchResult.present`: a candidate step asking the reference step's question through its tool
 * (docs/plan-matching.md, section 1). The violation goes to the candidate step holding the half that is there.
 */
export function checkToolUsage(
  reference: readonly StepLike[],
  present: ReadonlyMap<number, number>,
): Violation[] {
  const matchOf = present;
  const tools = new Map(reference.map((step) => [step.id, step.tool]));
  return toolPairs(reference).flatMap(([a, b]) => {
    const inA = matchOf.get(a);
    const inB = matchOf.get(b);
    if ((inA === undefined) === (inB === undefined)) return [];
    const [present, missing] = inA !== undefined ? [inA, b] : [inB ?? -1, a];
    return [
      violation(
        present,
        "incomplete-tool-pair",
        `the reference also runs this prompt through ${tools.get(missing)} (its step ${missing})`,
      ),
    ];
  });
}
