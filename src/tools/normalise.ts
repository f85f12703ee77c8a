/** The argument normalisers the grader compares with, and the comparison itself (spec §3.2). */
import { CITY_ALIASES } from "./aliases/city.js";
import { resolveQualifiedCity } from "./aliases/city-region.js";
import { resolveCurrency } from "./aliases/currency.js";
import { resolveLanguage } from "./aliases/language.js";
import { CURRENCY_QUALIFIERS, LANGUAGE_QUALIFIERS, resolveQualified } from "./aliases/qualifiers.js";
import { isIanaShaped, resolveTimezone } from "./aliases/timezone.js";
import { UNIT_ALIASES } from "./aliases/unit.js";
import { resolveRatioUnit } from "./aliases/unit-ratio.js";
import { evaluateExpression } from "./arithmetic.js";
import { acceptedValues } from "./expected.js";
import { aliasKey, normaliseText } from "./text.js";
import type {
  NormalisedValue,
  NormaliseFailure,
  Normaliser,
  NormaliserName,
  ToolParameter,
} from "./types.js";

/** Numbers this close (relative to the larger magnitude) are equal: `300` and `300.0000001`. */
export const RELATIVE_TOLERANCE = 1e-6;

const invalid = (reason: string): NormaliseFailure => ({ kind: "invalid", reason });
const asString = (value: string): NormalisedValue => ({ kind: "string", value });
const asNumber = (value: number): NormalisedValue => ({ kind: "number", value });

function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

const PLAIN_NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;
const COMMA_GROUPED = /^[+-]?\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;
const SPACE_GROUPED = /^[+-]?\d{1,3}(?: \d{3})+(?:[.,]\d+)?$/;
const DECIMAL_COMMA = /^[+-]?\d+,\d+$/;
const COMMAS = /,/g;
const SPACES = / /g;
const WHITESPACE = /\s+/g;
const MINUS_SIGNS = /[−–]/g;

const SCRIPT_DIGITS = /[\u00B2\u00B3\u00B9\u2070-\u209F]/;

/**
 * Reads a number written as text. Dots are decimal points. A comma followed by exactly three
 * digits groups thousands (`1,000` and `1,000,000.5`), as do spaces (`1 000`, `1 000,5`); any
 * other comma is a Russian decimal comma (`2,5` → 2.5). So `1,000` is 1000, never 1.0.
 */
export function parseNumber(raw: string): number | undefined {
  // NFKC turns superscripts and subscripts into plain digits (`17²` → `172`): such text is not a plain number.
  if (SCRIPT_DIGITS.test(raw)) return undefined;
  const text = raw.normalize("NFKC").replace(WHITESPACE, " ").trim().replace(MINUS_SIGNS, "-");
  let digits: string | undefined;
  if (PLAIN_NUMBER.test(text)) digits = text;
  else if (COMMA_GROUPED.test(text)) digits = text.replace(COMMAS, "");
  else if (SPACE_GROUPED.test(text)) digits = text.replace(SPACES, "").replace(COMMAS, ".");
  else if (DECIMAL_COMMA.test(text)) digits = text.replace(COMMAS, ".");
  if (digits === undefined) return undefined;
  const value = Number(digits);
  return Number.isFinite(value) ? value : undefined;
}

/** Free text: NFKC, whitespace collapsed, lowercase, ё→е, wrapping quotes and final punctuation gone. */
const text: Normaliser = (value) => {
  if (typeof value === "string") return asString(normaliseText(value));
  if (typeof value === "number" || typeof value === "boolean") return asString(String(value));
  return invalid(`expected text, got ${describeType(value)}`);
};

/** Why a numeric argument written with digit grouping is refused; the argument check quotes it in its reason. */
export const DIGIT_GROUPING = "not a number (digit grouping)";

/**
 * Whether numeric text groups its digits (`"1,250"`, `"1 250"`, `"12,500.50"`). SPEC §3.2 reads numeric text as the
 * number (`"100"` equals `100`) because a tool could; a grouped one no tool reads (Python's `float()` and JSON both
 * refuse it), so as an argument it is wrong. `"2,5"`, a Russian decimal comma, groups nothing.
 */
