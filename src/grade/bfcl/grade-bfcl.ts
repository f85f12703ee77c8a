/** The `bfcl` grading profile: one case and one raw output in, BFCL's verdict out. Pure. */
import type { Case } from "../../cases/schema.js";
import { type Extraction, extractCalls } from "../../extract/index.js";
import { parsePyJson } from "../../extract/python-json.js";
import { fromJsonValue, type PyDict, type PyValue } from "../../extract/python-value.js";
import { offeredTools } from "../offered.js";
import type { Output } from "../output.js";
import type { NameResolution } from "../resolve-tool.js";
import { type BfclMode, type BfclProblem, checkBfclCalls, expectedName } from "./checker.js";
import { type BfclDecoded, decodeForBfcl } from "./decode.js";
import { categoryOfCase, problemFromCase } from "./from-case.js";

/** BFCL's verdict as a verdict line carries it next to ours. */
export interface BfclVerdict {
  passed: boolean;
  /** BFCL's error type on failure (`value_error:string`, `ast_decoder:decoder_failed`, `exception:KeyError`…); "" on a pass. */
  error_type: string;
  reason: string;
  /** The question has an argument with no accepted value: no output can pass it (BFCL data, kept as BFCL grades it). */
  unpassable?: true;
  /** The case came from another suite: its expectation was translated into BFCL's answer format to grade it. */
  translated?: true;
  /**
   * The calls were read by our xml or plain protocol's own parser: formats BFCL never asks for, which its decoder
   * would fail. A named leniency, so a BFCL-compatible score over these protocols is never mistaken for BFCL's own.
   */
  read_by?: "xml" | "plain";
}

/**
 * What BFCL grades a question by, prepared on first need: the category at once, the parsed documents and answer and
 * the functions' names only when a verdict reads them (an irrelevance question's verdict needs no answer, and only
 * the `bfcl` profile reads the names). A suite of thousands of distinct questions pays only for what it uses.
 */
class Prepared {
  readonly notes: Pick<BfclVerdict, "unpassable" | "translated">;
  private problemRead: BfclProblem | undefined;
  private namesRead: { prompt: ReadonlySet<string>; fc: ReadonlySet<string> } | undefined;

  constructor(
    private readonly testCase: Case,
    readonly category: string,
  ) {
    this.notes = testCase.bfcl
      ? testCase.bfcl.unpassable
        ? { unpassable: true }
        : {}
      : { translated: true };
  }

  problem(): BfclProblem {
    this.problemRead ??= problemOf(this.testCase);
    return this.problemRead;
  }

  /** The functions' names, and in fc mode the names with dots turned into underscores. */
  names(): { prompt: ReadonlySet<string>; fc: ReadonlySet<string> } {
    this.namesRead ??= namesOf(this.problem());
    return this.namesRead;
  }
}

function problemOf(testCase: Case): BfclProblem {
  const source = testCase.bfcl;
  if (!source) return problemFromCase(testCase);
  const groundTruth = source.ground_truth === undefined ? null : (parsePyJson(source.ground_truth) ?? null);
  return { category: source.category, functions: fromJsonValue(source.function), groundTruth };
}

function namesOf(problem: BfclProblem): ReturnType<Prepared["names"]> {
  const documents = Array.isArray(problem.functions) ? problem.functions : [];
  const names = documents.flatMap((d) =>
    d instanceof Map && typeof d.get("name") === "string" ? [d.get("name") as string] : [],
  );
  return { prompt: new Set(names), fc: new Set(names.map((name) => expectedName(name, "fc") as string)) };
}

// Outputs of one question share its preparation: prepare each question once (copies of a question under many ids
// share one `bfcl` object when loaded by loadCases).
const prepared = new WeakMap<object, Prepared>();

function prepare(testCase: Case): Prepared {
  const key = testCase.bfcl ?? testCase;
  let entry = prepared.get(key);
  if (entry === undefined) {
    entry = new Prepared(testCase, testCase.bfcl ? testCase.bfcl.category : categoryOfCase(testCase));
    prepared.set(key, entry);
  }
  return entry;
}

/**
 * The calls BFCL's checker gets from an output. BFCL's own formats (a Python list of calls, JSON calls, native tool
 * calls) are decoded strictly, as BFCL does. Our xml and plain protocols are formats BFCL never asks for: there the
 * protocol's own parser reads the calls, and values are read back as the protocol wrote them (JSON unless a string;
 * `5.0` reads as `5`). `known`: what `extractCalls(output, { tools })` returns for it, when the caller already has it.
 */
