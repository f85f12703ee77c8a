/**
 * Which written leniency (docs/spec-conformance.md, "Leniencies") a model's value needed to match: the verdict
 * names it, so acceptance beyond the spec's alias tables is always visible. Undefined when the value matched
 * by the tables alone (or is not a string at all).
 */

import { CITY_ALIASES } from "./aliases/city.js";
import { resolveQualifiedCity } from "./aliases/city-region.js";
import { resolveCurrency } from "./aliases/currency.js";
import { resolveLanguage } from "./aliases/language.js";
import { CURRENCY_QUALIFIERS, LANGUAGE_QUALIFIERS, resolveQualified } from "./aliases/qualifiers.js";
import { lookupKey } from "./aliases/table.js";
import { TIMEZONE_ALIASES } from "./aliases/timezone.js";
import { ZONE_NAME_ROWS } from "./aliases/zone-names.js";
import type { NormaliserName } from "./types.js";

export type Leniency = "city_region" | "qualified_name" | "long_zone_name" | "math_prefix";

const LONG_ZONE_NAMES: ReadonlySet<string> = new Set(
  ZONE_NAME_ROWS.flatMap(([, names]) => names.map(lookupKey)),
);
const MATH_PREFIX = /\bmath\.(?=[a-z_])/i;
const cityAlias = (key: string) => CITY_ALIASES.get(key);

function qualifiedCity(key: string): boolean {
  return cityAlias(key) === undefined && resolveQualifiedCity(key, cityAlias) !== undefined;
}

const DETECTORS: Partial<Record<NormaliserName, (raw: string, key: string) => Leniency | undefined>> = {
  city: (_, key) => (qualifiedCity(key) ? "city_region" : undefined),
  timezone: (_, key) =>
    LONG_ZONE_NAMES.has(key)
      ? "long_zone_name"
      : TIMEZONE_ALIASES.get(key) === undefined && qualifiedCity(key)
        ? "city_region"
        : undefined,
  currency: (_, key) =>
    resolveCurrency(key) === undefined && resolveQualified(key, resolveCurrency, CURRENCY_QUALIFIERS)
      ? "qualified_name"
      : undefined,
  language: (_, key) =>
    resolveLanguage(key) === undefined && resolveQualified(key, resolveLanguage, LANGUAGE_QUALIFIERS)
      ? "qualified_name"
      : undefined,
  expression: (raw) => (MATH_PREFIX.test(raw) ? "math_prefix" : undefined),
};

/** The leniency a matched value relied on, if any. Call it only for values that matched. */
export function leniencyOf(normaliser: NormaliserName, actual: unknown): Leniency | undefined {
  if (typeof actual !== "string") return undefined;
  return DETECTORS[normaliser]?.(actual, lookupKey(actual));
}
