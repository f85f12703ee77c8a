/**
 * Simulated repeated runs for the statistics' tests: K attempts at each (case, protocol) with a known pass
 * probability, drawn from a seeded generator, so the estimators can be checked against the values that were set.
 */
import type { Attempt } from "../metrics/attempts.js";

export const PROTOCOLS_3 = ["json", "xml", "plain"] as const;

/** One (case, protocol) with the chance that an attempt at it passes. */
export interface SimulatedUnit {
  case_id: string;
  protocol: string;
  p: number;
}

/** `cases` cases × the protocols, with every protocol of case i sharing the probability `probability(i)`. */
export function simulatedCorpus(
  cases: number,
  probability: (caseIndex: number) => number,
  protocols: readonly string[] = PROTOCOLS_3,
): SimulatedUnit[] {
  return Array.from({ length: cases }, (_, i) => {
    const p = probability(i);
    return protocols.map((protocol) => ({ case_id: `case-${String(i).padStart(4, "0")}`, protocol, p }));
  }).flat();
}

/** K independent attempts at every unit, attempt indices 0 … K−1. */
export function drawAttempts(
  units: readonly SimulatedUnit[],
  repeats: number,
  random: () => number,
): Attempt[] {
  const attempts: Attempt[] = [];
  for (let attempt = 0; attempt < repeats; attempt++)
    for (const unit of units)
      attempts.push({ case_id: unit.case_id, protocol: unit.protocol, attempt, passed: random() < unit.p });
  return attempts;
}
