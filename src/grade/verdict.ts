/** The verdict on one (case, protocol) output: the public shape of a verdicts.jsonl line, and its builder. */
import type { Protocol } from "../cases/schema.js";
import type { Call } from "../tools/types.js";
import type { Behaviour } from "./behaviour.js";
import type { BfclVerdict } from "./bfcl/grade-bfcl.js";
import type { ArgumentCheck } from "./compare.js";
import type { NameResolution } from "./resolve-tool.js";

export interface Verdict {
  id: string;
  protocol: Protocol;
  passed: boolean;
  /** Every call extracted from the output, names as the model wrote them. */
  calls: Call[];
  /** Call cases: the expected tool was called. Null on no-call cases. */
  tool_ok: boolean | null;
  /** Call cases: every expected argument present and equal after normalisation. Null on no-call cases. */
  args_ok: boolean | null;
  /** Call cases: arguments given beyond the expected ones (tolerated, flagged). Null on no-call cases. */
  extra: string[] | null;
  /** No-call cases: some call was emitted. Null on call cases. */
  spurious: boolean | null;
  /** The output looks like a call attempt that could not be parsed. */
  malformed: boolean;
  /** No-call cases with answer constraints: the prose satisfied them. Null otherwise. */
  answer_ok: boolean | null;
  /** One line a person can read: why the case passed or failed. */
  reason: string;
  /**
   * Present (true) only when a call named a dotted tool the way serving runtimes mangle it (`a.b` offered,
   * `a_b` called): it matched, and is flagged. Absent otherwise, so ToolUse.1 verdict lines keep their keys.
   */
  name_mangled?: true;
  /** Call cases: arguments that matched only through a written leniency (`city=city_region`); absent when none did. */
  lenient?: string[];
  /** No-call cases under the 2.0 rules, when no call was attempted: what the reply does (answer, refusal, question). */
  behaviour?: Behaviour;
  /** Cases expecting several calls (`calls`) only: for each expected call, the index of the extracted call assigned to it, or null. */
  assignment?: (number | null)[];
  /**
   * How the most leniently resolved call name reached an offered tool (exact, case, prefix, alias, mangled): set
   * whenever some call named an offered tool, in every profile, so leniency is visible.
   */
  name_resolution?: NameResolution;
  /** Present when graded under `--rules bfcl`: the verdict is then BFCL's alone. */
  rules?: "bfcl";
  /** BFCL's verdict on the same output (see src/grade/bfcl), on every verdict graded since issue 14. */
  bfcl?: BfclVerdict;
}

/** The fields every verdict takes from the output itself. */
export type VerdictBase = Pick<Verdict, "id" | "protocol" | "calls" | "malformed">;

/** What the extractors read from one output. */
export interface Reading {
  calls: Call[];
  prose: string;
  malformed: boolean;
  /**
   * Native only: the runtime returned no `tool_calls` and the calls were read from the message content, where a server
   * without a tool parser for the model's template leaves them (a leniency the verdict names: `native=content_call`).
   */
  fromContent?: true;
}

/** What a grading rule decides about an output: every verdict field but those taken from the output itself. */
export type Judgement = Pick<
  Verdict,
  "passed" | "tool_ok" | "args_ok" | "extra" | "spurious" | "answer_ok" | "reason"
> & {
  name_mangled?: true | undefined;
  assignment?: (number | null)[] | undefined;
  behaviour?: Behaviour | undefined;
  lenient?: string[] | undefined;
};

/**
 * Builds a verdict with its fields in the documented order, so every verdicts file reads the same; optional fields
 * last, and only when set. One literal and no spreads: this runs once per graded output.
 */
export function verdict(base: VerdictBase, judgement: Judgement): Verdict {
  const graded: Verdict = {
    id: base.id,
    protocol: base.protocol,
    passed: judgement.passed,
    calls: base.calls,
    tool_ok: judgement.tool_ok,
    args_ok: judgement.args_ok,
    extra: judgement.extra,
    spurious: judgement.spurious,
    malformed: base.malformed,
    answer_ok: judgement.answer_ok,
    reason: judgement.reason,
  };
  if (judgement.name_mangled) graded.name_mangled = true;
  if (judgement.assignment) graded.assignment = judgement.assignment;
  if (judgement.behaviour) graded.behaviour = judgement.behaviour;
  if (judgement.lenient) graded.lenient = judgement.lenient;
  return graded;
}

/** The tool names of some calls, for reasons: `get_weather, calculator`. */
export function describeCalls(calls: readonly Call[]): string {
  return calls.map((call) => call.name).join(", ");
}

/** ` (extra: a, b)` when arguments beyond the expected ones were given, else nothing. */
export function extraNote(check: ArgumentCheck): string {
  return check.extra.length > 0 ? ` (extra: ${check.extra.join(", ")})` : "";
}

/** A call case failed before any argument was compared: no call, or none to the expected tool. */
export function failedBeforeArguments(base: VerdictBase, reason: string): Verdict {
  return verdict(base, {
    passed: false,
    tool_ok: false,
    args_ok: false,
    extra: [],
    spurious: null,
    answer_ok: null,
    reason,
  });
}
