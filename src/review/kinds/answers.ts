/**
 * answers: the three-way answer comparison. The annotator reads the query and the responses (R1 no plan, R2 human
 * plans, R3 LLM plans…), optionally scores each response as the answer judge does (validity and consistency 0/1,
 * completeness and redundancy 1–7) and gives the decision: the better response(s) ("R2", "R1,R3"), "All" or
 * "Neither". Tasks come from a responses file (`plan answers --responses`), with the judge's lines
 * (`plan answers --out`) shown on request. Export: one line per query with the decision and the scores, the answer
 * format `plan agree --kind answers` reads.
 */
import { z } from "zod";
import { ResponsesRecordSchema } from "../../plans/answer-records.js";
import { queryKey } from "../../plans/records.js";
import { html, type SafeHtml } from "../../render/escape.js";
import { normaliseDecision } from "../../workflows/answers/decide.js";
import {
  type AnswersLabel,
  AnswersLabelSchema,
  type AnswersPayload,
  AnswersPayloadSchema,
  type NewTask,
} from "../contract.js";
import { block, choiceField, hiddenPanel, type Option } from "./fields.js";
import type { KindModule, KindView, Measure } from "./kind.js";
import { byQueryId, readNumbered } from "./read-lines.js";
import { titleOf } from "./shown-plan.js";

const JudgementSchema = z.looseObject({
  query_id: z.union([z.string().min(1), z.number().int()]),
  decision: z.string().nullable(),
  scores: z.record(z.string(), z.record(z.string(), z.number())).nullable().optional(),
  rationale: z.string().nullable().optional(),
});

function importTasks(sources: { responses?: string; answers?: string }): NewTask[] {
  const judged = sources.answers ? byQueryId(readNumbered(sources.answers, JudgementSchema)) : null;
  const lines = readNumbered(sources.responses as string, ResponsesRecordSchema);
  byQueryId(lines);
  return lines.map(({ record }) => {
    const judgement = judged?.get(queryKey(record.query_id));
    const payload: AnswersPayload = {
      query_id: record.query_id,
      query: record.query,
      responses: record.responses as Record<string, string>,
      judge: judgement
        ? {
            decision: judgement.decision,
            scores: judgement.scores ?? null,
            rationale: judgement.rationale ?? null,
          }
        : null,
    };
    return {
      key: queryKey(record.query_id),
      title: titleOf(queryKey(record.query_id), record.query),
      payload,
      source: sources.responses,
    };
  });
}

/**
 * The decision in the one canonical form the answer judge writes and `plan agree` compares (the project's reader:
 * "r3, R1" → "R1,R3", every response named → "All"). A label that passed `check` always has one.
 */
function canonicalDecision(payload: AnswersPayload, label: AnswersLabel): string {
  return normaliseDecision(label.decision, Object.keys(payload.responses)) ?? label.decision;
}

/** The decision names responses the task has, each once; scores, when given, cover every response. */
function check(payload: AnswersPayload, label: AnswersLabel): { field: string; message: string } | null {
  const labels = Object.keys(payload.responses);
  if (normaliseDecision(label.decision, labels) === null)
    return {
      field: "decision",
      message: `expected All, Neither or response labels among ${labels.join(", ")}, each once; got "${label.decision}"`,
    };
  if (label.scores) {
    const scored = Object.keys(label.scores);
    const extra = scored.find((name) => !labels.includes(name));
    if (extra !== undefined) return { field: `scores.${extra}`, message: "expected a response of this task" };
    const missing = labels.find((name) => !scored.includes(name));
    if (missing !== undefined)
      return { field: `scores.${missing}`, message: "expected scores for every response, or none" };
  }
  return null;
}

const BINARY = ["0", "1"];
const SEVEN = ["1", "2", "3", "4", "5", "6", "7"];

