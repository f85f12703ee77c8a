/**
 * BFCL's value rules for one argument: its type rule (exact Python types, one level of nesting, variables), its
 * string standardisation, and the list, dict and list-of-dict comparisons. Written from BFCL's documented behaviour
 * and checked against its checker by the differential test; README "BFCL" lists how it differs from ours.
 */

import type { Dict } from "./python/value.js";
import { dictHas, isDict, type TypeName, typeName, type Value } from "./python/value.js";
import {
  PythonCrash,
  pyContains,
  pyEquals,
  pyGet,
  pyIndexed,
  pyItems,
  pyIterate,
  pyLength,
} from "./python-semantics.js";

/** One rule's outcome: BFCL's `valid` and, on failure, its `error_type` and message. */
export type RuleResult = { valid: true } | { valid: false; errorType: string; error: string };

export const VALID: RuleResult = { valid: true };

export function invalid(errorType: string, error: string): RuleResult {
  return { valid: false, errorType, error };
}

/** BFCL's type names → the Python type a value must have; names outside this table make its checker crash. */
const TYPE_OF: Readonly<Record<string, TypeName>> = {
  string: "str",
  integer: "int",
  float: "float",
  boolean: "bool",
  array: "list",
  tuple: "list",
  dict: "dict",
  any: "str",
};

export function pythonTypeOf(name: Value): TypeName {
  if (typeof name === "string" && Object.hasOwn(TYPE_OF, name)) return TYPE_OF[name] as TypeName;
  if (Array.isArray(name) || isDict(name)) {
    throw new PythonCrash("TypeError", `unhashable type: '${typeName(name)}'`);
  }
  throw new PythonCrash("KeyError", String(name));
}

/**
 * BFCL compares strings after deleting spaces and `,./-_*^` and lower-casing, with `'` read as `"`: "New York, NY"
 * equals "newyorkny". Only the ASCII space counts as a space.
 */
