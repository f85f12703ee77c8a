/**
 * Grading under a chosen profile. Under ours (the default) every verdict also carries BFCL's (`bfcl`), which the
 * summary's `bfcl_compatible_score` counts. Under `--rules bfcl` the verdict is BFCL's alone: its calls are the ones
 * BFCL decodes, and ours is not computed (it would cost more than BFCL's whole check; grade again without
 * `--rules` to have both).
 */
import type { Case } from "../../cases/schema.js";
import { toJsonValue } from "../../extract/python-value.js";
import { grade, type Output } from "../grade.js";
import { offeredTools } from "../offered.js";
import { mostLenient, type NameResolution, resolveToolName } from "../resolve-tool.js";
import { type Verdict, verdict } from "../verdict.js";
import type { BfclMode } from "./checker.js";
import { decodeForBfcl } from "./decode.js";
import { gradeBfcl, judgeBfcl } from "./grade-bfcl.js";

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

/** BFCL's own name rule: exact, or (fc mode) a dotted name with its dots turned into underscores. */
function bfclResolution(
  testCase: Case,
  calls: readonly { name: string }[],
  mode: BfclMode,
): NameResolution | undefined {
  const names = offeredTools(testCase).map((tool) => tool.name);
  return mostLenient(
    calls.flatMap((call): NameResolution[] => {
      if (names.includes(call.name) && (mode === "prompt" || !call.name.includes("."))) return ["exact"];
      return mode === "fc" && names.some((n) => n.includes(".") && n.replace(/\./g, "_") === call.name)
        ? ["mangled"]
        : [];
    }),
  );
}

function withResolution(verdict: Verdict, resolution: NameResolution | undefined): Verdict {
  return resolution === undefined ? verdict : { ...verdict, name_resolution: resolution };
}

function bfclOnly(testCase: Case, output: Output, mode: BfclMode): Verdict {
  const decoded = decodeForBfcl(output.output, output.protocol);
  const bfcl = judgeBfcl(testCase, decoded, mode);
  const calls = decoded.ok
    ? decoded.calls.map((call) => ({
        name: call.name,
        arguments: toJsonValue(call.arguments) as Record<string, unknown>,
      }))
    : [];
  const notApplicable = { tool_ok: null, args_ok: null, extra: null, spurious: null, answer_ok: null };
  const base = {
    id: testCase.id,
    protocol: output.protocol,
    calls,
    malformed: !decoded.ok,
    ...notApplicable,
  };
  const graded = {
    ...verdict({ ...base, passed: bfcl.passed, reason: bfcl.reason }),
    rules: "bfcl" as const,
    bfcl,
  };
  return withResolution(graded, bfclResolution(testCase, calls, mode));
}

/** Grades one output under `options.rules` (default: ours, with BFCL's verdict attached). */
export function gradeWithRules(testCase: Case, output: Output, options: RulesOptions = {}): Verdict {
  const mode = options.bfclMode ?? (output.protocol === "native" ? "fc" : "prompt");
  if (options.rules === "bfcl") return bfclOnly(testCase, output, mode);
  const ours = grade(testCase, output);
  return withResolution(
    { ...ours, bfcl: gradeBfcl(testCase, output, mode) },
    ourResolution(testCase, ours.calls),
  );
}
