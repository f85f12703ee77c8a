/**
 * BFCL's AST checker for the Python path, in our words: one call against one function document and one possible
 * answer, then the category's rule for several calls (simple: exactly one; multiple: the first; parallel: greedy
 * unordered matching). Pure; what the checker would crash on is a failed verdict of kind `exception:…`.
 */
import {
  type BfclCall,
  dictEntries,
  dictHas,
  PyFloat,
  PyTuple,
  type TypeName,
  typeName,
  type Value,
} from "./python/value.js";
import {
  PythonCrash,
  pyContains,
  pyEquals,
  pyGet,
  pyIndexed,
  pyItems,
  pyIterate,
} from "./python-semantics.js";
import {
  checkDict,
  checkList,
  checkListOfDicts,
  checkString,
  checkType,
  invalid,
  pythonTypeOf,
  type RuleResult,
  VALID,
} from "./values.js";

/** How the model was served: prompt mode keeps dotted names; function-calling runtimes turn `.` into `_`. */
export const BFCL_MODES = ["prompt", "fc"] as const;
export type BfclMode = (typeof BFCL_MODES)[number];

/** What BFCL grades against: the question's function documents and its possible answer, as Python values. */
export interface BfclProblem {
  category: string;
  functions: Value;
  groundTruth: Value;
}

/** BFCL's verdict on one output: `valid`, and when not, its error type (`exception:…` where its checker crashes). */
export interface BfclResult {
  valid: boolean;
  error_type: string;
  error: string;
}

/** The name the model must have written: in `fc` mode dots become underscores (OpenAI's name pattern forbids dots). */
export function expectedName(documentName: Value, mode: BfclMode): Value {
  return mode === "fc" && typeof documentName === "string" ? documentName.replace(/\./g, "_") : documentName;
}

function firstEntry(answer: Value): [Value, Value] {
  const entry = answer instanceof Map ? answer.entries().next().value : pyItems(answer)[0];
  if (entry === undefined) throw new PythonCrash("IndexError", "list index out of range");
  return entry;
}

/** One argument's value against its schema entry and accepted values. */
function checkArgument(param: string, given: Value, detail: Value, accepted: Value): RuleResult {
  const declared = pyGet(detail, "type");
  const expected = pythonTypeOf(declared);
  const nested: TypeName | null =
    declared === "array" || declared === "tuple" ? pythonTypeOf(pyGet(pyGet(detail, "items"), "type")) : null;
  let value = given;
  if (declared === "tuple" && value instanceof PyTuple) value = value.items;
  // The one promotion BFCL allows: an int where a float is declared (not inside lists).
  if (declared === "float" && typeName(value) === "int") {
    const number = Number(value);
    if (!Number.isFinite(number)) throw new PythonCrash("OverflowError", "int too large to convert to float");
    value = new PyFloat(number);
  }
  const type = checkType(param, value, accepted, expected, nested);
  if (!type.result.valid) return type.result;
  if (!type.isVariable) {
    if (expected === "dict") return checkDict(value, accepted);
    if (expected === "list" && nested === "dict") return checkListOfDicts(value as Value[], accepted);
    if (expected === "str") return checkString(param, value as string, accepted);
    if (expected === "list") return checkList(param, value as Value[], accepted);
  }
  return pyContains(accepted, value)
    ? VALID
    : invalid("value_error:others", `Invalid value for parameter '${param}'.`);
}

