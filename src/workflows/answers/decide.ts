/** The answer judge's rules in code: gating of raw scores, the decision derived from scores, decision spelling. */
import type { GatingNote, ResponseScores } from "../../plans/answer-records.js";

export interface Gated {
  scores: Record<string, ResponseScores>;
  notes: GatingNote[];
}

/**
 * Applies the gating rules: an invalid response gets consistency 0, completeness 1 and redundancy 7; a valid but
 * inconsistent one gets completeness 1 (only a response that answers the query can be complete). Every value the
 * rules changed is returned as a note.
 */
export function applyGating(raw: Readonly<Record<string, ResponseScores>>): Gated {
  const scores: Record<string, ResponseScores> = {};
  const notes: GatingNote[] = [];
  for (const [label, value] of Object.entries(raw)) {
    const gated =
      value.validity === 0
        ? { ...value, consistency: 0 as const, completeness: 1, redundancy: 7 }
        : value.consistency === 0
          ? { ...value, completeness: 1 }
          : { ...value };
    for (const field of ["consistency", "completeness", "redundancy"] as const) {
      if (gated[field] !== value[field]) notes.push({ label, field, raw: value[field], gated: gated[field] });
    }
    scores[label] = gated;
  }
  return { scores, notes };
}

export interface Decision {
  decision: string;
  winners: string[];
}

/**
 * The decision from gated scores: responses with validity 0 or consistency 0 drop out; none left → "Neither";
 * else the best by (completeness, redundancy), higher first; every response tied for best → "All"; otherwise the
 * tied labels joined by commas in `labels` order (one label, or a pair such as "R1,R3").
 */
export function decide(
  scores: Readonly<Record<string, ResponseScores>>,
  labels: readonly string[],
): Decision {
  const remaining = labels.filter(
    (label) => scores[label]?.validity === 1 && scores[label]?.consistency === 1,
  );
  if (remaining.length === 0) return { decision: "Neither", winners: [] };
  const key = (label: string) => [scores[label]?.completeness ?? 0, scores[label]?.redundancy ?? 0] as const;
  const better = (a: readonly [number, number], b: readonly [number, number]) =>
    a[0] !== b[0] ? a[0] > b[0] : a[1] > b[1];
  let best = key(remaining[0] as string);
  for (const label of remaining) if (better(key(label), best)) best = key(label);
  const winners = remaining.filter((label) => key(label)[0] === best[0] && key(label)[1] === best[1]);
  return { decision: winners.length === labels.length ? "All" : winners.join(","), winners };
}

/** The labels a decision names: all of them for "All", none for "Neither". */
export function decisionWinners(decision: string, labels: readonly string[]): string[] {
  if (decision === "All") return [...labels];
  if (decision === "Neither") return [];
  return decision.split(",");
}

/**
 * Reads a decision the way the judge may spell it ("r3, R1", "all", "R1,R2,R3") into its one canonical form, or
 * null when it is not a decision over these labels. Only spelling is forgiven: the set it names must be exact.
 */
export function normaliseDecision(text: string, labels: readonly string[]): string | null {
  const trimmed = text.trim();
  if (/^all$/i.test(trimmed)) return "All";
  if (/^neither$/i.test(trimmed)) return "Neither";
  const named = new Set<string>();
  for (const part of trimmed.split(",")) {
    const label = labels.find((candidate) => candidate.toLowerCase() === part.trim().toLowerCase());
    if (label === undefined || named.has(label)) return null;
    named.add(label);
  }
  if (named.size === labels.length) return "All";
  return labels.filter((label) => named.has(label)).join(",");
}
