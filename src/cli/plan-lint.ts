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
export function lintAndPrint(io: Streams, options: { dir?: string } = {}): LintViolation[] {
  const violations = lint(options);
  // Messages quote the sources (queries, prompts): text from files is stripped of control characters.
  for (const violation of violations) io.stderr(`${terminalText(formatViolation(violation))}\n`);
  return violations;
}

function lint(options: { dir?: string }): LintViolation[] {
  const dir = options.dir ?? join(CORPUS_DIR, "plans");
  return lintPlanSources(dir, DEFAULT_TOOL_DESCRIPTIONS, options.dir ?? "corpus/plans");
}

export function runPlanLint(io: Streams, options: PlanLintOptions = {}): number {
  let violations: LintViolation[];
  try {
    violations = options.json ? lint(options) : lintAndPrint(io, options);
  } catch (error) {
    return reportExpected(io.stderr, error);
  }
  const rules = new Set(violations.map((v) => v.rule)).size;
  // One document on stdout, as every --json prints: `plan lint --json | jq` reads the violations.
  if (options.json)
    io.stdout(`${JSON.stringify({ count: violations.length, rules, violations }, null, 2)}\n`);
  else
    io.stdout(
      violations.length === 0
        ? "plan lint: 0 violations\n"
        : `plan lint: ${violations.length} violation(s) of ${rules} rule(s)\n`,
    );
  return violations.length === 0 ? 0 : 1;
}
