/** The switches that tell grading profiles apart over the same extracted calls (docs/spec-conformance.md). */

export interface GradingRules {
  /** 2.0: a no-call reply must show the case's behaviour (answer, refusal or question); 1.0 is behaviour-blind. */
  behaviourAware: boolean;
  /** 2.0 answer constraints (word boundaries, numbers by value, folded dashes); 1.0 substrings. */
  constraints: "words" | "substrings";
  /** 2.0: a plain `TOOL name | k=v` line is call syntax only under the plain protocol (SPEC §6). */
  plainLineOnlyInPlain: boolean;
  /**
   * 2.0: a call mentioned in prose is no call (inside a sentence, inline code, an example frame, placeholder arguments,
   * a repeat after prose; src/extract/mentions.ts); dialects beyond the chain only as the reply; `"name": null` is a
   * no-call.
   */
  mentions: boolean;
  /**
   * Read the dialects beyond SPEC §3.1's chain (Python-style calls, GLM-4.5 `<arg_key>`, DeepSeek tokens, harmony
   * calls, Anthropic invoke blocks), each named in the verdict's `lenient` list. 1.0's chain has XML blocks, JSON
   * objects, the TOOL line and a bare argument object only.
   */
  dialects: boolean;
  /**
   * A call block that never closes (`<tool_call>…` without `</tool_call>`, `<function=…>` without `</function>`): 2.0
   * reads it as a malformed attempt, the output having been cut inside its call; 1.0 read the call it holds, as vLLM's
   * parsers do (docs/spec-conformance.md, E8).
   */
  truncated: "call" | "attempt";
  /**
   * A JSON call that parses only after a repair (trailing comma, bare keys, single quotes, Python literals, an extra
   * closing bracket), E9: `tooluse` reads it as a call and names the leniency (`json=repaired`); `spec1` calls it a
   * malformed attempt, SPEC §3.1 reading "JSON objects".
   */
  repairedJson: "call" | "named" | "attempt";
  /**
   * A broken structure (E11): a misnested `<tool_call>` block, a GLM `<arg_key>` without `<arg_value>`, a native call
   * with an empty name, a `TOOL name k=v` line without `|`, an object keyed by a tool's name. 2.0: a malformed
   * attempt; 1.0 read what a reader made of it (a call with missing arguments, or prose).
   */
  broken: "call" | "attempt";
  /**
   * A native reply whose `tool_calls` is empty but whose content is a call standing as the reply (a Hermes block, the
   * model's own template; not a mention): 2.0 (2.5.0) reads the call and names the leniency `native=content_call`,
   * since a server started without the model's tool parser leaves every call there; `attempt` reads it as a malformed
   * attempt, what the runtime's parser made of it (docs/spec-conformance.md, E12).
   */
  nativeContentCalls: "named" | "attempt";
}

/** ToolUse.1 2.0 semantics: the default. */
export const TOOLUSE_RULES: GradingRules = {
  behaviourAware: true,
  constraints: "words",
  plainLineOnlyInPlain: true,
  mentions: true,
  dialects: true,
  truncated: "attempt",
  repairedJson: "named",
  broken: "attempt",
  nativeContentCalls: "named",
};

/**
 * SPEC 1.0 to the letter: behaviour-blind abstention, substring constraints (§3.3), §3.1's chain exactly (XML blocks,
 * JSON objects, the TOOL line in every protocol, a bare argument object; no other dialect), no mention rule.
 */
export const SPEC1_RULES: GradingRules = {
  behaviourAware: false,
  constraints: "substrings",
  plainLineOnlyInPlain: false,
  mentions: false,
  dialects: false,
  truncated: "call",
  repairedJson: "attempt",
  broken: "call",
  nativeContentCalls: "attempt",
};
