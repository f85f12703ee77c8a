/**
 * Validity as the paper defines it (docs/plan-matching.md, section 4): the JSON-like plan dictionary with
 * double-quoted strings and tool calls as written. What the tolerant reader forgave beyond that makes a plan
 * invalid; what it forgave within it (a fence, prose around the plan, a trailing comma) is only a notice.
 */
import type { Violation, ViolationCode } from "./violations.js";

/** Reader findings that a plan in the paper's format cannot have. */
export const INVALIDATING_CODES: ReadonlySet<ViolationCode> = new Set<ViolationCode>([
  "invalid-syntax",
  "unbalanced-brackets",
  "missing-comma",
  "single-quotes",
  "unescaped-quote",
  "unquoted-key",
  "tool-name-case",
]);

export interface Validity {
  valid: boolean;
  /** Why the plan is not valid in the paper's format; null when it is. */
  reason: string | null;
  /** True when the plan was scored as the tolerant reader recovered it although it is not valid (--lenient). */
  lenient: boolean;
}

/** The first invalidating finding, as one line with its step. */
export function validityOf(violations: readonly Violation[]): Omit<Validity, "lenient"> {
  const first = violations.find((v) => INVALIDATING_CODES.has(v.code));
  if (!first) return { valid: true, reason: null };
  const where = first.step === null ? "" : ` (step ${first.step})`;
  return { valid: false, reason: `${first.code}${where}: ${first.message}` };
}
