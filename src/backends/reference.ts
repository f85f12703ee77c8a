/** Answerers that reply from the case itself (oracle, always-call, never-call): for selftests and harness checks. */

import { type CaseAnswerer, computedCompletion } from "./case-answerer.js";
import { type ReferenceName, referenceOutput } from "./reference-outputs.js";

export function referenceAnswerer(name: ReferenceName): CaseAnswerer {
  return {
    kind: name,
    model: name,
    cacheable: false,
    async answer(testCase, protocol) {
      return computedCompletion(referenceOutput(name, testCase, protocol), "stop");
    },
  };
}
