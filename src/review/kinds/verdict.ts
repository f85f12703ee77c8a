/**
 * verdict: one graded record of a ToolUse.1 or imported-suite run (`tooluse run --out`); the reviewer agrees with the
 * grader's verdict or disputes it, with a reason (required for a dispute). One task per scored record; records that
 * errored have no verdict to review and are left out (counted by `review add`). Export: the disputes JSONL, one
 * line per annotator and record with the review, the record's keys and the grader's verdict; `tooluse disputes`
 * lists the disputed ones.
 */
import { basename } from "node:path";
import { readResults } from "../../report/load.js";
import {
  KIND_KEYS,
  type NewTask,
  type VerdictLabel,
  VerdictLabelSchema,
  type VerdictPayload,
  VerdictPayloadSchema,
} from "../contract.js";
import { jsonLines, type KindModule } from "./kind.js";

/** Tasks and the records left out because they errored. */
export function verdictTasks(file: string): { tasks: NewTask[]; errored: number } {
  const results = readResults(file);
  const scored = results.records.filter((record) => record.status === "scored" && record.verdict !== null);
  const tasks = scored.map((record) => {
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
    };
    const passed = record.verdict?.passed ? "pass" : "fail";
    return {
      key: JSON.stringify([results.model, results.corpus.name, record.id, record.protocol]),
      title: `${record.id} (${record.protocol}) — ${results.model}: ${passed}`,
      payload,
      source: file,
    };
  });
  return { tasks, errored: results.records.length - scored.length };
}

/** A line of the disputes file (and of `tooluse disputes --json`). */
export interface DisputeLine {
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
}

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
  keys: [...KIND_KEYS.verdict],
  sources: { required: ["results"], optional: [] },
  importTasks: (sources) => verdictTasks(sources.results as string).tasks,
  measures: (_payload, label) => [
    { name: "verdict", value: label.verdict, categories: ["agree", "dispute"], ordinal: false },
  ],
  exportText: (items) =>
    jsonLines(items.map(({ payload, label, annotator }) => disputeLine(payload, label, annotator))),
  exportFormat:
    "disputes JSONL: every review of a verdict, with the annotator (tooluse disputes lists the disputed)",
};
