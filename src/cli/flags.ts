/**
 * Strict validators for command-line values, shared by every command: a value is accepted only when all of it reads
 * as what the flag expects (`0.8x`, `1e3`, `` and `-5` are refused, never coerced), and every message names the flag,
 * the value and what was expected. Pure: no file system, no process; usage mistakes are UserErrors (exit 2).
 */
import { UserError } from "../errors.js";

const WHOLE = /^\+?\d+$/;
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

function refuse(flag: string, value: string, expected: string): UserError {
  return new UserError(`${flag}: expected ${expected}, got "${value}"`);
}

export interface Bounds {
  min?: number;
  max?: number;
}

function bounds(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return ` from ${min} to ${max}`;
  if (min !== undefined) return ` ≥ ${min}`;
  return max !== undefined ? ` ≤ ${max}` : "";
}

/** A whole number written in digits, within the bounds (min defaults to 0). */
export function wholeNumber(flag: string, value: string, { min = 0, max }: Bounds = {}): number {
  const text = value.trim();
  const n = Number(text);
  if (!WHOLE.test(text) || !Number.isSafeInteger(n) || n < min || (max !== undefined && n > max))
    throw refuse(flag, value, `a whole number${bounds(min, max)}`);
  return n;
}

/** A plain decimal number (no exponent, no units), within the bounds. */
export function decimal(flag: string, value: string, { min, max }: Bounds = {}): number {
  const text = value.trim();
  const n = Number(text);
  if (!DECIMAL.test(text) || (min !== undefined && n < min) || (max !== undefined && n > max))
    throw refuse(flag, value, `a number${bounds(min, max)}`);
  return n;
}

/** A score threshold: a decimal from 0 to 1. */
export function fraction(flag: string, value: string): number {
  return decimal(flag, value, { min: 0, max: 1 });
}

/** Seconds greater than zero (at most a day), returned in whole milliseconds. */
export function seconds(flag: string, value: string): number {
  const text = value.trim();
  const n = Number(text);
  if (!DECIMAL.test(text) || !(n > 0) || n > 86_400 || Math.round(n * 1000) < 1)
    throw refuse(flag, value, "seconds greater than 0 (at most 86400)");
  return Math.round(n * 1000);
}

/** One of the allowed words. */
export function choice<T extends string>(flag: string, value: string, allowed: readonly T[]): T {
  const text = value.trim();
  if (!(allowed as readonly string[]).includes(text))
    throw refuse(flag, value, `one of ${allowed.join(", ")}`);
  return text as T;
}

/** A comma-separated list of allowed words: at least one, each once. */
export function choices<T extends string>(flag: string, value: string, allowed: readonly T[]): T[] {
  const items = words(flag, value);
  for (const item of items) choice(flag, item, allowed);
  return items as T[];
}

/** A comma-separated list of free words (ids, names): at least one, each once, none empty. */
export function words(flag: string, value: string): string[] {
  const items = value.split(",").map((item) => item.trim());
  if (items.some((item) => item === ""))
    throw refuse(flag, value, "a comma-separated list without empty items");
  const repeated = items.find((item, index) => items.indexOf(item) !== index);
  if (repeated !== undefined) throw new UserError(`${flag}: "${repeated}" is listed twice`);
  return items;
}

/** A non-empty value (a path, a name); refuses one that is only spaces. */
export function nonEmpty(flag: string, value: string): string {
  if (value.trim() === "") throw refuse(flag, value, "a non-empty value");
  return value;
}

/**
 * A name people read in reports and files join on (`--label`): trimmed, non-empty, at most 200 characters, and
 * without control or bidi characters (a name that printed differently from what it is would be a trap).
 */
export function label(flag: string, value: string): string {
  const name = value.trim();
  if (name === "" || name.length > 200 || /[\p{Cc}\p{Cf}]/u.test(name))
    throw refuse(flag, value, "a name of 1 to 200 printable characters");
  return name;
}

/**
 * Refuses flags that do not go together, by name: `given` holds the flags the user typed (not defaults), each rule
 * says that `flag` excludes every one of `excludes`, and why.
 */
export function refuseConflicts(
  given: ReadonlySet<string>,
  rules: readonly { flag: string; excludes: readonly string[]; because: string }[],
): void {
  for (const rule of rules) {
    if (!given.has(rule.flag)) continue;
    const clash = rule.excludes.find((other) => given.has(other));
    if (clash !== undefined)
      throw new UserError(`${rule.flag} cannot be combined with ${clash}: ${rule.because}`);
  }
}
