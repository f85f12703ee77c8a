/**
 * The noisy mock model: the oracle, except on a seeded share of cases, where every request gets one kind of wrong
 * reply: a wrong argument (the expected call with its first argument replaced), a missed call (prose where a call is
 * expected) or a spurious call (a call where none is). Which cases, and which kind, follow from the seed alone, and a
 * case's wrong reply is the same in every protocol and on every repeat: two runs with one seed score the same.
 */
import {
  anyCall,
  expectedCalls,
  prose,
  referenceOutput,
  renderCalls,
} from "../backends/reference-outputs.js";
import type { Case, Protocol } from "../cases/schema.js";
import { renderPrompt } from "../protocols/render.js";
import { canonicalJson, sha256 } from "../runner/canonical-json.js";
import type { Call } from "../tools/types.js";
import { flakyCaseIds } from "./flaky-model.js";
import type { ChatBody, ScriptedReply } from "./openai-server.js";
import { promptKey, replyFromOutput, SCRIPTED_PROTOCOLS } from "./perfect-model.js";

export type Mistake = "wrong argument" | "missed call" | "spurious call";

export interface NoisyOptions {
  /** Share of cases answered wrongly, in [0, 1]; round(share · cases) of them exactly. */
  share: number;
  seed: number;
}

/** A value no case accepts for an argument: the grader compares it with the expected value and fails it. */
const WRONG_VALUE = "mock-server: wrong value";

/** The expected calls with the first argument of the first call that has one replaced; null when none has any. */
function withWrongArgument(calls: readonly Call[]): Call[] | null {
  const index = calls.findIndex((call) => Object.keys(call.arguments).length > 0);
  if (index === -1) return null;
  return calls.map((call, i) => {
    if (i !== index) return call;
    const [first] = Object.keys(call.arguments);
    return { name: call.name, arguments: { ...call.arguments, [first as string]: WRONG_VALUE } };
  });
}

/** The kind of mistake made on a case: spurious when it expects no call, else a seeded choice of the other two. */
export function mistakeFor(testCase: Case, seed: number): Mistake {
  const calls = expectedCalls(testCase);
  if (!calls) return "spurious call";
  const draw = Number.parseInt(sha256(canonicalJson(["noisy-kind", seed, testCase.id])).slice(0, 8), 16);
  return draw % 2 === 0 && withWrongArgument(calls) ? "wrong argument" : "missed call";
}

function wrongOutput(testCase: Case, protocol: Protocol, mistake: Mistake): string {
  const calls = expectedCalls(testCase) ?? [anyCall(testCase)];
  if (mistake === "spurious call") return renderCalls(protocol, calls);
  if (mistake === "missed call") return prose(protocol, "I can answer that without a tool.");
  return renderCalls(protocol, withWrongArgument(calls) ?? calls);
}

/** Returns a script for the mock server; an unknown prompt gives undefined (the caller decides what it is). */
export function noisyScript(
  cases: readonly Case[],
  options: NoisyOptions,
): (body: ChatBody) => ScriptedReply | undefined {
  const wrong = flakyCaseIds(cases, options);
  const replies = new Map<string, ScriptedReply>();
  for (const testCase of cases) {
    const mistake = wrong.has(testCase.id) ? mistakeFor(testCase, options.seed) : null;
    for (const protocol of SCRIPTED_PROTOCOLS) {
      const output = mistake
        ? wrongOutput(testCase, protocol, mistake)
        : referenceOutput("oracle", testCase, protocol);
      replies.set(promptKey(renderPrompt(testCase, protocol)), replyFromOutput(protocol, output));
    }
  }
  return (body) => replies.get(promptKey(body));
}
