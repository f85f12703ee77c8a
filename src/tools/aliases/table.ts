/** Builds alias lookup maps from readable `[canonical, aliases]` rows, folded like user input. */
import { aliasKey, normaliseText } from "../text.js";

/** One concept value and the ways people write it; the canonical value is an alias of itself. */
export type AliasRow = readonly [canonical: string, aliases: readonly string[]];

/** The lookup key for any raw alias or input: {@link normaliseText} then {@link aliasKey}. */
export function lookupKey(raw: string): string {
  return aliasKey(normaliseText(raw));
}

/**
 * Folds every alias into a map from key to canonical value. Two rows claiming one alias is a
 * table bug, not an input problem, so it throws at module load where a test sees it at once.
 */
export function buildAliasMap(concept: string, rows: readonly AliasRow[]): ReadonlyMap<string, string> {
  const map = new Map<string, string>();
  for (const [canonical, aliases] of rows) {
    for (const alias of [canonical, ...aliases]) {
      const key = lookupKey(alias);
      const existing = map.get(key);
      if (existing !== undefined && existing !== canonical) {
        throw new Error(`${concept} alias "${alias}" maps to both "${existing}" and "${canonical}"`);
      }
      map.set(key, canonical);
    }
  }
  return map;
}

/** Russian inflected forms from a stem: `forms("рубл", ["ь", "я", "ей"])` → рубль, рубля, рублей. */
export function forms(stem: string, endings: readonly string[]): string[] {
  return endings.map((ending) => stem + ending);
}