export function isDigitGrouped(raw: string): boolean {
  const text = raw.normalize("NFKC").replace(WHITESPACE, " ").trim().replace(MINUS_SIGNS, "-");
  return COMMA_GROUPED.test(text) || SPACE_GROUPED.test(text);
}

/** A number or numeric text (`300`, `"300.0"`, `"2,5"`); grouped digits (`"1 000"`) are no number a tool reads. */
const number: Normaliser = (value) => {
  if (typeof value === "number")
    return Number.isFinite(value) ? asNumber(value) : invalid("not a finite number");
  if (typeof value !== "string") return invalid(`expected a number, got ${describeType(value)}`);
  if (isDigitGrouped(value)) return invalid(DIGIT_GROUPING);
  const parsed = parseNumber(value);
  return parsed === undefined ? invalid(`not a number: "${value.slice(0, 80)}"`) : asNumber(parsed);
};

const MATH_PREFIX = /\bmath\.(?=[a-z_])/gi;

/** Arithmetic evaluated safely, so `45+12`, `(45 + 12)` and `57` are one value. */
const expression: Normaliser = (value) => {
  if (typeof value === "number") return number(value);
  if (typeof value !== "string") return invalid(`expected an expression, got ${describeType(value)}`);
  // Python's spelling of a whitelisted function or constant (`math.sqrt(1764)`, `math.pi`) is that name.
  const evaluation = evaluateExpression(value.replace(MATH_PREFIX, ""));
  if (evaluation.ok) return asNumber(evaluation.value);
  // Numbers the evaluator's grammar leaves out on purpose (`1 000`, `2,5`) are still numbers.
  const parsed = parseNumber(value);
  return parsed === undefined ? invalid(`not evaluable: ${evaluation.reason}`) : asNumber(parsed);
};

const TRUE_WORDS = new Set(["true", "yes", "1", "да"]);
const FALSE_WORDS = new Set(["false", "no", "0", "нет"]);

/** true/false, yes/no, 1/0 (as values or text) → the strings "true" and "false". */
const boolean: Normaliser = (value) => {
  if (typeof value === "boolean") return asString(String(value));
  if (value === 1 || value === 0) return asString(String(value === 1));
  if (typeof value === "string") {
    const word = normaliseText(value);
    if (TRUE_WORDS.has(word)) return asString("true");
    if (FALSE_WORDS.has(word)) return asString("false");
  }
  return invalid(`expected true or false, got ${describeType(value)}`);
};

// Leading words a model copies from the request: «в Москве», «на английский», "in Celsius".
const PREPOSITIONS = new Set([
  "в",
  "во",
  "на",
  "по",
  "из",
  "с",
  "со",
  "к",
  "ко",
  "для",
  "до",
  "in",
  "into",
  "to",
  "from",
  "for",
  "at",
]);

type Resolve = (key: string) => string | undefined;
type Fallback = (folded: string, raw: unknown) => string;

function withoutPreposition(key: string): string | undefined {
  const space = key.indexOf(" ");
  return space > 0 && PREPOSITIONS.has(key.slice(0, space)) ? key.slice(space + 1) : undefined;
}

/**
 * A table-backed normaliser: fold the text, look it up (again without a leading preposition),
 * and fall back to the folded text, so values no table knows still compare as text.
 */
function aliasNormaliser(resolve: Resolve, fallback: Fallback = (folded) => folded): Normaliser {
  return (value) => {
    const folded = text(value);
    if (folded.kind !== "string") return folded;
    const key = aliasKey(folded.value);
    const bare = withoutPreposition(key);
    const found = resolve(key) ?? (bare === undefined ? undefined : resolve(bare));
    return asString(found ?? fallback(folded.value, value));
  };
}

/** An IANA id no table knows keeps its spelling: zone ids are case-sensitive on most systems. */
const timezoneFallback: Fallback = (folded, raw) => {
  const trimmed = typeof raw === "string" ? raw.trim() : "";
  return isIanaShaped(trimmed) ? trimmed : folded;
};

