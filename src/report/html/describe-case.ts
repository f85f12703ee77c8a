/** Plain-text descriptions for the case browser: the expected behaviour, the extracted calls, a rendered message. */

import type { ChatMessage } from "../../backends/types.js";
import { isMentions } from "../../cases/mentions.js";
import type { Case, Protocol } from "../../cases/schema.js";
import { type PromptOptions, SINGLE_CALL } from "../../protocols/prompts.js";
import { renderPrompt } from "../../protocols/render.js";

const value = (v: unknown) => JSON.stringify(v);

function expectedArgument(name: string, expected: unknown): string {
  if (isMentions(expected)) {
    const entries = expected.mentions.map((entry) => (typeof entry === "string" ? [entry] : entry));
    return `${name} mentions ${entries.map((entry) => entry.map(value).join(" or ")).join(" and ")}`;
  }
  if (expected && typeof expected === "object" && !Array.isArray(expected) && "one_of" in expected) {
    const options = (expected as { one_of: unknown[] }).one_of;
    return `${name} = one of ${options.map(value).join(", ")}`;
  }
  return `${name} = ${value(expected)}`;
}

function describeCall(call: { name: string; arguments: Record<string, unknown> }): string {
  const args = Object.entries(call.arguments).map(([k, v]) => expectedArgument(k, v));
  return `${call.name}${args.length > 0 ? ` with ${args.join("; ")}` : ""}`;
}

/** What the case expects, as a person would say it (the grader's exact rules are in the spec). */
export function describeExpectation(testCase: Case): string {
  const expect = testCase.expect;
  if ("call" in expect) return `exactly one call to ${describeCall(expect.call)}`;
  if ("calls" in expect)
    return `these calls, in any order:\n${expect.calls.map((c) => `- ${describeCall(c)}`).join("\n")}`;
  if ("any_call" in expect) return "a call to any offered tool, whatever its arguments";
  if (!("no_call" in expect)) return JSON.stringify(expect);
  const lines = [
    expect.no_call === "clarify"
      ? "no call: ask the user for the missing information"
      : "no call: answer without tools",
  ];
  if (expect.answer_contains_all)
    lines.push(`answer contains all of ${expect.answer_contains_all.map(value).join(", ")}`);
  if (expect.answer_contains_any)
    lines.push(`answer contains any of ${expect.answer_contains_any.map(value).join(", ")}`);
  return lines.join("\n");
}

/** Extracted calls, one per line as `name {arguments}`; null when there were none. */
export function describeCalls(calls: readonly { name: string; arguments: unknown }[]): string | null {
  if (calls.length === 0) return null;
  return calls.map((call) => `${call.name} ${value(call.arguments ?? {})}`).join("\n");
}

/** The text of a rendered chat message; native tool calls and results are shown as the JSON the model sees. */
export function messageText(message: ChatMessage): string {
  if (message.role === "assistant" && message.tool_calls)
    return JSON.stringify(
      message.tool_calls.map((c) => c.function),
      null,
      1,
    );
  if (message.role === "tool") return message.content;
  return message.content ?? "";
}

/** Who speaks in a rendered conversation; `tools` is the native protocol's tool list (not a message). */
export const CONVERSATION_ROLES = ["system", "user", "assistant", "tool", "tools"] as const;
export type ConversationRole = (typeof CONVERSATION_ROLES)[number];
export interface ConversationMessage {
  role: ConversationRole;
  text: string;
}

/** The prompt options a run was made with: a suite with parallel calls (BFCL's parallel categories) has its own prompt. */
export function runPromptOptions(results: {
  prompts?: { parallel_calls?: boolean | undefined } | undefined;
}): PromptOptions {
  return { parallelCalls: results.prompts?.parallel_calls ?? false };
}

/** The conversation as this harness renders it to the model for a protocol, message by message, tools last. */
export function renderedConversation(
  testCase: Case,
  protocol: Protocol,
  options: PromptOptions = SINGLE_CALL,
): ConversationMessage[] {
  const rendered = renderPrompt(testCase, protocol, options);
  const messages: ConversationMessage[] = rendered.messages.map((m) => ({
    role: m.role,
    text: messageText(m),
  }));
  if (rendered.tools) messages.push({ role: "tools", text: JSON.stringify(rendered.tools, null, 1) });
  return messages;
}
