/** Small tasks for store tests, one per kind where a test needs it. */
import type { NewTask } from "../contract.js";

export function verdictTask(caseId: string, passed = false): NewTask {
  return {
    key: caseId,
    title: `${caseId}: a record`,
    payload: {
      case_id: caseId,
      protocol: "json",
      model: "m",
      suite: "tooluse1",
      results_file: "results.json",
      status: "scored",
      output: '<script>alert("x")</script>',
      error: null,
      verdict: { passed, reason: passed ? "ok" : "wrong tool" },
      case: { found: false, reason: "no corpus file with digest sha256:0 found" },
    },
  };
}

export function answersTask(queryId: string): NewTask {
  return {
    key: queryId,
    title: `${queryId}: a query`,
    payload: {
      query_id: queryId,
      query: "How many calls?",
      responses: { R1: "12", R2: "twelve calls", R3: "about 12" },
      judge: null,
    },
  };
}
