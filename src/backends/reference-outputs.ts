/**
 * Reference responders that need no model: the oracle renders every expected behaviour, always-call and never-call
 * are the two degenerate strategies the spec's headline score is designed to punish equally.
 */
import type { Case, ExpectedValue, Protocol } from "../cases/schema.js";
import { encodeNativeReply } from "../grade/native.js";
import { renderCall } from "../protocols/render-call.js";
import { CATALOGUE } from "../tools/catalogue.js";
import type { Call } from "../tools/types.js";

export type ReferenceName = "oracle" | "always-call" | "never-call";

function concrete(value: ExpectedValue): unknown {
  return value !== null && typeof value === "object" && "one_of" in value && Array.isArray(value.one_of)
    ? value.one_of[0]
    : value;
}

/** The call a case expects, with the first accepted value of every `one_of`. */
export function expectedCall(testCase: Case): Call | undefined {
  if (!("call" in testCase.expect)) return undefined;
  const { name, arguments: args } = testCase.expect.call;
  return { name, arguments: Object.fromEntries(Object.entries(args).map(([k, v]) => [k, concrete(v)])) };
}

/** A prose answer that satisfies the case's answer constraints. */
function expectedAnswer(testCase: Case): string {
  if ("call" in testCase.expect) return "I cannot help with that.";
  const parts = [
    ...(testCase.expect.answer_contains_all ?? []),
    ...(testCase.expect.answer_contains_any ?? []).slice(0, 1),
  ];
  return parts.length > 0 ? `${parts.join(", ")}.` : "Here is my answer, no tool needed.";
}

function prose(protocol: Protocol, text: string): string {
  return protocol === "native" ? encodeNativeReply(text, []) : text;
}

/** Some call to an offered tool, with every required parameter filled: the always-call strategy on a no-call case. */
function anyCall(testCase: Case): Call {
  const tool = CATALOGUE[testCase.tools[0] as keyof typeof CATALOGUE];
  const args = Object.fromEntries(
    tool.parameters.filter((p) => p.required).map((p) => [p.name, p.type === "number" ? 1 : "x"]),
  );
  return { name: tool.name, arguments: args };
}

export function referenceOutput(name: ReferenceName, testCase: Case, protocol: Protocol): string {
  const call = expectedCall(testCase);
  if (name === "oracle") return call ? renderCall(protocol, call) : prose(protocol, expectedAnswer(testCase));
  if (name === "always-call") return renderCall(protocol, call ?? anyCall(testCase));
  return prose(protocol, expectedAnswer(testCase));
}
