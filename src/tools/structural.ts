/** Generic argument comparison for tools a case defines: numbers, booleans, free text, arrays element-wise, objects key-wise. */
// The lenient reader is a leaf module: text protocols hand arrays and objects over as text, often Python-quoted.
import { parseLenient } from "../text/lenient-json.js";
import { typesOf } from "./definition.js";
import { acceptedValues, isAlternatives, isOptional } from "./expected.js";
import { argumentMatches, NORMALISERS, parseNumber, valuesEqual } from "./normalise.js";
import type { JsonSchemaNode, NormalisedValue, ToolParameter } from "./types.js";

/** Whether the value matched, and the object keys given beyond the expected ones (tolerated, as paths). */
export interface Comparison {
  ok: boolean;
  extra: string[];
}

type Mode = "null" | "number" | "boolean" | "text" | "array" | "object";

const FAILED: Comparison = { ok: false, extra: [] };
const MATCHED: Comparison = { ok: true, extra: [] };
const NULL_WORDS = new Set(["null", "none"]);

/**
 * The expected value decides the shape (arrays, objects, null); the schema refines scalars, so `"5"`
 * expected on an integer parameter compares as a number and `"true"` on a boolean one as a boolean.
 */
function modeOf(schema: JsonSchemaNode | undefined, expected: unknown): Mode {
  if (expected === null) return "null";
  if (Array.isArray(expected)) return "array";
  if (typeof expected === "object") return "object";
  if (typeof expected === "number") return "number";
  if (typeof expected === "boolean") return "boolean";
  const declared = typesOf(schema)[0];
  const text = String(expected);
  if ((declared === "number" || declared === "integer") && parseNumber(text) !== undefined) return "number";
  if (declared === "boolean" && NORMALISERS.boolean(text).kind !== "invalid") return "boolean";
  return "text";
}

function equalUnder(
  normalise: (value: unknown) => NormalisedValue | { kind: "invalid" },
  a: unknown,
  b: unknown,
) {
  const want = normalise(a);
  const got = normalise(b);
  return want.kind !== "invalid" && got.kind !== "invalid" && valuesEqual(want, got);
}

function isNullWord(value: unknown): boolean {
  if (typeof value !== "string") return false;
  const folded = NORMALISERS.text(value);
  return folded.kind === "string" && NULL_WORDS.has(folded.value);
}

/**
 * Free text. A value the XML reader typed still equals the text that spells it: a number (`1.50` → 1.5),
 * or a structure from text that holds JSON (`{"style": "modern"}` on a string parameter).
 */
function textMatches(expected: unknown, actual: unknown): boolean {
  if (actual === null) return isNullWord(expected);
  if (typeof actual === "object") {
    const spelled = structured(expected);
    return typeof spelled === "object" && spelled !== null && matchPlain(undefined, spelled, actual, "").ok;
  }
  const want = NORMALISERS.text(expected);
  const got = typeof actual === "number" ? NORMALISERS.number(actual) : NORMALISERS.text(actual);
  return want.kind !== "invalid" && got.kind !== "invalid" && valuesEqual(want, got);
}

/** Arrays and objects arrive as text from the plain protocol (`items=["a", "b"]`): read them back. */
function structured(actual: unknown): unknown {
  if (typeof actual !== "string") return actual;
  const trimmed = actual.trim();
  if (!trimmed.startsWith("[") && !trimmed.startsWith("{")) return actual;
  const parsed = parseLenient(trimmed);
  return parsed.ok ? parsed.value : actual;
}

function arrayMatches(schema: JsonSchemaNode | undefined, expected: unknown[], raw: unknown, path: string) {
  const actual = structured(raw);
  if (!Array.isArray(actual) || actual.length !== expected.length) return FAILED;
  const extra: string[] = [];
  for (let i = 0; i < expected.length; i++) {
    const element = matchExpected(schema?.items, expected[i], actual[i], `${path}[${i}]`);
    if (!element.ok) return FAILED;
    extra.push(...element.extra);
  }
  return { ok: true, extra };
}

function objectMatches(schema: JsonSchemaNode | undefined, expected: object, raw: unknown, path: string) {
  const actual = structured(raw);
  if (typeof actual !== "object" || actual === null || Array.isArray(actual)) return FAILED;
  const given = actual as Record<string, unknown>;
  const extra: string[] = [];
  for (const [key, want] of Object.entries(expected)) {
    if (!Object.hasOwn(given, key)) {
      if (isOptional(want)) continue;
      return FAILED;
    }
    const member = matchExpected(schema?.properties?.[key], want, given[key], `${path}.${key}`);
    if (!member.ok) return FAILED;
    extra.push(...member.extra);
  }
  for (const key of Object.keys(given)) if (!Object.hasOwn(expected, key)) extra.push(`${path}.${key}`);
  return { ok: true, extra };
}

function matchPlain(schema: JsonSchemaNode | undefined, expected: unknown, actual: unknown, path: string) {
  switch (modeOf(schema, expected)) {
    case "null":
      return actual === null || isNullWord(actual) ? MATCHED : FAILED;
    case "number":
      return equalUnder(NORMALISERS.number, expected, actual) ? MATCHED : FAILED;
    case "boolean":
      return equalUnder(NORMALISERS.boolean, expected, actual) ? MATCHED : FAILED;
    case "text":
      return textMatches(expected, actual) ? MATCHED : FAILED;
    case "array":
      return arrayMatches(schema, expected as unknown[], actual, path);
    case "object":
      return objectMatches(schema, expected as object, actual, path);
  }
}

/**
 * Compares a model's value with an expected one (a plain value or alternatives) under the parameter's schema.
 * Absence is the caller's concern; here the value is present, so `{one_of: [], optional: true}` never matches.
 * @example matchExpected({ type: "array", items: { type: "number" } }, [1, 2], "[1.0, 2]") // { ok: true, extra: [] }
 */
export function matchExpected(
  schema: JsonSchemaNode | undefined,
  expected: unknown,
  actual: unknown,
  path: string,
): Comparison {
  if (!isAlternatives(expected)) return matchPlain(schema, expected, actual, path);
  for (const candidate of acceptedValues(expected)) {
    const result = matchPlain(schema, candidate, actual, path);
    if (result.ok) return result;
  }
  return FAILED;
}

/**
 * One expected argument against the model's value: a defined tool's parameter (it carries a schema) compares
 * structurally; a catalogue parameter goes through its declared normaliser, exactly as ToolUse.1 specifies.
 */
export function compareArgument(parameter: ToolParameter, expected: unknown, actual: unknown): Comparison {
  if (parameter.schema) return matchExpected(parameter.schema, expected, actual, parameter.name);
  return argumentMatches(parameter, expected, actual) ? MATCHED : FAILED;
}
