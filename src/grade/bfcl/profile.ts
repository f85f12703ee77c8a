/**
 * BFCL's verdict in the grading profiles (src/grade/profiles.ts). Under ours (tooluse, spec1) every verdict also
 * carries BFCL's (`bfcl`), which the summary's `bfcl_compatible_score` counts. Under `--rules bfcl` the verdict is
 * BFCL's alone: its calls are the ones BFCL decodes, and ours is not computed (it costs more than BFCL's whole
 * check; grade again under ours to have both).
 */
import type { Case } from "../../cases/schema.js";
import { type Extraction, readsAsDefaults } from "../../extract/index.js";
import { offeredTools } from "../offered.js";
import type { Output } from "../output.js";
import { mostLenient, type NameResolution, resolveToolName } from "../resolve-tool.js";
import type { Verdict } from "../verdict.js";
import type { BfclMode } from "./checker.js";
import { bfclNameResolution, decodeOutput, judgeBfcl } from "./grade-bfcl.js";
import { reprValue } from "./python/repr.js";
import { jsonRecord } from "./python/value.js";

/** How the model was served, for BFCL's name rule; default `prompt` (names as offered). */
function modeFor(mode: BfclMode | undefined): BfclMode {
  return mode ?? "prompt";
}

/** The most lenient resolution among calls that reach an offered tool under our rules. */
function ourResolution(testCase: Case, calls: readonly { name: string }[]): NameResolution | undefined {
  if (calls.length === 0) return undefined;
  const tools = offeredTools(testCase);
  const resolutions: NameResolution[] = [];
  for (const call of calls) {
    const resolved = resolveToolName(call.name, tools);
    if (resolved) resolutions.push(resolved.resolution);
  }
  return mostLenient(resolutions);
}

function bfclOnly(testCase: Case, output: Output, mode: BfclMode): Verdict {
  const decoded = decodeOutput(testCase, output, mode);
  const bfcl = judgeBfcl(testCase, decoded, mode);
  const calls = decoded.ok
    ? decoded.calls.map((call) => ({ name: call.name, arguments: jsonRecord(call.arguments, reprValue) }))
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

/**
 * A verdict of ours (any of our profiles) with BFCL's verdict on the same output attached (`bfcl`), and how its call
 * names were resolved (`name_resolution`). The fields are added in place to the verdict, which the caller has just
 * built and owns: a copy per output is what this saves. `extraction`: how our grader read the same output, if known.
 */
export function withBfclVerdict(
  testCase: Case,
  output: Output,
  graded: Verdict,
  mode?: BfclMode,
  extraction?: Extraction,
): Verdict {
  // Our reading of the raw text is BFCL's too (for xml and plain) whenever options could not have changed it.
  const known = extraction && readsAsDefaults(output.output, extraction) ? extraction : undefined;
  const bfclMode = modeFor(mode);
  graded.bfcl = judgeBfcl(testCase, decodeOutput(testCase, output, bfclMode, known), bfclMode);
  const resolution = ourResolution(testCase, graded.calls);
  if (resolution !== undefined) graded.name_resolution = resolution;
  return graded;
}

/** The `bfcl` profile's verdict: BFCL's alone, with the calls BFCL decoded. */
export function gradeBfclProfile(testCase: Case, output: Output, mode?: BfclMode): Verdict {
  return bfclOnly(testCase, output, modeFor(mode));
}
