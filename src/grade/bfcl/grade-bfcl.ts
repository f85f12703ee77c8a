/** The `bfcl` grading profile: one case and one raw output in, BFCL's verdict out. Pure. */
import type { Case } from "../../cases/schema.js";
import { parsePyJson } from "../../extract/python-json.js";
import { fromJsonValue, type PyValue } from "../../extract/python-value.js";
import type { Output } from "../grade.js";
import { type BfclMode, type BfclProblem, checkBfclCalls } from "./checker.js";
import { type BfclDecoded, decodeForBfcl } from "./decode.js";
import { problemFromCase } from "./from-case.js";

/** BFCL's verdict as a verdict line carries it next to ours. */
export interface BfclVerdict {
  passed: boolean;
  /** BFCL's error type on failure (`value_error:string`, `ast_decoder:decoder_failed`, `exception:KeyError`…); "" on a pass. */
  error_type: string;
  reason: string;
  /** The case came from another suite: its expectation was translated into BFCL's answer format to grade it. */
  translated?: true;
}

type Prepared = { problem: BfclProblem; translated: boolean } | { unpassable: string[] };

// Outputs of one case share its parsed documents and answers: prepare each question once (copies of a question
// under many ids share its `bfcl` object when loaded by loadCases), and each distinct answer text once.
const prepared = new WeakMap<object, Prepared>();
const parsedTexts = new Map<string, PyValue>();

function parsedOnce(text: string): PyValue {
  let value = parsedTexts.get(text);
  if (value === undefined) {
    value = parsePyJson(text) ?? null;
    parsedTexts.set(text, value);
  }
  return value;
}

function prepare(testCase: Case): Prepared {
  const key = testCase.bfcl ?? testCase;
  let entry = prepared.get(key);
  if (entry === undefined) {
    const source = testCase.bfcl;
    if (source?.unpassable) entry = { unpassable: source.unpassable };
    else if (source) {
      const groundTruth = source.ground_truth === undefined ? null : parsedOnce(source.ground_truth);
      const problem = { category: source.category, functions: fromJsonValue(source.function), groundTruth };
      entry = { problem, translated: false };
    } else entry = { problem: problemFromCase(testCase), translated: true };
    prepared.set(key, entry);
  }
  return entry;
}

function verdictOf(passed: boolean, errorType: string, reason: string, translated: boolean): BfclVerdict {
  return { passed, error_type: errorType, reason, ...(translated ? { translated: true as const } : {}) };
}

/** Grades one output under BFCL's rules (`mode`: how names were served, see {@link BfclMode}). */
export function gradeBfcl(testCase: Case, output: Output, mode: BfclMode): BfclVerdict {
  return judgeBfcl(testCase, decodeForBfcl(output.output, output.protocol), mode);
}

/** BFCL's verdict on calls already decoded from an output. */
export function judgeBfcl(testCase: Case, decoded: BfclDecoded, mode: BfclMode): BfclVerdict {
  const entry = prepare(testCase);
  if ("unpassable" in entry) {
    return verdictOf(
      false,
      "unpassable",
      `no accepted value exists for ${entry.unpassable.join(", ")}`,
      false,
    );
  }
  const { problem, translated } = entry;
  const calls = decoded.ok ? decoded.calls : [];
  if (problem.category.includes("irrelevance")) {
    const passed = calls.length === 0;
    return verdictOf(
      passed,
      passed ? "" : "irrelevance:called",
      passed ? "no call, as expected" : "a call was made",
      translated,
    );
  }
  if (problem.category.includes("relevance")) {
    const passed = calls.length > 0;
    return verdictOf(
      passed,
      passed ? "" : "relevance:no_call",
      passed ? "some call was made" : "no call",
      translated,
    );
  }
  if (!decoded.ok) {
    return verdictOf(
      false,
      "ast_decoder:decoder_failed",
      "the output is not a list of calls BFCL can decode",
      translated,
    );
  }
  const result = checkBfclCalls(problem, calls, mode);
  return verdictOf(result.valid, result.error_type, result.valid ? "valid" : result.error, translated);
}
