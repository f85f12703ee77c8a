/** Backends that answer from the case itself (oracle, always-call, never-call): for selftests and harness checks. */

import { type ReferenceName, referenceOutput } from "./reference-outputs.js";
import type { Backend, Completion, ModelRequest, RequestContext } from "./types.js";

export function referenceBackend(name: ReferenceName): Backend {
  return {
    kind: name,
    model: name,
    deterministic: true,
    async complete(_request: ModelRequest, context: RequestContext): Promise<Completion> {
      const text = referenceOutput(name, context.testCase, context.protocol);
      return { text, finish_reason: "stop", prompt_tokens: null, completion_tokens: null };
    },
  };
}
