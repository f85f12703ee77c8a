/**
 * Grading profiles: named rule sets over the same extracted calls (docs/spec-conformance.md, "profiles").
 * `tooluse` is ToolUse.1 2.0 (the default), `spec1` is SPEC 1.0 to the letter so published 1.0 numbers
 * reproduce, `bfcl` is BFCL's checker (src/grade/bfcl, issue 14), whose verdicts keep ours under `tooluse`.
 */
import type { Case } from "../cases/schema.js";
import type { BfclMode } from "./bfcl/checker.js";
import { gradeBfclProfile, withBfclVerdict } from "./bfcl/profile.js";
import { gradeAndRead } from "./grade.js";
import type { Output } from "./output.js";
import { type GradingProfileName, PROFILE_VERSIONS, profileName } from "./profile-names.js";
import { type GradingRules, SPEC1_RULES, TOOLUSE_RULES } from "./rules.js";
import type { Verdict } from "./verdict.js";

export { DEFAULT_GRADING_PROFILE, GRADING_PROFILES, type GradingProfileName } from "./profile-names.js";

/** A profile's grader: what a results file records about how its verdicts were made. */
export interface GradingProfile {
  name: GradingProfileName;
  /** Bumped whenever a verdict under this profile can change (profile-names.ts holds each one and its history). */
  version: string;
  grade(testCase: Case, output: Output): Verdict;
}

export interface ProfileOptions {
  /** BFCL's name rule: how the model was served (`prompt`, or `fc` where dots became `_`). Default prompt. */
  bfclMode?: BfclMode | undefined;
}

/** Our verdict under these rules with BFCL's attached, the output's text read once for both where it can be. */
function withBoth(testCase: Case, output: Output, rules: GradingRules, mode: BfclMode | undefined): Verdict {
  const { verdict, extraction } = gradeAndRead(testCase, output, rules);
  return withBfclVerdict(testCase, output, verdict, mode, extraction);
}

/** Each profile's grader, or the reason this build has none (a clean slot: one line wires a new grader). */
const REGISTRY: Record<GradingProfileName, (options: ProfileOptions) => GradingProfile> = {
  // Our profiles attach BFCL's verdict (issue 14: every record carries both; bfcl_compatible_score counts it).
  tooluse: ({ bfclMode }) => ({
    name: "tooluse",
    version: PROFILE_VERSIONS.tooluse,
    grade: (testCase, output) => withBoth(testCase, output, TOOLUSE_RULES, bfclMode),
  }),
  spec1: ({ bfclMode }) => ({
    name: "spec1",
    version: PROFILE_VERSIONS.spec1,
    grade: (testCase, output) => withBoth(testCase, output, SPEC1_RULES, bfclMode),
  }),
  // BFCL's verdict alone: ours would cost more than BFCL's whole check (issue 14's speed target).
  bfcl: ({ bfclMode }) => ({
    name: "bfcl",
    version: PROFILE_VERSIONS.bfcl,
    grade: (testCase, output) => gradeBfclProfile(testCase, output, bfclMode),
  }),
};

/** The profile of that name; a UserError naming the choices when the name is unknown. */
export function gradingProfile(name: string, options: ProfileOptions = {}): GradingProfile {
  return REGISTRY[profileName(name)](options);
}
