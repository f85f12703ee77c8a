/**
 * A quick check of a case line's value, for loading large case files (an imported BFCL suite is thousands of cases,
 * and zod takes a tenth of a millisecond for each). It answers true only for a value the case schema (schema.ts)
 * accepts unchanged: same values, same keys in the order zod writes them. Anything else, and anything it is unsure of
 * (a constraint that does not compile, a `__proto__` key), goes to the schema, which decides and names the field at
 * fault. It loads no zod itself (vocabulary.ts, case-rules.ts): a run whose cases all pass never loads the schema.
 * quick-check.test.ts holds the two together: on every case file we ship, every imported BFCL category, and thousands
 * of mutated cases, a value passing here passes the schema with an identical result.
 */
import { TOOL_NAMES } from "../tools/catalogue.js";
import { JSON_TYPES } from "../tools/types.js";
import { obeysCaseRules } from "./case-rules.js";
import { compileConstraint } from "./constraint.js";
import type { Case } from "./schema.js";
import { CASE_KEYS, DIFFICULTIES, NEGATIVE_KINDS, NO_CALL_BEHAVIOURS } from "./vocabulary.js";

/** Nesting beyond this is left to the schema (which reports it rather than overflowing the stack here). */
const MAX_DEPTH = 64;

const TOOL_NAME_SET: ReadonlySet<unknown> = new Set(TOOL_NAMES);
const JSON_TYPE_SET: ReadonlySet<unknown> = new Set(JSON_TYPES);
const DIFFICULTY_SET: ReadonlySet<unknown> = new Set(DIFFICULTIES);
const KIND_SET: ReadonlySet<unknown> = new Set(NEGATIVE_KINDS);
const NO_CALL_SET: ReadonlySet<unknown> = new Set(NO_CALL_BEHAVIOURS);

type Plain = Record<string, unknown>;

/** A plain object without a `__proto__` key (which zod treats specially). */
function isPlain(value: unknown): value is Plain {
  return (
    typeof value === "object" &&
    value !== null &&
    Object.getPrototypeOf(value) === Object.prototype &&
    !Object.hasOwn(value, "__proto__")
  );
}

/**
 * Every key is one of `shape`, in `shape`'s order (zod writes an object's keys in its shape's order); `loose` allows
 * other keys after the known ones (zod writes those last). Required keys are checked by their own rules.
 */
function keysInOrder(value: Plain, shape: readonly string[], loose = false): boolean {
  let position = 0;
  let unknownSeen = false;
  for (const key in value) {
    const found = shape.indexOf(key, position);
    if (found >= 0 && !unknownSeen) {
      position = found + 1;
      continue;
    }
    // A known key out of order or after an unknown one, or an unknown key where none is allowed.
    if (!loose || shape.includes(key)) return false;
    unknownSeen = true;
  }
  return true;
}

const isString = (value: unknown): value is string => typeof value === "string";
const isNonEmptyString = (value: unknown): value is string => typeof value === "string" && value !== "";

/** What z.json() accepts, as JSON.parse builds it. */
function isJson(value: unknown, depth: number): boolean {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (depth > MAX_DEPTH) return false;
  if (Array.isArray(value)) {
    for (const item of value) if (!isJson(item, depth + 1)) return false;
    return true;
  }
  if (!isPlain(value)) return false;
  for (const key in value) if (!isJson(value[key], depth + 1)) return false;
  return true;
}

function isStringArray(value: unknown): boolean {
  return Array.isArray(value) && value.every(isString);
}

function isJsonSchemaNode(value: unknown, depth: number): boolean {
  if (!isPlain(value) || depth > MAX_DEPTH) return false;
  if (!keysInOrder(value, ["type", "description", "enum", "items", "properties", "required"], true))
    return false;
  const { type, description, enum: values, items, properties, required } = value;
  if (type !== undefined) {
    const types = Array.isArray(type) ? type : [type];
    if (types.length === 0 || !types.every((t) => JSON_TYPE_SET.has(t))) return false;
  }
  if (description !== undefined && !isString(description)) return false;
  if (values !== undefined && !(Array.isArray(values) && values.every((v) => isJson(v, depth + 1))))
    return false;
  if (items !== undefined && !isJsonSchemaNode(items, depth + 1)) return false;
  if (properties !== undefined && !isNodeRecord(properties, depth + 1)) return false;
  return required === undefined || isStringArray(required);
}

function isNodeRecord(value: unknown, depth: number): boolean {
  if (!isPlain(value)) return false;
  for (const key in value) if (!isJsonSchemaNode(value[key], depth)) return false;
  return true;
}

function isTool(value: unknown): boolean {
  if (typeof value === "string") return TOOL_NAME_SET.has(value);
  if (!isPlain(value) || !keysInOrder(value, ["name", "description", "parameters"])) return false;
  const { name, description, parameters } = value;
  if (!isString(name) || !/^\S+$/.test(name)) return false;
  if (description !== undefined && !isString(description)) return false;
  if (!isPlain(parameters) || !keysInOrder(parameters, ["type", "properties", "required"], true))
    return false;
  return (
    parameters.type === "object" &&
    isNodeRecord(parameters.properties, 1) &&
    (parameters.required === undefined || isStringArray(parameters.required))
  );
}

