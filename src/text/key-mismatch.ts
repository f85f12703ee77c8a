/**
 * "share no … line" errors show both sides' keys: how many each side has, a few of each, and for every key field
 * whose values the two sides do not share at all, the values each side has (the usual cause: a planner named
 * `Qwen/Qwen3-8B` on one side and `qwen3-8b` on the other).
 */

export interface KeySide {
  /** How the side is named in the line: a file name, "A". */
  name: string;
  /** Each key as its field values, in `fields` order. */
  keys: readonly (readonly unknown[])[];
}

const SAMPLE = 3;
const VALUES = 4;

const shown = (value: unknown) => (value === null || value === undefined ? "–" : String(value));

function sample(side: KeySide): string {
  const first = side.keys.slice(0, SAMPLE).map((key) => `(${key.map(shown).join(", ")})`);
  const more = side.keys.length > SAMPLE ? ", …" : "";
  return `${side.name} has ${side.keys.length}${first.length > 0 ? `, e.g. ${first.join(", ")}${more}` : ""}`;
}

function values(side: KeySide, index: number): string[] {
  return [...new Set(side.keys.map((key) => shown(key[index])))];
}

function listed(items: readonly string[]): string {
  const head = items.slice(0, VALUES).join(", ");
  return items.length > VALUES ? `${head}, … (${items.length} in all)` : head;
}

/**
 * `gold.csv has 12, e.g. (te-002, qwen3-8b, without_lineage), …; judged.jsonl has 4, e.g. (…); planner: gold.csv
 * has qwen3-8b, judged.jsonl has Qwen/Qwen3-8B`. Keys as JSON arrays (`JSON.stringify([...])`) parse with
 * {@link parseKeys}.
 */
export function describeKeyMismatch(fields: readonly string[], a: KeySide, b: KeySide): string {
  const disjoint = fields.flatMap((field, index) => {
    const va = values(a, index);
    const vb = values(b, index);
    if (va.length === 0 || vb.length === 0 || va.some((v) => vb.includes(v))) return [];
    return [`${field}: ${a.name} has ${listed(va)}, ${b.name} has ${listed(vb)}`];
  });
  return [sample(a), sample(b), ...disjoint].join("; ");
}

/** Keys written as JSON arrays, back to their field values (anything else is one field). */
export function parseKeys(keys: Iterable<string>): unknown[][] {
  return [...keys].map((key) => {
    try {
      const parsed: unknown = JSON.parse(key);
      return Array.isArray(parsed) ? parsed : [key];
    } catch {
      return [key];
    }
  });
}
