/** step-tags: one step of a plan, and the step evaluator's error tags for it (several may apply). */

import { STEP_TAGS } from "../../../../plans/query-records.js";
import { html } from "../../../../render/escape.js";
import { STEP_TAG_KEYS, type StepTagsPayload } from "../../../contract.js";
import { block, choiceField, hiddenPanel } from "../fields.js";
import type { KindView } from "./view.js";

const tagOptions = STEP_TAGS.map((tag) => ({ value: tag, key: STEP_TAG_KEYS[tag], text: tag }));

/** The step under review, when the plan is held as the JSON object (text plans are shown whole). */
function stepOf(p: StepTagsPayload): { tool: unknown; prompt: unknown } | null {
  const source = p.plan.source;
  if (typeof source !== "object" || !Array.isArray(source.steps)) return null;
  const step = (source.steps as unknown[]).find(
    (s): s is { id: unknown; tool: unknown; prompt: unknown } =>
      typeof s === "object" && s !== null && (s as { id?: unknown }).id === p.step,
  );
  return step ? { tool: step.tool, prompt: step.prompt } : null;
}

export const stepTagsView: KindView<StepTagsPayload> = {
  keys: [
    [
      tagOptions.map((o) => o.key).join(" "),
      "toggle a tag (several may apply; NO CHANGE when the step is fine)",
    ],
    ["v", "show or hide the evaluator's tags"],
  ],
  render: (p) => {
    const step = stepOf(p);
    return html`<p class="query">${p.query}</p>
<p class="step-title">Step ${p.step}${p.pass > 1 ? html` <span class="sub">(pass ${p.pass})</span>` : ""}${
      step ? html`: <span class="tool">${String(step.tool)}</span> <q>${String(step.prompt)}</q>` : ""
    }</p>
<div class="columns">
${block("Plan", p.plan.text, "empty plan", "candidate")}
${block("Reference (best plan)", p.reference?.text ?? null, "no reference for this task", "reference")}
</div>
${choiceField("tags", `Tags for step ${p.step}`, tagOptions, { multi: true })}
${hiddenPanel(
  "evaluator",
  "v",
  "the evaluator's tags",
  p.evaluator_tags === null
    ? html`<p class="empty">This task carries no evaluator tags.</p>`
    : html`<p>${p.evaluator_tags.join(", ") || "none"}</p>`,
)}`;
  },
};
