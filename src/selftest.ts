/** The self-test: proves the grader agrees with the corpus before any model is involved. */

import { CONTROL_KINDS, type ControlKind, negativeControl } from "./backends/negative-controls.js";
import { type ReferenceName, referenceOutput } from "./backends/reference-outputs.js";
import type { Case, Protocol } from "./cases/schema.js";
import { expectsCall } from "./grade/expectation.js";
import { grade } from "./grade/grade.js";
import type { Output } from "./grade/output.js";
import type { Verdict } from "./grade/verdict.js";

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

/** One kind of negative control in one protocol: every rendered control must fail. */
export interface ControlRow {
  control: ControlKind;
  protocol: Protocol;
  /** Controls rendered (cases the kind applies to). */
  rendered: number;
  ok: boolean;
  /** Ids of cases whose control passed: each one is a grader that accepts a wrong output. */
  passed: string[];
}

export interface SelftestOptions {
  /** The grader under test (default: the 2.0 grader); tests inject a broken one to see the selftest fail. */
  grade?: (testCase: Case, output: Output) => Verdict;
}

/** Renders every negative control of every case and grades it: any that passes is reported with its case id. */
export function selftestControls(cases: readonly Case[], options: SelftestOptions = {}): ControlRow[] {
  const gradeOne = options.grade ?? grade;
  const rows: ControlRow[] = [];
  for (const control of CONTROL_KINDS) {
    for (const protocol of SELFTEST_PROTOCOLS) {
      const passed: string[] = [];
      let rendered = 0;
      for (const testCase of cases) {
        const output = negativeControl(control, testCase, protocol);
        if (output === undefined) continue;
        rendered++;
        if (gradeOne(testCase, { id: testCase.id, protocol, output }).passed) passed.push(testCase.id);
      }
      rows.push({ control, protocol, rendered, ok: passed.length === 0, passed });
    }
  }
  return rows;
}

export function selftest(cases: readonly Case[], options: SelftestOptions = {}): SelftestRow[] {
  const gradeOne = options.grade ?? grade;
  const rows: SelftestRow[] = [];
  for (const runner of ["oracle", "always-call", "never-call"] as const) {
    for (const protocol of SELFTEST_PROTOCOLS) {
      const disagreements: string[] = [];
      let passed = 0;
      let expectedPassed = 0;
      for (const testCase of cases) {
        const verdict = gradeOne(testCase, {
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
