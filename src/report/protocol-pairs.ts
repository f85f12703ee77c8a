/**
 * `compare --pair-protocols json:native`: pairs A's records in one protocol with B's records of the same case in
 * another ("does native calling help this model?"), in two runs or within one. Each protocol pair becomes one row
 * of the comparison, named `json:native`; the records are relabelled so the ordinary pairing (metrics/paired.ts)
 * pairs them by case.
 */
import { PROTOCOLS, type Protocol } from "../cases/schema.js";
import { UserError } from "../errors.js";

export interface ProtocolPair {
  a: Protocol;
  b: Protocol;
  /** The row's name: `json:native`. */
  name: string;
}

/** `json:native` or a comma-separated list of them (`json:native,xml:native`). */
export function parseProtocolPairs(text: string): ProtocolPair[] {
  const pairs = text.split(",").map((item) => {
    const parts = item.trim().split(":");
    const [a, b] = parts;
    const known = (p: string | undefined): p is Protocol =>
      p !== undefined && (PROTOCOLS as readonly string[]).includes(p);
    if (parts.length !== 2 || !known(a) || !known(b))
      throw new UserError(
        `--pair-protocols: expected A:B with A and B among ${PROTOCOLS.join(", ")} (e.g. json:native), got "${item.trim()}"`,
      );
    if (a === b)
      throw new UserError(
        `--pair-protocols ${a}:${b}: the same protocol on both sides is the ordinary comparison; leave out --pair-protocols`,
      );
    return { a, b, name: `${a}:${b}` };
  });
  const names = pairs.map((p) => p.name);
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice !== undefined) throw new UserError(`--pair-protocols: ${twice} is given twice`);
  return pairs;
}

/**
 * One side's records for the pairs: each record of a pair's protocol on this side, with `protocol` set to the pair's
 * name. A protocol in several pairs (`json:native,xml:native` on B's side) gives one copy per pair.
 */
export function relabelForPairs<R extends { protocol: string }>(
  records: readonly R[],
  pairs: readonly ProtocolPair[],
  side: "a" | "b",
): R[] {
  return pairs.flatMap((pair) =>
    records.filter((r) => r.protocol === pair[side]).map((r) => ({ ...r, protocol: pair.name })),
  );
}

/** The protocols a run's records hold, in the run's order: for the message that says what would pair. */
export function protocolsOf(records: readonly { protocol: string }[]): string[] {
  return [...new Set(records.map((r) => r.protocol))];
}