function isJsonRecord(value: unknown): boolean {
  return isPlain(value) && isJson(value, 0);
}

function isMessage(value: unknown): boolean {
  if (!isPlain(value)) return false;
  const { role } = value;
  if (role === "user") return keysInOrder(value, ["role", "content"]) && isNonEmptyString(value.content);
  if (role === "tool") {
    return (
      keysInOrder(value, ["role", "name", "content"]) &&
      TOOL_NAME_SET.has(value.name) &&
      isString(value.content)
    );
  }
  if (role !== "assistant") return false;
  if ("tool_call" in value) {
    const call = value.tool_call;
    return (
      keysInOrder(value, ["role", "tool_call"]) &&
      isPlain(call) &&
      keysInOrder(call, ["name", "arguments"]) &&
      TOOL_NAME_SET.has(call.name) &&
      isJsonRecord(call.arguments)
    );
  }
  return keysInOrder(value, ["role", "content"]) && isNonEmptyString(value.content);
}

/** An expected argument: a plain JSON value, alternatives (`one_of`), or the phrases free text must mention. */
function isExpectedValue(value: unknown): boolean {
  if (!isPlain(value)) return isJson(value, 0);
  if ("mentions" in value) {
    const { mentions } = value;
    return mentions !== undefined && keysInOrder(value, ["mentions"]) && isConstraints(mentions, 1);
  }
  if (!("one_of" in value) && !("optional" in value)) return isJson(value, 0);
  const { one_of: oneOf, optional } = value;
  return (
    keysInOrder(value, ["one_of", "optional"]) &&
    Array.isArray(oneOf) &&
    isJson(oneOf, 0) &&
    (optional === undefined || optional === true) &&
    (oneOf.length > 0 || optional === true)
  );
}

function isExpectedCall(value: unknown): boolean {
  if (!isPlain(value) || !keysInOrder(value, ["name", "arguments"])) return false;
  const args = value.arguments;
  if (!isNonEmptyString(value.name) || !isPlain(args)) return false;
  for (const key in args) if (!isExpectedValue(args[key])) return false;
  return true;
}

/**
 * One answer constraint as the schema takes it: a phrase or a non-empty list of them, which compiles. A constraint
 * that does not compile is left to the schema, which names it.
 */
function isConstraint(value: unknown): boolean {
  if (
    !isNonEmptyString(value) &&
    !(Array.isArray(value) && value.length > 0 && value.every(isNonEmptyString))
  )
    return false;
  try {
    compileConstraint(value);
    return true;
  } catch {
    return false;
  }
}

/** An optional list of answer constraints with at least `min` entries. */
function isConstraints(value: unknown, min: number): boolean {
  return value === undefined || (Array.isArray(value) && value.length >= min && value.every(isConstraint));
}

function isExpect(value: unknown): boolean {
  if (!isPlain(value)) return false;
  if ("call" in value) return keysInOrder(value, ["call"]) && isExpectedCall(value.call);
  if ("calls" in value) {
    const calls = value.calls;
    return (
      keysInOrder(value, ["calls"]) && Array.isArray(calls) && calls.length > 0 && calls.every(isExpectedCall)
    );
  }
  if ("any_call" in value) return keysInOrder(value, ["any_call"]) && value.any_call === true;
  return (
    keysInOrder(value, ["no_call", "answer_contains_all", "answer_contains_any"]) &&
    NO_CALL_SET.has(value.no_call) &&
    isConstraints(value.answer_contains_all, 0) &&
    isConstraints(value.answer_contains_any, 1)
  );
}

function isBfclSource(value: unknown): boolean {
  if (!isPlain(value) || !keysInOrder(value, ["category", "function", "ground_truth", "unpassable"]))
    return false;
  const { category, function: documents, ground_truth: groundTruth, unpassable } = value;
  return (
    isNonEmptyString(category) &&
    Array.isArray(documents) &&
    (groundTruth === undefined || isString(groundTruth)) &&
    (unpassable === undefined || (isStringArray(unpassable) && (unpassable as unknown[]).length > 0))
  );
}

/** True only when the case schema would accept `value` and return it unchanged (see the file's comment). */
export function isPlainCase(value: unknown): value is Case {
  if (!isPlain(value) || !keysInOrder(value, CASE_KEYS)) return false;
  const { id, lang, category, difficulty, kind, tools, messages, expect, bfcl } = value;
  return (
    isNonEmptyString(id) &&
    isString(lang) &&
    /^[a-z]{2}$/.test(lang) &&
    isNonEmptyString(category) &&
    (difficulty === undefined || DIFFICULTY_SET.has(difficulty)) &&
    (kind === undefined || KIND_SET.has(kind)) &&
    Array.isArray(tools) &&
    tools.every(isTool) &&
    Array.isArray(messages) &&
    messages.length > 0 &&
    messages.every(isMessage) &&
    isExpect(expect) &&
    (bfcl === undefined || isBfclSource(bfcl)) &&
    obeysCaseRules(value as Case)
  );
}
