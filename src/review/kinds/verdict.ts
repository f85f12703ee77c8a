/**
 * verdict: one graded record of a ToolUse.1 or imported-suite run (`tooluse run --out`); the reviewer agrees with the
 * grader's verdict or disputes it, with a reason (required for a dispute). One task per scored record; records that
 * errored have no verdict to review and are left out (counted by `review add`). Each task carries what the HTML
 * report shows for its record: the case's expectation and conversation come from the corpus the report finds (by
 * the digest the results file records); a record whose case is not found is imported with the reason instead.
 * Export: the disputes JSONL, one line per annotator and record with the review, the record's keys and the grader's
 * verdict; `tooluse disputes` lists the disputed ones.
 */
import { basename } from "node:path";
import type { Case } from "../../cases/schema.js";
import type { PromptOptions } from "../../protocols/prompts.js";
import { findCorpora } from "../../report/corpus.js";
import { promptNote } from "../../report/html/data.js";
import {
  describeExpectation,
  renderedConversation,
  runPromptOptions,
} from "../../report/html/describe-case.js";
import { labelRuns, readResults } from "../../report/load.js";
import { verifyResults } from "../../report/verify.js";
import type { ReportRecord } from "../../runner/results-schema.js";
import {
  type NewTask,
  type VerdictCase,
  type VerdictLabel,
  VerdictLabelSchema,
  type VerdictPayload,
  VerdictPayloadSchema,
} from "../contract.js";
import type { KindModule } from "./kind.js";

interface VerdictImport {
  tasks: NewTask[];
  /** Records left out: they errored, so there is no verdict to review. */
  errored: number;
  /** Records left out because they passed (`failuresOnly`). */
  passedLeftOut: number;
  /** Tasks imported without their case, and why (the first reason), so `review add` can say so; null when none. */
  withoutCase: { count: number; reason: string } | null;
  /** What checking the file found (verdicts that differ from re-grading, a summary that disagrees), for stderr. */
  notes: string[];
}

function shownCase(
  testCase: Case | undefined,
  record: ReportRecord,
  missing: string,
  note: string | null,
  options: PromptOptions,
): VerdictCase {
  if (!testCase) return { found: false, reason: missing };
  return {
    found: true,
    lang: testCase.lang,
    category: testCase.category,
    difficulty: testCase.difficulty ?? "unspecified",
    expected: describeExpectation(testCase),
    conversation: renderedConversation(testCase, record.protocol, options),
    prompt_note: note,
  };
}

export interface VerdictImportOptions {
  /**
   * Only the records that did not pass: a reviewer looking for grader mistakes on failures need not wade through
   * every passing record (a ToolUse.1 run has 564).
   */
  failuresOnly?: boolean;
}

/** Tasks, the records left out because they errored (or passed), and the tasks whose case was not found. */
export function verdictTasks(file: string, options: VerdictImportOptions = {}): VerdictImport {
  // Stored verdicts are evidence, not truth: reviewers see the re-graded verdict, and review add names each edit.
  const { results, notes } = verifyResults(readResults(file), file);
  const runs = labelRuns([{ file, results }]);
  const digest = results.corpus.digest;
  const corpora = findCorpora(runs);
  const cases = corpora.cases.get(digest);
  const note = runs[0] ? promptNote(runs[0]) : null;
  const prompts = runPromptOptions(results);
  const scored = results.records.filter((record) => record.status === "scored" && record.verdict !== null);
  const chosen = options.failuresOnly ? scored.filter((record) => record.verdict?.passed !== true) : scored;
  const missing = (id: string) =>
    corpora.missing.get(digest) ?? `case ${id} is not in the corpus file with digest ${digest}`;
  const tasks = chosen.map((record) => {
    const payload: VerdictPayload = {
      case_id: record.id,
      protocol: record.protocol,
      model: results.model,
      suite: results.corpus.name,
      results_file: basename(file),
      status: record.status,
      output: record.output,
      error: record.error,
      verdict: record.verdict as Record<string, unknown>,
      case: shownCase(cases?.get(record.id), record, missing(record.id), note, prompts),
    };
    const passed = record.verdict?.passed ? "pass" : "fail";
    return {
      key: JSON.stringify([results.model, results.corpus.name, record.id, record.protocol]),
      title: `${record.id} (${record.protocol}) — ${results.model}: ${passed}`,
      payload,
      source: file,
    };
  });
  const unfound = tasks.flatMap(({ payload }) => (payload.case.found ? [] : [payload.case.reason]));
  return {
    tasks,
    errored: results.records.length - scored.length,
    passedLeftOut: scored.length - chosen.length,
    withoutCase: unfound[0] === undefined ? null : { count: unfound.length, reason: unfound[0] },
    notes,
  };
}

/** A line of the disputes file (and of `tooluse disputes --json`). */
export type DisputeLine = {
  case_id: string;
  protocol: string;
  model: string;
  suite: string;
  results_file: string;
  annotator: string;
  verdict: VerdictLabel["verdict"];
  reason: string | null;
  /** The grader's verdict under review. */
  grader_verdict: Record<string, unknown> | null;
};

export function disputeLine(payload: VerdictPayload, label: VerdictLabel, annotator: string): DisputeLine {
  return {
    case_id: payload.case_id,
    protocol: payload.protocol,
    model: payload.model,
    suite: payload.suite,
    results_file: payload.results_file,
    annotator,
    verdict: label.verdict,
    reason: label.reason ?? null,
    grader_verdict: payload.verdict,
  };
}

export const verdictKind: KindModule<VerdictPayload, VerdictLabel> = {
  kind: "verdict",
  payloadSchema: VerdictPayloadSchema,
  labelSchema: VerdictLabelSchema,
  sources: { required: ["results"], optional: [] },
  importTasks: (sources) => verdictTasks(sources.results as string).tasks,
  measures: (_payload, label) => [
    { name: "verdict", value: label.verdict, categories: ["agree", "dispute"], ordinal: false },
  ],
  exportRecords: (items) =>
    items.map(({ payload, label, annotator }) => disputeLine(payload, label, annotator)),
  nativeFormat: "jsonl",
  exportFormat:
    "disputes JSONL: every review of a verdict, with the annotator (tooluse disputes lists the disputed)",
};
