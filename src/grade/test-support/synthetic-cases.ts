/**
 * Cases made up for the grader's generated suites and hand-checked rows, and the one way those tests grade a reply:
 * a reply written as prose is wrapped as a native message's content when the protocol is `native`. Shared so the
 * suites build their cases and read their verdicts alike.
 */
import { expect } from "vitest";
import type { Case, Expect, Protocol } from "../../cases/schema.js";
import { TOOL_NAMES } from "../../tools/catalogue.js";
import { grade } from "../grade.js";
import { encodeNativeReply } from "../native.js";
import type { GradingRules } from "../rules.js";
import type { Dialect } from "./phrase-grammars.js";

export type Lang = "en" | "ru";

/** A case that expects one call of `name` with `args`, every catalogue tool offered. */
export function callCase(lang: Lang, name: string, args: Record<string, unknown>, number = 90): Case {
  return {
    id: `${name}-${lang}-${number}`,
    lang,
    category: name,
    difficulty: "easy",
    tools: [...TOOL_NAMES],
    messages: [{ role: "user", content: "…" }],
    expect: { call: { name, arguments: args } },
  } as Case;
}

/** A weather call for `city`: the suites' standard call case. */
export const weatherCase = (lang: Lang, city: string, number?: number) =>
  callCase(lang, "get_weather", { city }, number);

/** A case that expects no call and the behaviour `expect` says, asked with `message`. */
export function noCallCase(lang: Lang, expect: Expect, kind = "knowledge", message = "…", number = 99): Case {
  return {
    id: `negative-${lang}-${number}`,
    lang,
    category: "negative",
    difficulty: "easy",
    kind,
    tools: [...TOOL_NAMES],
    messages: [{ role: "user", content: message }],
    expect,
  } as Case;
}

/** A case for either expectation: a call case when `expect` names a call, else a no-call case of `kind`. */
export function caseFor(lang: Lang, expect: Expect, kind = "knowledge"): Case {
  if ("call" in expect) {
    const { name, arguments: args } = expect.call as { name: string; arguments: Record<string, unknown> };
    return callCase(lang, name, args);
  }
  return noCallCase(lang, expect, kind);
}

/** The output a model would send for `reply` in `protocol` (native: the reply as the message's content). */
export const asOutput = (reply: string, protocol: Protocol) =>
  protocol === "native" ? encodeNativeReply(reply, []) : reply;

/** Grades `reply` for `testCase` as `tooluse grade` does (under `rules`, the default profile's when omitted). */
export function gradeReply(testCase: Case, reply: string, protocol: Protocol, rules?: GradingRules) {
  return grade(testCase, { id: testCase.id, protocol, output: asOutput(reply, protocol) }, rules);
}

/** What a shape test compares: how many calls, whether it is a malformed attempt, and whether the case passed. */
export function shapeReading(testCase: Case, output: string, protocol: Protocol, rules?: GradingRules) {
  const v = grade(testCase, { id: testCase.id, protocol, output }, rules);
  return {
    passed: v.passed,
    malformed: v.malformed,
    calls: v.calls.length,
    reason: v.reason,
    lenient: v.lenient ?? [],
  };
}

export const CALL = { passed: true, malformed: false, calls: 1 };
export const ATTEMPT = { passed: false, malformed: true, calls: 0 };
export const MENTION = { passed: false, malformed: false, calls: 0 };

/** The protocol a dialect is asked for in (plain for the TOOL line, xml for tags, json otherwise). */
export function protocolOf(dialect: Dialect): Protocol {
  if (dialect === "plain") return "plain";
  return dialect === "qwen-xml" || dialect === "hermes" || dialect === "glm" || dialect === "invoke"
    ? "xml"
    : "json";
}

/** A reply's behaviour and verdict on a made-up no-call case of `expect`. */
export function behaviourOf(lang: Lang, expect: Expect, reply: string, protocol: Protocol) {
  const verdict = gradeReply(noCallCase(lang, expect), reply, protocol);
  return { reply, behaviour: verdict.behaviour, passed: verdict.passed };
}

/** The no-call expectation a behaviour passes: a question clarifies, a refusal refuses, an answer answers. */
const EXPECTATION_OF = { question: "clarify", refusal: "refuse", answer: "answer" } as const;

/**
 * Asserts that the reply, graded on a made-up case that expects `behaviour`, reads as that behaviour and passes: what
 * each generated relation of the reply-role suites checks (the reply is in the compared value, so a failure shows it).
 */
export function expectGradedAs(
  lang: Lang,
  reply: string,
  protocol: Protocol,
  behaviour: keyof typeof EXPECTATION_OF,
): void {
  const actual = behaviourOf(lang, { no_call: EXPECTATION_OF[behaviour] }, reply, protocol);
  expect(actual).toEqual({ reply, behaviour, passed: true });
}
