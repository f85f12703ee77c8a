/**
 * Grading profiles: named rule sets over the same extracted calls (docs/spec-conformance.md, "profiles").
 * `tooluse` is ToolUse.1 2.0 (the default), `spec1` is SPEC 1.0 to the letter so published 1.0 numbers
 * reproduce, `bfcl` is BFCL's checker (src/grade/bfcl, issue 14), whose verdicts keep ours under `tooluse`.
 */
import type { Case } from "../cases/schema.js";
import { UserError } from "../errors.js";
import type { BfclMode } from "./bfcl/checker.js";
import { gradeBfclProfile, withBfclVerdict } from "./bfcl/profile.js";
import { gradeAndRead } from "./grade.js";
import type { Output } from "./output.js";
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
    // 2.1.0: no-call behaviour read from the roles of a reply's units, call mentions kept apart from calls, a
    // truncated call block is a malformed attempt (issue 25). 2.2.0: blind sets 3 and 4's classes — commentary after
    // a call of any dialect keeps it a call, sentence-ended prefaces, proposals and results after a TOOL line's dash,
    // a TOOL line cut at its separator, and the reply sentences around call talk (issue 25, shapes round). 2.3.0:
    // the classes of the lost blind set 6 — E9 a repaired JSON call is a malformed attempt, E10 disowning frames and
    // slot names make a mention, E11 broken structures are attempts (docs/spec-conformance.md) — and blind set 8's
    // reply classes: an action placed elsewhere ("You can pick seats on ba.com") is an alternative, not a request; a
    // missing means named with compound modifiers ("a clock or time-zone tool") is a refusal. 2.4.0: E9 decided by a
    // visible leniency, a repaired JSON call is read as a call and named `json=repaired` (issue 25). 2.5.0: four shape
    // classes (issue 25) — E11 a Qwen-XML parameter that never closes is broken, E7 a serving template's call token
    // with no call after it is an attempt, a ratio unit (`meter/second`) is its per-unit, grouped digits are no number;
    // E12 a call standing as native content with no runtime call is read under `native=content_call`; blind set 12's
    // reply classes (docs/reply-roles.md, round 4). 2.6.0: blind sets 15 and 16 — a TOOL line ending the output in
    // `k=` is cut (E8), a block cut inside its closing tag after its function closed is whole, a shape that is one
    // option of a prose list is a mention (M6), a pass through a grouped number is named `answer=grouped_number`, and
    // the reply classes of round 5 (docs/reply-roles.md). 2.7.0: round 6, fresh blind set 19s's seven shape classes —
    // a conditional in a first-person plan is no offer, a python-tag call after another call is a second call, "…would
    // be:" and "Example request:" frames and an example comment opening a fence make a mention, a TOOL line with a
    // slot for its name or a value is a template, and one with a segment that is not `key=value` is an attempt.
    version: "2.7.0",
    grade: (testCase, output) => withBoth(testCase, output, TOOLUSE_RULES, bfclMode),
  }),
  spec1: ({ bfclMode }) => ({
    name: "spec1",
    // 1.1.0: SPEC 1.0 §3.1's extraction chain exactly, no other dialect (issue 25's spec1 conformance). 1.2.0: E9, the
    // chain reads JSON objects, and a text that parses only after a repair is none. 1.3.0: §3.2's numeric comparison
    // reads numeric text as Python's float() does, so grouped digits ("1,250") are no number; a ratio unit
    // (`meter/second`) resolves to its per-unit, as `m/s` already did.
    version: "1.3.0",
    grade: (testCase, output) => withBoth(testCase, output, SPEC1_RULES, bfclMode),
  }),
  // BFCL's verdict alone: ours would cost more than BFCL's whole check (issue 14's speed target).
  bfcl: ({ bfclMode }) => ({
    name: "bfcl",
    // 2.0.0: prompt-mode text is decoded by BFCL's own decoder, rule for rule (issue 26).
    version: "2.0.0",
    grade: (testCase, output) => gradeBfclProfile(testCase, output, bfclMode),
  }),
};

/** The profile of that name; a UserError naming the choices when the name is unknown. */
export function gradingProfile(name: string, options: ProfileOptions = {}): GradingProfile {
  if (!(GRADING_PROFILES as readonly string[]).includes(name)) {
    throw new UserError(`--rules: expected one of ${GRADING_PROFILES.join(", ")}, got "${name}"`);
  }
  return REGISTRY[name as GradingProfileName](options);
}