export function decodeOutput(
  testCase: Case,
  output: Output,
  mode: BfclMode,
  known?: Extraction,
): BfclDecoded {
  const decoded = decodeForBfcl(output.output, output.protocol, mode);
  if (decoded.ok || (output.protocol !== "xml" && output.protocol !== "plain")) return decoded;
  const extraction = known ?? extractCalls(output.output, { tools: offeredTools(testCase) });
  if (extraction.malformed) return decoded;
  const calls = extraction.calls.map((call) => {
    const args = fromJsonValue(call.arguments) as PyDict;
    if (output.protocol === "plain") for (const [key, value] of args) args.set(key, plainValue(value));
    return { name: call.name, arguments: args };
  });
  return { ok: true, calls, shape: "protocol", readBy: output.protocol };
}

/** The plain protocol writes strings as they are and every other value as JSON (`k=2.5`, `k=[1,2]`): read it back so. */
function plainValue(value: PyValue): PyValue {
  if (typeof value !== "string") return value;
  const parsed = parsePyJson(value);
  return parsed === undefined || typeof parsed === "string" ? value : parsed;
}

/** Grades one output under BFCL's rules (`mode`: how names were served, see {@link BfclMode}). */
export function gradeBfcl(testCase: Case, output: Output, mode: BfclMode): BfclVerdict {
  return judgeBfcl(testCase, decodeOutput(testCase, output, mode), mode);
}

/** A verdict with the question's notes (unpassable, translated); built field by field, once per output. */
function outcome(
  notes: Prepared["notes"],
  passed: boolean,
  errorType: string,
  reason: string,
  decoded: BfclDecoded,
): BfclVerdict {
  const verdict: BfclVerdict = { passed, error_type: errorType, reason };
  if (notes.unpassable) verdict.unpassable = true;
  if (notes.translated) verdict.translated = true;
  if (decoded.ok && decoded.readBy) verdict.read_by = decoded.readBy;
  return verdict;
}

/** BFCL's verdict on calls already decoded from an output. */
export function judgeBfcl(testCase: Case, decoded: BfclDecoded, mode: BfclMode): BfclVerdict {
  const question = prepare(testCase);
  const { category, notes } = question;
  const calls = decoded.ok ? decoded.calls : [];
  // BFCL's irrelevance rule: no call decoded (or nothing decodable) passes; its relevance rule: some call passes.
  // The error types are its eval runner's (_evaluate_single_relevance_entry).
  if (category.includes("irrelevance")) {
    return calls.length === 0
      ? outcome(notes, true, "", "no call, as expected", decoded)
      : outcome(notes, false, "irrelevance_error:decoder_success", "a call was decoded", decoded);
  }
  if (category.includes("relevance")) {
    return calls.length > 0
      ? outcome(notes, true, "", "some call was decoded", decoded)
      : outcome(notes, false, "relevance_error:decoder_failed", "no call was decoded", decoded);
  }
  if (!decoded.ok) {
    return outcome(
      notes,
      false,
      "ast_decoder:decoder_failed",
      decoded.failure
        ? `BFCL's decoder fails: ${decoded.failure.python} (${decoded.failure.reason})`
        : "the output is not a list of calls BFCL can decode",
      decoded,
    );
  }
  const result = checkBfclCalls(question.problem(), calls, mode);
  return outcome(notes, result.valid, result.error_type, result.valid ? "valid" : result.error, decoded);
}

/**
 * How BFCL's name rule resolved the calls: `exact`, or `mangled` where fc mode's dots-to-underscores was needed;
 * undefined when no call names a function of the question.
 */
export function bfclNameResolution(
  testCase: Case,
  calls: readonly { name: string }[],
  mode: BfclMode,
): NameResolution | undefined {
  if (calls.length === 0) return undefined;
  const names = prepare(testCase).names();
  let resolution: NameResolution | undefined;
  for (const { name } of calls) {
    if (!names[mode].has(name)) continue;
    if (names.prompt.has(name) && !(mode === "fc" && name.includes("."))) resolution ??= "exact";
    else resolution = "mangled";
  }
  return resolution;
}
