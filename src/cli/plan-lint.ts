/** `tooluse plan lint`: the planning sources against docs/plan-conventions.md; exit 1 when anything breaks a rule. */
import { join } from "node:path";
import { CORPUS_DIR } from "../paths.js";
import { DEFAULT_TOOL_DESCRIPTIONS } from "../plans/index.js";
import { formatViolation, type LintViolation, lintPlanSources } from "../plans/lint/index.js";
import { terminalText } from "../sanitize.js";
import { reportExpected } from "./boundary.js";
import type { Streams } from "./io.js";

export interface PlanLintOptions {
  /** Default: the package's corpus/plans/. */
  dir?: string;
  json?: boolean;
}

/** Lints and prints; the violations are returned so `plan build` can refuse to write. */
export function lintAndPrint(io: Streams, options: PlanLintOptions = {}): LintViolation[] {
  const dir = options.dir ?? join(CORPUS_DIR, "plans");
  const violations = lintPlanSources(dir, DEFAULT_TOOL_DESCRIPTIONS, options.dir ?? "corpus/plans");
  // Messages quote the sources (queries, prompts): text from files is stripped of control characters.
  for (const violation of violations)
    io.stderr(`${options.json ? JSON.stringify(violation) : terminalText(formatViolation(violation))}\n`);
  return violations;
}

export function runPlanLint(io: Streams, options: PlanLintOptions = {}): number {
  let violations: LintViolation[];
  try {
    violations = lintAndPrint(io, options);
  } catch (error) {
    return reportExpected(io.stderr, error);
  }
  const rules = new Set(violations.map((v) => v.rule)).size;
  io.stdout(
    violations.length === 0
      ? "plan lint: 0 violations\n"
      : `plan lint: ${violations.length} violation(s) of ${rules} rule(s)\n`,
  );
  return violations.length === 0 ? 0 : 1;
}