const cityAlias = (key: string) => CITY_ALIASES.get(key);
/** A city, or "City, Region/Country" whose suffixes are that city's (city-region.ts). */
function resolveCity(key: string): string | undefined {
  return cityAlias(key) ?? resolveQualifiedCity(key, cityAlias);
}

/** The registry: every `normaliser` name a parameter may declare → its function. */
export const NORMALISERS: Readonly<Record<NormaliserName, Normaliser>> = {
  expression,
  number,
  text,
  city: aliasNormaliser(resolveCity),
  language: aliasNormaliser(
    (key) => resolveLanguage(key) ?? resolveQualified(key, resolveLanguage, LANGUAGE_QUALIFIERS),
  ),
  currency: aliasNormaliser(
    (key) => resolveCurrency(key) ?? resolveQualified(key, resolveCurrency, CURRENCY_QUALIFIERS),
  ),
  unit: aliasNormaliser((key) => UNIT_ALIASES.get(key) ?? resolveRatioUnit(key)),
  timezone: aliasNormaliser(resolveTimezone, timezoneFallback),
  boolean,
  enum: text,
};

/** Normalises one argument value with the normaliser its parameter declares. */
export function normaliseArgument(param: ToolParameter, value: unknown): NormalisedValue | NormaliseFailure {
  return NORMALISERS[param.normaliser](value);
}

function numbersEqual(a: number, b: number): boolean {
  return a === b || Math.abs(a - b) <= RELATIVE_TOLERANCE * Math.max(Math.abs(a), Math.abs(b));
}

function numberMatchesText(value: number, text: string): boolean {
  const parsed = parseNumber(text);
  return parsed !== undefined && numbersEqual(value, parsed);
}

/**
 * Numbers within {@link RELATIVE_TOLERANCE} (exactly, for a parameter typed integer); strings exactly; a number
 * and a string only if the string is that number.
 */
export function valuesEqual(
  a: NormalisedValue,
  b: NormalisedValue,
  options: { integer?: boolean } = {},
): boolean {
  if (options.integer && a.kind === "number" && b.kind === "number") return a.value === b.value;
  if (a.kind === "number")
    return b.kind === "number" ? numbersEqual(a.value, b.value) : numberMatchesText(a.value, b.value);
  return b.kind === "string" ? a.value === b.value : numberMatchesText(b.value, a.value);
}

const INTEGER = { integer: true };
const ANY_NUMBER = {};

/**
 * Whether a model's argument matches the expected one: both sides go through the parameter's
 * normaliser; `{ one_of: [...] }` matches any listed value; an invalid actual value never matches.
 * Example: `argumentMatches(cityParam, "Saint Petersburg", "СПб")` → true.
 */
export function argumentMatches(param: ToolParameter, expected: unknown, actual: unknown): boolean {
  return matchesNormalised(param, normalisedExpected(param, expected), actual);
}

/**
 * The expected side of {@link argumentMatches} on its own: every accepted value through the parameter's normaliser,
 * those it cannot read left out (they never match). It depends on the case alone, so graders compute it once per case.
 */
export function normalisedExpected(param: ToolParameter, expected: unknown): NormalisedValue[] {
  const normaliser = NORMALISERS[param.normaliser];
  const wants: NormalisedValue[] = [];
  for (const candidate of acceptedValues(expected)) {
    const want = normaliser(candidate);
    if (want.kind !== "invalid") wants.push(want);
  }
  return wants;
}

/** {@link argumentMatches} against expected values already normalised by {@link normalisedExpected}. */
export function matchesNormalised(
  param: ToolParameter,
  wants: readonly NormalisedValue[],
  actual: unknown,
): boolean {
  const got = NORMALISERS[param.normaliser](actual);
  if (got.kind === "invalid") return false;
  // A count is a count: 1000000 and 1000001 differ although they are within the relative tolerance.
  const options = param.type === "integer" ? INTEGER : ANY_NUMBER;
  return wants.some((want) => valuesEqual(want, got, options));
}
