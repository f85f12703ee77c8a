/**
 * Reference responders that need no model: the oracle renders every expected behaviour, always-call and never-call
 * are the two degenerate strategies the spec's headline score is designed to punish equally.
 */
import { isMentions, mentionsExample } from "../cases/mentions.js";
import type { AnswerConstraint, Case, ExpectedCall, Protocol } from "../cases/schema.js";
import { noCallExpectation } from "../grade/expectation.js";
import { encodeNativeReply } from "../grade/native.js";
import { offeredTools } from "../grade/offered.js";
import { renderCall } from "../grade/render-call.js";
import { typesOf } from "../tools/definition.js";
import { isAlternatives } from "../tools/expected.js";
import type { Call, ToolParameter } from "../tools/types.js";

export type ReferenceName = "oracle" | "always-call" | "never-call";

const ABSENT = Symbol("absent");

/** The first accepted value of every alternative, at any depth; an optional argument with none listed stays out. */
function concrete(value: unknown): unknown {
  if (isMentions(value)) return mentionsExample(value);
  if (isAlternatives(value)) return value.one_of.length > 0 ? concrete(value.one_of[0]) : ABSENT;
  if (Array.isArray(value)) return value.map(concrete).filter((v) => v !== ABSENT);
  if (value !== null && typeof value === "object") return concreteObject(value as Record<string, unknown>);
  return value;
}

function concreteObject(object: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object)) {
    const resolved = concrete(value);
    if (resolved !== ABSENT) out[key] = resolved;
  }
  return out;
}

function concreteCall(call: ExpectedCall): Call {
  return { name: call.name, arguments: concreteObject(call.arguments) };
}

/** A value of the parameter's type, for calls whose arguments nobody checks. */
function placeholder(parameter: ToolParameter): unknown {
  if (!parameter.schema) return parameter.type === "number" ? 1 : "x";
  const type = typesOf(parameter.schema)[0];
  if (type === "number" || type === "integer") return 1;
  if (type === "boolean") return true;
  if (type === "array") return [];
  if (type === "object") return {};
  return parameter.enum?.[0] ?? "x";
}

/** Some call to the first offered tool, with every required parameter filled (a tool no case offers when none is). */
export function anyCall(testCase: Case): Call {
  const tool = offeredTools(testCase)[0];
  if (!tool) return { name: "no_tool_offered", arguments: {} };
  const args = Object.fromEntries(
    tool.parameters.filter((p) => p.required).map((p) => [p.name, placeholder(p)]),
  );
  return { name: tool.name, arguments: args };
}

/** The calls a case expects, with the first accepted value of every `one_of`; undefined on a no-call case. */
export function expectedCalls(testCase: Case): Call[] | undefined {
  const expect = testCase.expect;
  if ("call" in expect) return [concreteCall(expect.call)];
  if ("calls" in expect) return expect.calls.map(concreteCall);
  if ("any_call" in expect) return [anyCall(testCase)];
  return undefined;
}

/** The single call a case expects (ToolUse.1's `call`), with the first accepted value of every `one_of`. */
export function expectedCall(testCase: Case): Call | undefined {
  return "call" in testCase.expect ? expectedCalls(testCase)?.[0] : undefined;
}

/** Several calls in one reply, each protocol's way: a JSON list, consecutive blocks or lines, several native tool_calls. */
export function renderCalls(protocol: Protocol, calls: readonly Call[]): string {
  if (calls.length === 1) return renderCall(protocol, calls[0] as Call);
  if (protocol === "json")
    return JSON.stringify(calls.map((call) => ({ name: call.name, arguments: call.arguments })));
  if (protocol !== "native") return calls.map((call) => renderCall(protocol, call)).join("\n");
  return encodeNativeReply(
    null,
    calls.map((call, index) => ({
      id: `call_${index}`,
      type: "function",
      function: { name: call.name, arguments: JSON.stringify(call.arguments) },
    })),
  );
}

/** The words a reply must contain to meet the case's answer constraints (the first alternative of each). */
function constraintWords(testCase: Case): string[] {
  const noCall = noCallExpectation(testCase.expect);
  if (!noCall) return [];
  const first = (constraint: AnswerConstraint) =>
    typeof constraint === "string" ? constraint : (constraint[0] ?? "");
  return [
    ...(noCall.answer_contains_all ?? []).map(first),
    ...(noCall.answer_contains_any ?? []).slice(0, 1).map(first),
  ];
}

export type ReplyBehaviour = "answer" | "refusal" | "question";

/** A reply with that behaviour which meets the case's answer constraints, so only the behaviour decides. */
export function behaviourReply(testCase: Case, behaviour: ReplyBehaviour): string {
  const parts = constraintWords(testCase);
  const words = parts.join(", ");
  if (behaviour === "question")
    return parts.length > 0 ? `Could you tell me (${words})?` : "Could you tell me more?";
  if (behaviour === "refusal")
    return parts.length > 0
      ? `I can't do that with the tools I have (${words}).`
      : "I can't do that with the tools I have.";
  return parts.length > 0 ? `${words}.` : "Here is my answer, no tool needed.";
}

const SHOWN: Record<"answer" | "refuse" | "clarify" | "abstain", ReplyBehaviour> = {
  answer: "answer",
  abstain: "answer",
  refuse: "refusal",
  clarify: "question",
};

/** A reply that shows the case's behaviour (answer, refusal or question) and satisfies its answer constraints. */
function expectedAnswer(testCase: Case): string {
  const noCall = noCallExpectation(testCase.expect);
  if (!noCall) return "I cannot help with that.";
  return behaviourReply(testCase, SHOWN[noCall.no_call]);
}

/** Prose as the protocol carries it (native: a reply with content and no tool calls). */
export function prose(protocol: Protocol, text: string): string {
  return protocol === "native" ? encodeNativeReply(text, []) : text;
}

export function referenceOutput(name: ReferenceName, testCase: Case, protocol: Protocol): string {
  const calls = expectedCalls(testCase);
  if (name === "oracle")
    return calls ? renderCalls(protocol, calls) : prose(protocol, expectedAnswer(testCase));
  if (name === "always-call") return renderCalls(protocol, calls ?? [anyCall(testCase)]);
  return prose(protocol, expectedAnswer(testCase));
}
