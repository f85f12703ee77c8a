/**
 * Grading profiles: named rule sets over the same extracted calls (docs/spec-conformance.md, "profiles").
 * `tooluse` is ToolUse.1 2.0 (the default), `spec1` is SPEC 1.0 to the letter so published 1.0 numbers
 * reproduce, `bfcl` is BFCL's checker (its own module; a slot here until a build provides it).
 */
import type { Case } from "../cases/schema.js";
import { UserError } from "../errors.js";
import { grade, type Output } from "./grade.js";
import { type GradingRules, SPEC1_RULES, TOOLUSE_RULES } from "./rules.js";
import type { Verdict } from "./verdict.js";

export const GRADING_PROFILES = ["tooluse", "spec1", "bfcl"] as const;
export type GradingProfileName = (typeof GRADING_PROFILES)[number];
export const DEFAULT_GRADING_PROFILE: GradingProfileName = "tooluse";

/** A profile's grader: what a results file records about how its verdicts were made. */
export interface GradingProfile {
  name: GradingProfileName;
  /** Bumped whenever a verdict under this profile can change (SemVer: major for semantics). */
  version: string;
  grade(testCase: Case, output: Output): Verdict;
}

function fromRules(name: GradingProfileName, version: string, rules: GradingRules): GradingProfile {
  return { name, version, grade: (testCase, output) => grade(testCase, output, rules) };
}

/** Each profile's grader, or the reason this build has none (a clean slot: one line to wire a new grader). */
const REGISTRY: Record<GradingProfileName, GradingProfile | { unavailable: string }> = {
  tooluse: fromRules("tooluse", "2.0.0", TOOLUSE_RULES),
  spec1: fromRules("spec1", "1.0.0", SPEC1_RULES),
  bfcl: { unavailable: "the bfcl grading profile is not available in this build (BFCL's checker: issue 14)" },
};

/** The profile of that name; a UserError naming the choices when the name is unknown or the profile unavailable. */
export function gradingProfile(name: string): GradingProfile {
  const entry = (REGISTRY as Record<string, GradingProfile | { unavailable: string } | undefined>)[name];
  if (entry === undefined) {
    throw new UserError(`--rules: expected one of ${GRADING_PROFILES.join(", ")}, got "${name}"`);
  }
  if ("unavailable" in entry) throw new UserError(`--rules ${name}: ${entry.unavailable}`);
  return entry;
}
