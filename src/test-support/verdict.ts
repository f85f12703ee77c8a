/** A verdict for metric tests: every field "not applicable" or false unless the test says otherwise. */
import type { Verdict } from "../grade/verdict.js";

export const makeVerdict = (id: string, fields: Partial<Verdict>): Verdict => ({
  id,
  protocol: "json",
  passed: false,
  calls: [],
  tool_ok: null,
  args_ok: null,
  extra: null,
  spurious: null,
  malformed: false,
  answer_ok: null,
  reason: "",
  ...fields,
});