function measures(payload: AnswersPayload, label: AnswersLabel): Measure[] {
  const out: Measure[] = [
    { name: "decision", value: canonicalDecision(payload, label), categories: null, ordinal: false },
  ];
  for (const [response, scores] of Object.entries(label.scores ?? {}).sort(([a], [b]) =>
    a.localeCompare(b),
  )) {
    out.push(
      { name: `${response}.validity`, value: String(scores.validity), categories: BINARY, ordinal: false },
      {
        name: `${response}.consistency`,
        value: String(scores.consistency),
        categories: BINARY,
        ordinal: false,
      },
      {
        name: `${response}.completeness`,
        value: String(scores.completeness),
        categories: SEVEN,
        ordinal: true,
      },
      { name: `${response}.redundancy`, value: String(scores.redundancy), categories: SEVEN, ordinal: true },
    );
  }
  return out;
}

// ---- the page: how a task of this kind is shown and labelled ----

/** answers: the responses to one query side by side; the decision and, per response, the judge's four scores. */

const BINARY_OPTIONS: Option[] = [
  { value: 0, key: "0", text: "no" },
  { value: 1, key: "1", text: "yes" },
];
const SEVEN_OPTIONS: Option[] = [1, 2, 3, 4, 5, 6, 7].map((n) => ({ value: n, key: String(n), text: "" }));

function judge(p: AnswersPayload): SafeHtml {
  if (p.judge === null) return html`<p class="empty">This task carries no judge output.</p>`;
  const scores = p.judge.scores ?? {};
  return html`<p>decision: <strong>${p.judge.decision ?? "–"}</strong></p>${Object.entries(scores).map(
    ([response, values]) =>
      html`<p>${response}: ${Object.entries(values)
        .map(([name, value]) => `${name} ${value}`)
        .join(", ")}</p>`,
  )}${p.judge.rationale ? html`<pre>${p.judge.rationale}</pre>` : ""}`;
}

const answersView: KindView<AnswersPayload> = {
  keys: [
    ["1 … 9", "decision: toggle a response as (one of) the best"],
    ["a / n", "decision: All / Neither"],
    ["0 / 1", "validity, consistency: no / yes"],
    ["1 … 7", "completeness, redundancy"],
    ["v", "show or hide the judge's decision"],
  ],
  render: (p) => {
    const names = Object.keys(p.responses);
    const decision: Option[] = [
      ...names.map((name, i) => ({ value: name, key: String(i + 1), text: name })),
      { value: "All", key: "a", text: "All", exclusive: true },
      { value: "Neither", key: "n", text: "Neither", exclusive: true },
    ];
    return html`<p class="query">${p.query}</p>
<div class="columns${names.length === 3 ? " three" : ""}">${names.map((name) => block(name, p.responses[name] ?? "", "empty response", "response"))}</div>
${choiceField("decision", "Decision: the best response(s)", decision, { multi: true })}
<details class="scores" open><summary>Scores per response (optional; all four for a response you score)</summary><div class="columns${names.length === 3 ? " three" : ""}">${names.map(
      (name) =>
        html`<div class="score-set"><h4>${name}</h4>${choiceField(`scores.${name}.validity`, "validity", BINARY_OPTIONS)}${choiceField(`scores.${name}.consistency`, "consistency", BINARY_OPTIONS)}${choiceField(`scores.${name}.completeness`, "completeness", SEVEN_OPTIONS)}${choiceField(`scores.${name}.redundancy`, "redundancy", SEVEN_OPTIONS)}</div>`,
    )}</div></details>
${hiddenPanel("judge", "v", "the judge's decision", judge(p))}`;
  },
};

export const answersKind: KindModule<AnswersPayload, AnswersLabel> = {
  kind: "answers",
  title: "Answers: the three-way comparison",
  keyParts: [{ at: 0 }],
  view: answersView,
  payloadSchema: AnswersPayloadSchema,
  labelSchema: AnswersLabelSchema,
  check,
  sources: { required: ["responses"], optional: ["answers"] },
  importTasks: (sources) => ({ tasks: importTasks(sources) }),
  measures,
  exportRecords: (items) =>
    items.map(({ payload, label }) => ({
      query_id: payload.query_id,
      decision: canonicalDecision(payload, label),
      ...(label.scores ? { scores: label.scores } : {}),
    })),
  nativeFormat: "jsonl",
  exportFormat: "answer lines: decision and scores (plan agree --kind answers)",
};
