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
import { html, type SafeHtml } from "../../render/escape.js";
import { findCorpora } from "../../report/corpus.js";
import { promptNote } from "../../report/html/data.js";
import {
  describeCalls,
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
import { block, choiceField, textField } from "./fields.js";
import type { KindImport, KindModule, KindView } from "./kind.js";

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

/** What `review add` says about a verdict import: the checks' notes, the records left out, the tasks without a case. */
function verdictImport(found: VerdictImport): KindImport {
  const leftOut: string[] = [];
  if (found.errored > 0) leftOut.push(`${found.errored} errored record(s) left out: no verdict to review`);
  if (found.passedLeftOut > 0)
    leftOut.push(`${found.passedLeftOut} passing record(s) left out (--failures-only)`);
  const unfound = found.withoutCase;
  return {
    tasks: found.tasks,
    notes: found.notes,
    leftOut,
    warnings: unfound
      ? [`${unfound.count} verdict task(s) show no case (question, expectation): ${unfound.reason}`]
      : [],
  };
}

/**
 * The key is [model, suite, case, protocol]: the case first, as the report lists records; the suite only when it is
 * not ToolUse.1 (saying it on every task is noise).
 */
const VERDICT_KEY = [{ at: 2 }, { at: 3 }, { at: 0 }, { at: 1, unless: "ToolUse.1" }];

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

// ---- the page: how a task of this kind is shown and labelled ----

/**
 * verdict: one graded record as the HTML report's case browser shows it (what the case expects, verdict and reason,
 * extracted calls, raw output, the conversation as rendered), and the reviewer's agreement or dispute with a reason.
 * The output and the case's text are untrusted: shown as text, never run.
 */

type Outcome = "passed" | "failed" | "error";

function outcome(p: VerdictPayload): Outcome {
  if (p.status === "error" || p.verdict === null) return "error";
  return p.verdict.passed === true ? "passed" : "failed";
}

function calls(verdict: Record<string, unknown> | null): string | null {
  const list = verdict?.calls;
  if (!Array.isArray(list)) return null;
  return describeCalls(
    list.filter((c): c is { name: string; arguments: unknown } => typeof c?.name === "string"),
  );
}

/** The verdict's flags a reviewer should see: what was tolerated or went wrong besides the reason. */
function flags(verdict: Record<string, unknown> | null): string[] {
  if (!verdict) return [];
  const out: string[] = [];
  if (verdict.malformed === true)
    out.push("malformed: the output looks like a call attempt that did not parse");
  if (verdict.name_mangled === true) out.push("name mangled: a dotted tool name was called with _");
  if (Array.isArray(verdict.lenient) && verdict.lenient.length > 0)
    out.push(`lenient matches: ${verdict.lenient.join(", ")}`);
  if (Array.isArray(verdict.extra) && verdict.extra.length > 0)
    out.push(`extra arguments: ${verdict.extra.join(", ")}`);
  if (typeof verdict.behaviour === "string") out.push(`behaviour: ${verdict.behaviour}`);
  return out;
}

const BADGE: Record<Outcome, string> = { passed: "PASS", failed: "FAIL", error: "ERROR" };

/** The report's "Expected"; a case not found says why, in the warning colour, so nobody mistakes it for "none". */
function expected(shown: VerdictCase): SafeHtml {
  return shown.found
    ? block("Expected", shown.expected, "", "expected")
    : html`<section class="block expected missing"><h3>Expected</h3><p class="error">not available: ${shown.reason}</p></section>`;
}

/** The conversation as rendered to the model, as the report shows it: system prompt and tool list folded. */
function conversation(shown: VerdictCase, protocol: string): SafeHtml {
  if (!shown.found) return html``;
  const messages = shown.conversation.map(({ role, text }) =>
    role === "system" || role === "tools"
      ? html`<div class="msg role-${role}"><details><summary class="role">${role} (${text.length} characters)</summary><pre>${text}</pre></details></div>`
      : html`<div class="msg role-${role}"><div class="role">${role}</div><pre>${text}</pre></div>`,
  );
  return html`<section class="block conversation"><h3>Conversation as rendered (${protocol})</h3>${
    shown.prompt_note === null ? "" : html`<p class="sub">${shown.prompt_note}</p>`
  }${messages}</section>`;
}

const verdictView: KindView<VerdictPayload> = {
  keys: [
    ["a", "agree with the verdict"],
    ["d", "dispute it (then type the reason)"],
  ],
  render: (p) => {
    const result = outcome(p);
    const reason = typeof p.verdict?.reason === "string" ? p.verdict.reason : null;
    const flagged = flags(p.verdict);
    const about = p.case.found ? `${p.case.lang} · ${p.case.category} · ${p.case.difficulty} · ` : "";
    const meta: SafeHtml = html`<p class="record"><span class="badge ${result}">${BADGE[result]}</span> <span class="id">${p.case_id}</span> <span class="proto">${p.protocol}</span> <span class="who">${p.model}</span> <span class="sub">${about}${p.suite} · ${p.results_file}</span></p>`;
    return html`${meta}
<div class="columns">
<div>
${expected(p.case)}
${block(result === "error" ? "Error (not scored)" : `Verdict: ${result}`, result === "error" ? p.error : reason, "no reason recorded")}
${flagged.length > 0 ? block("Flags", flagged.join("\n")) : ""}
${block("Extracted calls", calls(p.verdict), result === "error" ? "none: the request failed" : "none")}
</div>
${block("Raw model output", p.output, "no output", "output")}
</div>
${conversation(p.case, p.protocol)}
${choiceField(
  "verdict",
  "Your view of the verdict",
  [
    { value: "agree", key: "a", text: "agree" },
    { value: "dispute", key: "d", text: "dispute" },
  ],
  { next: { dispute: "reason" } },
)}
${textField("reason", "Reason (needed for a dispute)", { rows: 3 })}`;
  },
};

export const verdictKind: KindModule<VerdictPayload, VerdictLabel> = {
  kind: "verdict",
  title: "Verdicts: agree or dispute",
  keyParts: VERDICT_KEY,
  view: verdictView,
  payloadSchema: VerdictPayloadSchema,
  labelSchema: VerdictLabelSchema,
  sources: { required: ["results"], optional: [] },
  failuresOnly: true,
  importTasks: (sources, options = { failuresOnly: false }) =>
    verdictImport(verdictTasks(sources.results as string, options)),
  measures: (_payload, label) => [
    { name: "verdict", value: label.verdict, categories: ["agree", "dispute"], ordinal: false },
  ],
  exportRecords: (items) =>
    items.map(({ payload, label, annotator }) => disputeLine(payload, label, annotator)),
  nativeFormat: "jsonl",
  exportFormat:
    "disputes JSONL: every review of a verdict, with the annotator (tooluse disputes lists the disputed)",
  annotatorsInOneFile: true,
};
