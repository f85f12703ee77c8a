/** The self-test: proves the grader agrees with the corpus before any model is involved. */

import { type ReferenceName, referenceOutput } from "./backends/reference-outputs.js";
import type { Case, Protocol } from "./cases/schema.js";
import { expectsCall } from "./grade/expectation.js";
import { grade } from "./grade/grade.js";

export interface SelftestRow {
  runner: ReferenceName;
  protocol: Protocol;
  score: number;
  expected: number;
  ok: boolean;
  /** Ids whose verdict disagreed with what the runner must get. */
  disagreements: string[];
}

const SELFTEST_PROTOCOLS: readonly Protocol[] = ["json", "xml", "plain", "native"];

/** What each reference runner must score on each case: the corpus composition decides it. */
function mustPass(runner: ReferenceName, testCase: Case): boolean {
  if (runner === "oracle") return true;
  const wantsCall = expectsCall(testCase.expect);
  return runner === "always-call" ? wantsCall : !wantsCall;
}

export function selftest(cases: readonly Case[]): SelftestRow[] {
  const rows: SelftestRow[] = [];
  for (const runner of ["oracle", "always-call", "never-call"] as const) {
    for (const protocol of SELFTEST_PROTOCOLS) {
      const disagreements: string[] = [];
      let passed = 0;
      let expectedPassed = 0;
      for (const testCase of cases) {
        const verdict = grade(testCase, {
          id: testCase.id,
          protocol,
          output: referenceOutput(runner, testCase, protocol),
        });
        const must = mustPass(runner, testCase);
        if (verdict.passed) passed++;
        if (must) expectedPassed++;
        if (verdict.passed !== must) disagreements.push(`${testCase.id}: ${verdict.reason}`);
      }
      const n = Math.max(cases.length, 1);
      rows.push({
        runner,
        protocol,
        score: passed / n,
        expected: expectedPassed / n,
        ok: disagreements.length === 0,
        disagreements,
      });
    }
  }
  return rows;
}
