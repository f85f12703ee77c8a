/** answers: the responses to one query side by side; the decision and, per response, the judge's four scores. */
import { html, type SafeHtml } from "../../../../render/escape.js";
import type { AnswersPayload } from "../../../contract.js";
import { block, choiceField, hiddenPanel, type Option } from "../fields.js";
import type { KindView } from "./view.js";

const BINARY: Option[] = [
  { value: 0, key: "0", text: "no" },
  { value: 1, key: "1", text: "yes" },
];
const SEVEN: Option[] = [1, 2, 3, 4, 5, 6, 7].map((n) => ({ value: n, key: String(n), text: "" }));

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

export const answersView: KindView<AnswersPayload> = {
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
        html`<div class="score-set"><h4>${name}</h4>${choiceField(`scores.${name}.validity`, "validity", BINARY)}${choiceField(`scores.${name}.consistency`, "consistency", BINARY)}${choiceField(`scores.${name}.completeness`, "completeness", SEVEN)}${choiceField(`scores.${name}.redundancy`, "redundancy", SEVEN)}</div>`,
    )}</div></details>
${hiddenPanel("judge", "v", "the judge's decision", judge(p))}`;
  },
};
