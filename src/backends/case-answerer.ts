/**
 * Answerers that reply from the benchmark case itself (the rule baseline, the oracle and other reference outputs,
 * replayed outputs), not from a rendered prompt. They are chosen like backends (`--backend baseline`), but only the
 * runner's answer source (src/runner/answer-source.ts) hands them a case: the `Backend` interface stays model-only.
 */
import type { Case, Protocol } from "../cases/schema.js";
import type { AnswererIdentity, Backend, Completion } from "./types.js";

export interface CaseAnswerer extends AnswererIdentity {
  /** The raw output for the case in the protocol, as a model's completion would carry it. */
  answer(testCase: Case, protocol: Protocol, signal: AbortSignal): Promise<Completion>;
}

/** What a run configuration's backend names: a model backend or a case answerer. */
export type Answerer = Backend | CaseAnswerer;

export function isCaseAnswerer(answerer: Answerer): answerer is CaseAnswerer {
  return "answer" in answerer;
}

/** The completion of an answerer that computes its text: no server, so no token counts. */
export function computedCompletion(text: string, finishReason: string | null): Completion {
  return { text, finish_reason: finishReason, prompt_tokens: null, completion_tokens: null };
}
