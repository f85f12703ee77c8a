/**
 * Negative controls for the selftest (issue 13): outputs rendered from each case that a correct grader must
 * fail. A control that passes proves the grader broken, and the selftest names the case.
 */
import type { Case, Protocol } from "../cases/schema.js";
import { noCallExpectation } from "../grade/expectation.js";
import { offeredTools } from "../grade/offered.js";
import type { Call } from "../tools/types.js";
import { anyCall, behaviourReply, expectedCalls, prose, renderCalls } from "./reference-outputs.js";

export const CONTROL_KINDS = [
  "wrong-argument",
  "wrong-tool",
  "extra-call",
  "call-on-no-call",
  "statement-on-clarify",
  "statement-on-refuse",
  "question-on-answer",
] as const;
export type ControlKind = (typeof CONTROL_KINDS)[number];

/** A value no expected argument accepts: no alias table, number or expression reads it as anything. */
const WRONG = "__negative_control__";

function withWrongArgument(calls: Call[], testCase: Case): Call[] | undefined {
  const [first, ...rest] = calls;
  const expect = testCase.expect;
  const expected = "call" in expect ? expect.call : "calls" in expect ? expect.calls[0] : undefined;
  if (!first || !expected) return undefined;
  // Any argument the case checks: an optional one given a value no alternative accepts fails like any other.
  const name = Object.keys(expected.arguments)[0];
  if (name === undefined) return undefined;
  return [{ name: first.name, arguments: { ...first.arguments, [name]: WRONG } }, ...rest];
}

function withWrongTool(calls: Call[], testCase: Case): Call[] | undefined {
  const [first, ...rest] = calls;
  if (!first) return undefined;
  const other = offeredTools(testCase).find(
    (tool) => tool.name !== first.name && !calls.some((c) => c.name === tool.name),
  );
  return [{ name: other?.name ?? "not_an_offered_tool", arguments: first.arguments }, ...rest];
}

/** The control of that kind for the case in the protocol, or undefined when the kind does not apply to it. */
export function negativeControl(kind: ControlKind, testCase: Case, protocol: Protocol): string | undefined {
  const calls = expectedCalls(testCase);
  const noCall = noCallExpectation(testCase.expect);
  const render = (list: Call[] | undefined) => (list ? renderCalls(protocol, list) : undefined);
  const anyCallCase = "any_call" in testCase.expect;
  switch (kind) {
    case "wrong-argument":
      return calls && !anyCallCase ? render(withWrongArgument(calls, testCase)) : undefined;
    case "wrong-tool":
      return calls && !anyCallCase ? render(withWrongTool(calls, testCase)) : undefined;
    case "extra-call":
      return calls && !anyCallCase ? render([...calls, calls[0] as Call]) : undefined;
    case "call-on-no-call":
      return noCall ? render([anyCall(testCase)]) : undefined;
    case "statement-on-clarify":
      return noCall?.no_call === "clarify" ? prose(protocol, behaviourReply(testCase, "answer")) : undefined;
    case "statement-on-refuse":
      return noCall?.no_call === "refuse" ? prose(protocol, behaviourReply(testCase, "answer")) : undefined;
    case "question-on-answer":
      return noCall?.no_call === "answer" || noCall?.no_call === "abstain"
        ? prose(protocol, behaviourReply(testCase, "question"))
        : undefined;
  }
}
