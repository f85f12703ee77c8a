/**
 * Grading under a chosen profile. Under ours (the default) every verdict also carries BFCL's (`bfcl`), which the
 * summary's `bfcl_compatible_score` counts. Under `--rules bfcl` the verdict is BFCL's alone: its calls are the ones
 * BFCL decodes, and ours is not computed (it would cost more than BFCL's whole check; grade again without
 * `--rules` to have both).
 */
import type { Case } from "../../cases/schema.js";
import { jsonObject } from "../../extract/python-value.js";
import { grade, type Output } from "../grade.js";
import { offeredTools } from "../offered.js";
import { mostLenient, type NameResolution, resolveToolName } from "../resolve-tool.js";
import type { Verdict } from "../verdict.js";
import type { BfclMode } from "./checker.js";
import { decodeForBfcl } from "./decode.js";
import { bfclNameResolution, gradeBfcl, judgeBfcl } from "./grade-bfcl.js";

export const RULES = ["tooluse", "bfcl"] as const;
export type Rules = (typeof RULES)[number];

export interface RulesOptions {
  rules?: Rules | undefined;
  /** How the model was served, for BFCL's name rule; default: `fc` for native outputs, `prompt` for text. */
  bfclMode?: BfclMode | undefined;
}

/** The most lenient resolution among calls that reach an offered tool under our rules. */
function ourResolution(testCase: Case, calls: readonly { name: string }[]): NameResolution | undefined {
  const tools = offeredTools(testCase);
  return mostLenient(calls.flatMap((call) => resolveToolName(call.name, tools)?.resolution ?? []));
}

function bfclOnly(testCase: Case, output: Output, mode: BfclMode): Verdict {
  const decoded = decodeForBfcl(output.output, output.protocol);
  const bfcl = judgeBfcl(testCase, decoded, mode);
  const calls = decoded.ok
    ? decoded.calls.map((call) => ({ name: call.name, arguments: jsonObject(call.arguments) }))
    : [];
  // Built as one literal in the documented field order: this runs once per output on the fast path.
  const graded: Verdict = {
    id: testCase.id,
    protocol: output.protocol,
    passed: bfcl.passed,
    calls,
    tool_ok: null,
    args_ok: null,
    extra: null,
    spurious: null,
    malformed: !decoded.ok,
    answer_ok: null,
    reason: bfcl.reason,
    rules: "bfcl",
    bfcl,
  };
  const resolution = bfclNameResolution(testCase, calls, mode);
  if (resolution !== undefined) graded.name_resolution = resolution;
  return graded;
}

/** Grades one output under `options.rules` (default: ours, with BFCL's verdict attached). */
export function gradeWithRules(testCase: Case, output: Output, options: RulesOptions = {}): Verdict {
  const mode = options.bfclMode ?? (output.protocol === "native" ? "fc" : "prompt");
  if (options.rules === "bfcl") return bfclOnly(testCase, output, mode);
  const graded: Verdict = { ...grade(testCase, output), bfcl: gradeBfcl(testCase, output, mode) };
  const resolution = ourResolution(testCase, graded.calls);
  if (resolution !== undefined) graded.name_resolution = resolution;
  return graded;
}
