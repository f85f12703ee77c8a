/**
 * Grading under a chosen profile while keeping the other's verdict: every verdict carries BFCL's (`bfcl`), and under
 * `--rules bfcl` its `passed` and `reason` are BFCL's, with ours kept under `tooluse`.
 */
import type { Case } from "../../cases/schema.js";
import { grade, type Output } from "../grade.js";
import type { Verdict } from "../verdict.js";
import type { BfclMode } from "./checker.js";
import { gradeBfcl } from "./grade-bfcl.js";

export const RULES = ["tooluse", "bfcl"] as const;
export type Rules = (typeof RULES)[number];

export interface RulesOptions {
  rules?: Rules | undefined;
  /** How the model was served, for BFCL's name rule (default `prompt`). */
  bfclMode?: BfclMode | undefined;
}

/** Grades one output under `options.rules` (default: ours), with BFCL's verdict attached either way. */
export function gradeWithRules(testCase: Case, output: Output, options: RulesOptions = {}): Verdict {
  const ours = grade(testCase, output);
  const bfcl = gradeBfcl(testCase, output, options.bfclMode ?? "prompt");
  if (options.rules !== "bfcl") return { ...ours, bfcl };
  return {
    ...ours,
    passed: bfcl.passed,
    reason: bfcl.reason,
    rules: "bfcl",
    tooluse: { passed: ours.passed, reason: ours.reason },
    bfcl,
  };
}