/** One call against one function document and one possible answer `{name: {param: [accepted…]}}`. */
export function checkOneCall(document: Value, call: BfclCall, answer: Value, mode: BfclMode): RuleResult {
  const [, params] = firstEntry(answer);
  const name = expectedName(pyGet(document, "name"), mode);
  const parameters = pyGet(document, "parameters");
  const details = pyGet(parameters, "properties");
  const required = pyGet(parameters, "required");
  if (call.name !== name) {
    return invalid("simple_function_checker:wrong_func_name", `Function name ${String(name)} not found.`);
  }
  for (const param of pyIterate(required)) {
    if (!pyContains(call.arguments, param)) {
      return invalid(
        "simple_function_checker:missing_required",
        `Missing required parameter: ${String(param)}.`,
      );
    }
  }
  const args = call.arguments;
  for (const [param, value] of args instanceof Map ? args : dictEntries(args)) {
    // A `**kwargs` argument has the key None, which no schema declares.
    if (typeof param !== "string" || !pyContains(details, param) || !pyContains(params, param)) {
      return invalid("simple_function_checker:unexpected_param", `Unexpected parameter: '${String(param)}'.`);
    }
    const result = checkArgument(param, value, pyGet(details, param), pyGet(params, param));
    if (!result.valid) return result;
  }
  for (const [param, accepted] of params instanceof Map ? params : pyItems(params)) {
    const given = args instanceof Map ? typeof param === "string" && args.has(param) : dictHas(args, param);
    if (!given && !pyContains(accepted, "")) {
      return invalid(
        "simple_function_checker:missing_optional",
        `Optional parameter '${String(param)}' not provided and not marked as optional.`,
      );
    }
  }
  return VALID;
}

function findDocument(functions: Value, name: Value): Value {
  if (!Array.isArray(functions)) return functions;
  return functions.find((document) => pyEquals(pyGet(document, "name"), name)) ?? null;
}

/** Parallel categories: each expected call, in order, takes the first unmatched output call that passes (greedy). */
function checkUnordered(problem: BfclProblem, calls: readonly BfclCall[], mode: BfclMode): RuleResult {
  const answers = pyIndexed(problem.groundTruth);
  if (calls.length !== answers.length) {
    return invalid("parallel_function_checker_no_order:wrong_count", "Wrong number of functions.");
  }
  const matched = new Set<number>();
  for (const [index, answer] of answers.entries()) {
    const document = findDocument(problem.functions, firstEntry(answer)[0]);
    let found = false;
    for (let candidate = 0; candidate < calls.length && !found; candidate++) {
      if (matched.has(candidate)) continue;
      if (checkOneCall(document, calls[candidate] as BfclCall, answer, mode).valid) {
        matched.add(candidate);
        found = true;
      }
    }
    if (!found) {
      return invalid(
        "parallel_function_checker_no_order:cannot_find_match",
        `No output call matches expected call #${index + 1}.`,
      );
    }
  }
  return VALID;
}

function checkCategory(problem: BfclProblem, calls: readonly BfclCall[], mode: BfclMode): RuleResult {
  if (problem.category.includes("parallel")) return checkUnordered(problem, calls, mode);
  if (problem.category.includes("multiple")) {
    const answers = pyIndexed(problem.groundTruth);
    if (calls.length !== answers.length) {
      return invalid("multiple_function_checker:wrong_count", "Wrong number of functions.");
    }
    const answer = answers[0] as Value;
    const document = findDocument(problem.functions, firstEntry(answer)[0]);
    return checkOneCall(document, calls[0] as BfclCall, answer, mode);
  }
  if (calls.length !== 1) return invalid("simple_function_checker:wrong_count", "Wrong number of functions.");
  const document = pyIndexed(problem.functions)[0];
  const answer = pyIndexed(problem.groundTruth)[0];
  if (document === undefined || answer === undefined) {
    throw new PythonCrash("IndexError", "list index out of range");
  }
  return checkOneCall(document, calls[0] as BfclCall, answer, mode);
}

/** BFCL's verdict on decoded calls for a category with possible answers. */
export function checkBfclCalls(problem: BfclProblem, calls: readonly BfclCall[], mode: BfclMode): BfclResult {
  try {
    const result = checkCategory(problem, calls, mode);
    return result.valid
      ? { valid: true, error_type: "", error: "" }
      : { valid: false, error_type: result.errorType, error: result.error };
  } catch (error) {
    if (!(error instanceof PythonCrash)) throw error;
    return { valid: false, error_type: `exception:${error.kind}`, error: error.message };
  }
}
