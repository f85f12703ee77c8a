/**
 * A case from another suite (ToolUse.1's own) as a BFCL question, so every case has a BFCL-compatible verdict:
 * tools become BFCL function documents, the expectation becomes a possible answer (`one_of` → the accepted list,
 * `optional` → `""`, a declared argument the case does not expect → `[""]`, as BFCL's answers list them;
 * `mentions` → its example text, since BFCL compares strings).
 */
import { isMentions, mentionsExample } from "../../cases/mentions.js";
import type { Case, ExpectedCall, ExpectedValue } from "../../cases/schema.js";
import { fromJsonValue, type PyDict, type PyValue } from "../../extract/python-value.js";
import type { ToolParameter, ToolSpec } from "../../tools/types.js";
import { offeredTools } from "../offered.js";
import type { BfclProblem } from "./checker.js";

const BFCL_TYPE: Readonly<Record<ToolParameter["type"], string>> = {
  string: "string",
  number: "float",
  integer: "integer",
  boolean: "boolean",
  array: "array",
  object: "dict",
};

function itemType(parameter: ToolParameter): string {
  const items = parameter.schema?.items;
  const type = items && !Array.isArray(items.type) ? items.type : undefined;
  return type === undefined ? "string" : (BFCL_TYPE[type as ToolParameter["type"]] ?? "string");
}

// A tool's document depends on the tool alone, and the checker only reads documents: cases offering the same tool
// (the catalogue's nine, in a suite of thousands of cases) share one.
const documents = new WeakMap<ToolSpec, PyDict>();

function documentOf(tool: ToolSpec): PyDict {
  let document = documents.get(tool);
  if (document === undefined) {
    document = buildDocument(tool);
    documents.set(tool, document);
  }
  return document;
}

function buildDocument(tool: ToolSpec): PyDict {
  const properties: PyDict = new Map();
  for (const parameter of tool.parameters) {
    const detail: PyDict = new Map([["type", BFCL_TYPE[parameter.type]]]);
    if (parameter.type === "array") detail.set("items", new Map([["type", itemType(parameter)]]));
    properties.set(parameter.name, detail);
  }
  const required = tool.parameters.filter((p) => p.required).map((p) => p.name);
  const parameters: PyDict = new Map<string, PyValue>([
    ["type", "dict"],
    ["properties", properties],
    ["required", required],
  ]);
  return new Map<string, PyValue>([
    ["name", tool.name],
    ["parameters", parameters],
  ]);
}

/** Accepted values at one level: alternatives inside objects become BFCL's nested accepted lists. */
function acceptedList(expected: ExpectedValue): PyValue[] {
  // BFCL has no "mentions": its answers list strings, so the one a BFCL author would write is the example.
  if (isMentions(expected)) return [mentionsExample(expected)];
  if (expected !== null && typeof expected === "object" && !Array.isArray(expected) && "one_of" in expected) {
    const values = (expected.one_of as ExpectedValue[]).map(acceptedValue);
    return expected.optional === true ? [...values, ""] : values;
  }
  return [acceptedValue(expected)];
}

function acceptedValue(expected: ExpectedValue): PyValue {
  if (expected === null || typeof expected !== "object") return fromJsonValue(expected);
  if (Array.isArray(expected)) return expected.map(acceptedValue);
  const dict: PyDict = new Map();
  for (const [key, inner] of Object.entries(expected)) dict.set(key, acceptedList(inner as ExpectedValue));
  return dict;
}

function answerOf(call: ExpectedCall, tools: readonly ToolSpec[]): PyDict {
  const args: PyDict = new Map();
  for (const [name, expected] of Object.entries(call.arguments)) args.set(name, acceptedList(expected));
  const tool = tools.find((t) => t.name === call.name);
  for (const parameter of tool?.parameters ?? []) {
    if (!args.has(parameter.name)) args.set(parameter.name, [""]);
  }
  return new Map([[call.name, args]]);
}

/** The BFCL question a case amounts to; no-call cases are irrelevance questions, `any_call` a relevance one. */
export function problemFromCase(testCase: Case): BfclProblem {
  const tools = offeredTools(testCase);
  const functions = tools.map(documentOf);
  const expect = testCase.expect;
  const category = categoryOfCase(testCase);
  if ("call" in expect) return { category, functions, groundTruth: [answerOf(expect.call, tools)] };
  if ("calls" in expect)
    return { category, functions, groundTruth: expect.calls.map((call) => answerOf(call, tools)) };
  return { category, functions, groundTruth: null };
}

/** The BFCL category a case's expectation amounts to (what {@link problemFromCase} would say, without building it). */
export function categoryOfCase(testCase: Pick<Case, "expect">): string {
  const expect = testCase.expect;
  // "multiple" finds the expected function by name; "simple" would take the first offered one.
  if ("call" in expect) return "multiple";
  if ("calls" in expect) return "parallel_multiple";
  return "any_call" in expect ? "live_relevance" : "irrelevance";
}
