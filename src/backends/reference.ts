/** Backends that answer from the case itself (oracle, always-call, never-call): for selftests and harness checks. */

import { type ReferenceName, referenceOutput } from "./reference-outputs.js";
import {
  type Backend,
  benchmarkSubject,
  type Completion,
  type ModelRequest,
  type RequestContext,
} from "./types.js";

export function referenceBackend(name: ReferenceName): Backend {
  return {
    kind: name,
    model: name,
    cacheable: false,
    async complete(_request: ModelRequest, context: RequestContext): Promise<Completion> {
      const { testCase, protocol } = benchmarkSubject(context, name);
      const text = referenceOutput(name, testCase, protocol);
      return { text, finish_reason: "stop", prompt_tokens: null, completion_tokens: null };
    },
  };
}
