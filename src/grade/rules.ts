/** The switches that tell grading profiles apart over the same extracted calls (docs/spec-conformance.md). */

export interface GradingRules {
  /** 2.0: a no-call reply must show the case's behaviour (answer, refusal or question); 1.0 is behaviour-blind. */
  behaviourAware: boolean;
  /** 2.0 answer constraints (word boundaries, numbers by value, folded dashes); 1.0 substrings. */
  constraints: "words" | "substrings";
  /** 2.0: a plain `TOOL name | k=v` line is call syntax only under the plain protocol (SPEC §6). */
  plainLineOnlyInPlain: boolean;
  /** 2.0: a call mentioned in prose or inline code is no call; Python-style calls only as the whole reply; `"name": null` is a no-call. */
  mentions: boolean;
}

/** ToolUse.1 2.0 semantics: the default. */
export const TOOLUSE_RULES: GradingRules = {
  behaviourAware: true,
  constraints: "words",
  plainLineOnlyInPlain: true,
  mentions: true,
};

/** SPEC 1.0 to the letter: behaviour-blind abstention, substring constraints (§3.3), the TOOL line in every protocol (§3.1). */
export const SPEC1_RULES: GradingRules = {
  behaviourAware: false,
  constraints: "substrings",
  plainLineOnlyInPlain: false,
  mentions: false,
};
