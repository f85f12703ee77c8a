/**
 * Units written as a ratio (`meter/second`, `km/h`, `miles/hour`, `км/ч`): the "per" unit, when the catalogue has one.
 * The numerator and the denominator are each resolved by the unit table, so every spelling it knows (singular, plural,
 * abbreviation, Russian) works on either side without listing every pairing.
 */
import { UNIT_ALIASES } from "./unit.js";

const RATIO = /^([^/]+)\/([^/]+)$/;

/** The "per" units the table knows (`meters_per_second`, …): a ratio resolves only to one of these. */
const PER_UNITS: ReadonlySet<string> = new Set(
  [...UNIT_ALIASES.values()].filter((unit) => unit.includes("_per_")),
);

/**
 * The per-unit a ratio names, or undefined: `meter/second` → `meters_per_second`; `meter/kilogram` → undefined (no
 * such unit). The per-unit ids name their numerator in the plural (`kilometers_per_hour`), the table's ids are singular.
 * @example resolveRatioUnit("metres/second") // "meters_per_second"
 */
export function resolveRatioUnit(key: string): string | undefined {
  const ratio = RATIO.exec(key);
  if (ratio === null) return undefined;
  const numerator = UNIT_ALIASES.get((ratio[1] as string).trim());
  const denominator = UNIT_ALIASES.get((ratio[2] as string).trim());
  if (numerator === undefined || denominator === undefined) return undefined;
  const unit = `${numerator}s_per_${denominator}`;
  return PER_UNITS.has(unit) ? unit : undefined;
}
