/** The verdict on one (case, protocol) output: the public shape of a verdicts.jsonl line. */
import type { Protocol } from "../cases/schema.js";
import type { Call } from "../tools/types.js";

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
}