export function standardise(text: string): string {
  return text
    .replace(/[ ,./\-_*^]/g, "")
    .toLowerCase()
    .replace(/'/g, '"');
}

function standardiseIfString(value: Value): Value {
  return typeof value === "string" ? standardise(value) : value;
}

/** The type of the first accepted value that is not the optional marker `""`, or null when there is none. */
function acceptedType(accepted: Value): TypeName | null {
  for (const value of pyIterate(accepted)) {
    if (value !== "") return typeName(value);
  }
  return null;
}

export interface TypeOutcome {
  result: RuleResult;
  /** The accepted values have another type than the schema says: BFCL then treats them as variables (plain `in`). */
  isVariable: boolean;
}

/**
 * BFCL's type rule. A value of the schema's type passes (for lists: every element against some accepted list's
 * element type, with no int→float promotion there); a value of the accepted values' own type passes as a variable.
 */
export function checkType(
  param: string,
  value: Value,
  accepted: Value,
  expected: TypeName,
  nested: TypeName | null,
): TypeOutcome {
  const answerType = acceptedType(accepted);
  const isVariable = answerType !== null && answerType !== expected;
  const actual = typeName(value);
  let nestedFailed = false;
  if (actual === expected) {
    if (nested === null) return { result: VALID, isVariable };
    for (const candidate of pyIterate(accepted)) {
      if (typeName(candidate) !== "list" || elementsFit(param, value as Value[], candidate, nested)) {
        return { result: VALID, isVariable };
      }
    }
    nestedFailed = true;
  }
  if (answerType !== null && actual === answerType) {
    const result = nestedFailed ? nestedError(param, expected, nested) : VALID;
    return { result, isVariable: true };
  }
  return {
    result: invalid(
      "type_error:simple",
      `Incorrect type for parameter '${param}': expected ${expected}, got ${actual}.`,
    ),
    isVariable,
  };
}

function nestedError(param: string, expected: TypeName, nested: TypeName | null): RuleResult {
  return invalid(
    "type_error:nested",
    `Nested type checking failed for parameter '${param}': expected ${expected} of ${nested}.`,
  );
}

function elementsFit(param: string, value: readonly Value[], candidate: Value, nested: TypeName): boolean {
  for (const element of value) {
    if (!checkType(param, element, candidate, nested, null).result.valid) return false;
  }
  return true;
}

// An answer's accepted strings are standardised once: every output of a question compares against the same list.
const standardisedAnswers = new WeakMap<object, Set<string>>();

function standardisedStrings(accepted: Value): Set<string> {
  const key = typeof accepted === "object" && accepted !== null ? accepted : undefined;
  let strings = key && standardisedAnswers.get(key);
  if (strings === undefined) {
    strings = new Set();
    for (const candidate of pyIndexed(accepted)) {
      if (typeof candidate === "string") strings.add(standardise(candidate));
    }
    if (key) standardisedAnswers.set(key, strings);
  }
  return strings;
}

export function checkString(param: string, value: string, accepted: Value): RuleResult {
  if (standardisedStrings(accepted).has(standardise(value))) return VALID;
  return invalid("value_error:string", `Invalid value for parameter '${param}': ${JSON.stringify(value)}.`);
}

export function checkList(param: string, value: readonly Value[], accepted: Value): RuleResult {
  const given = value.map(standardiseIfString);
  for (const candidate of pyIndexed(accepted)) {
    if (pyEquals(given, pyIndexed(candidate).map(standardiseIfString))) return VALID;
  }
  return invalid("value_error:list/tuple", `Invalid value for parameter '${param}'.`);
}

/**
 * One accepted dict: every given key accepted with one of its values, every non-optional key given. As BFCL's
 * dict_checker, the missing-key loop runs even after a mismatch and its error type wins (`value_error:dict_key`
 * after a `value_error:dict_value`).
 */
function dictMatches(value: Value, candidate: Value): RuleResult {
  let outcome: RuleResult = VALID;
  for (const [key, inner] of pyItems(value)) {
    if (!pyContains(candidate, key)) {
      outcome = invalid("value_error:dict_key", `Unexpected dict key parameter: '${String(key)}'.`);
      break;
    }
    const options = pyIndexed(pyGet(candidate, key)).map(standardiseIfString);
    if (!pyContains(options, standardiseIfString(inner))) {
      outcome = invalid("value_error:dict_value", `Invalid value for parameter '${String(key)}'.`);
      break;
    }
  }
  for (const [key, options] of pyItems(candidate)) {
    const given =
      value instanceof Map ? typeof key === "string" && value.has(key) : dictHas(value as Dict, key);
    if (!given && !pyContains(options, "")) {
      return invalid("value_error:dict_key", `Missing dict key parameter: '${String(key)}'.`);
    }
  }
  return outcome;
}

export function checkDict(value: Value, accepted: Value): RuleResult {
  let result = invalid("dict_checker:unclear", "No accepted dict to compare with.");
  for (const candidate of pyIndexed(accepted)) {
    if (candidate === "") continue;
    result = dictMatches(value, candidate);
    if (result.valid) return VALID;
  }
  return result;
}

export function checkListOfDicts(value: readonly Value[], accepted: Value): RuleResult {
  let result = invalid("list_dict_checker:unclear", "No accepted list of dicts to compare with.");
  for (const candidate of pyIndexed(accepted)) {
    if (value.length !== pyLength(candidate)) {
      result = invalid("value_error:list_dict_count", "Wrong number of dictionaries in the list.");
      continue;
    }
    const dicts = pyIndexed(candidate);
    let allMatch = true;
    for (let index = 0; index < value.length; index++) {
      result = checkDict(value[index] as Value, [dicts[index] as Value]);
      if (!result.valid) {
        allMatch = false;
        break;
      }
    }
    if (allMatch) return VALID;
  }
  return result;
}
