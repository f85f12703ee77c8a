/** Pairs two runs' records per (case, protocol): the 2×2 pass/fail tables and flips a paired test needs. */
import { PROTOCOLS } from "../cases/schema.js";
import { mcnemarExact } from "./mcnemar.js";

/** The part of a run record pairing reads. */
export interface PairableRecord {
  id: string;
  protocol: string;
  status: "scored" | "error";
  verdict: { passed: boolean } | null;
}

export interface PairedCase {
  id: string;
  protocol: string;
}

export interface PairedTable {
  /** (case, protocol) pairs scored in both runs. */
  pairs: number;
  both_passed: number;
  both_failed: number;
  /** Passed in A, failed in B (McNemar's b). */
  a_passed_b_failed: PairedCase[];
  /** Failed in A, passed in B (McNemar's c). */
  a_failed_b_passed: PairedCase[];
  /** Exact two-sided McNemar p-value on the discordant pairs. */
  p_value: number;
}

export interface PairedComparison {
  overall: PairedTable;
  by_protocol: Record<string, PairedTable>;
  /** Pairs left out because a record errored (errors are never scored, so they cannot be paired). */
  excluded: { error_in_a: number; error_in_b: number; error_in_both: number };
  /** Records present in only one of the runs (different protocols, filters or corpora). */
  unpaired: { only_in_a: number; only_in_b: number };
}

interface Tally {
  pairs: number;
  both_passed: number;
  both_failed: number;
  a_passed_b_failed: PairedCase[];
  a_failed_b_passed: PairedCase[];
}

const emptyTally = (): Tally => ({
  pairs: 0,
  both_passed: 0,
  both_failed: 0,
  a_passed_b_failed: [],
  a_failed_b_passed: [],
});

function finish(t: Tally): PairedTable {
  return { ...t, p_value: mcnemarExact(t.a_passed_b_failed.length, t.a_failed_b_passed.length) };
}

const key = (r: { id: string; protocol: string }) => `${r.id}\u0000${r.protocol}`;

function tallyPair(target: Tally[], pair: PairedCase, passedA: boolean, passedB: boolean): void {
  for (const t of target) {
    t.pairs++;
    if (passedA && passedB) t.both_passed++;
    else if (!passedA && !passedB) t.both_failed++;
    else if (passedA) t.a_passed_b_failed.push(pair);
    else t.a_failed_b_passed.push(pair);
  }
}

/** Pairs A's records with B's, in A's order (case order, then protocol order); the p-values are exact. */
export function pairRuns(a: readonly PairableRecord[], b: readonly PairableRecord[]): PairedComparison {
  const inB = new Map(b.map((r) => [key(r), r]));
  const overall = emptyTally();
  const byProtocol = new Map<string, Tally>();
  const excluded = { error_in_a: 0, error_in_b: 0, error_in_both: 0 };
  let paired = 0;
  for (const recordA of a) {
    const recordB = inB.get(key(recordA));
    if (!recordB) continue;
    paired++;
    const okA = recordA.status === "scored" && recordA.verdict !== null;
    const okB = recordB.status === "scored" && recordB.verdict !== null;
    if (!okA || !okB) {
      if (!okA && !okB) excluded.error_in_both++;
      else if (!okA) excluded.error_in_a++;
      else excluded.error_in_b++;
      continue;
    }
    const protocolTally = byProtocol.get(recordA.protocol) ?? emptyTally();
    byProtocol.set(recordA.protocol, protocolTally);
    const pair = { id: recordA.id, protocol: recordA.protocol };
    tallyPair(
      [overall, protocolTally],
      pair,
      recordA.verdict?.passed === true,
      recordB.verdict?.passed === true,
    );
  }
  const order = PROTOCOLS as readonly string[];
  const rank = (p: string) => (order.includes(p) ? order.indexOf(p) : order.length);
  const protocols = [...byProtocol.keys()].sort((x, y) => rank(x) - rank(y) || (x < y ? -1 : x > y ? 1 : 0));
  return {
    overall: finish(overall),
    by_protocol: Object.fromEntries(protocols.map((p) => [p, finish(byProtocol.get(p) ?? emptyTally())])),
    excluded,
    unpaired: { only_in_a: a.length - paired, only_in_b: b.length - paired },
  };
}
