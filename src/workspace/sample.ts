/** A deterministic sample of interaction ids: the same population and salt always give the same sample. */
import { hashParts } from "./random.js";

/** Up to `size` of `ids` (all of them when there are fewer), chosen by a salted hash, returned in id order. */
export function sampleIds(ids: readonly string[], size: number, salt: string): string[] {
  const unique = [...new Set(ids)];
  if (unique.length <= size) return unique.sort();
  return unique
    .map((id) => ({ id, key: hashParts(salt, id) }))
    .sort((a, b) => a.key - b.key || (a.id < b.id ? -1 : 1))
    .slice(0, size)
    .map((entry) => entry.id)
    .sort();
}
