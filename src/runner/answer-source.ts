/**
 * The one place the runner asks whoever answers a request. A model backend gets the rendered prompt and settings
 * and never the case; a case answerer (the rule baseline, the oracle, replayed outputs) gets the benchmark case and
 * its protocol and never the prompt. Planning prompts have no case, so only a model backend can answer them.
 */
import { type Answerer, isCaseAnswerer } from "../backends/case-answerer.js";
import { type Completion, FatalBackendError, type ModelRequest } from "../backends/types.js";
import type { Case, Protocol } from "../cases/schema.js";

/** The benchmark case a request renders, when it renders one (a `run` record; a planning prompt has none). */
export interface BenchmarkSubject {
  testCase: Case;
  protocol: Protocol;
}

export function answerRequest(
  answerer: Answerer,
  request: ModelRequest,
  subject: BenchmarkSubject | undefined,
  signal: AbortSignal,
): Promise<Completion> {
  if (!isCaseAnswerer(answerer)) return answerer.complete(request, { signal });
  if (!subject)
    throw new FatalBackendError(
      `the ${answerer.kind} backend answers only benchmark cases; use a model backend here`,
      "settings",
    );
  return answerer.answer(subject.testCase, subject.protocol, signal);
}
