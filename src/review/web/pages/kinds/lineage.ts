/** lineage: the final plan of a lineage, editable, beside the revision before it; the diff and score follow edits. */
import { html } from "../../../../render/escape.js";
import type { LineagePayload } from "../../../contract.js";
import { block, textField } from "../fields.js";
import type { KindView } from "./view.js";

export const lineageView: KindView<LineagePayload> = {
  keys: [
    ["a", "accept the final plan as recorded"],
    ["e", "edit the final plan (Esc to leave the editor)"],
    ["u", "undo every edit: back to the final plan as recorded"],
    ["r", "show or hide every revision with its fixes"],
    ["Enter", "accept the plan as shown (as edited, when you edited it)"],
  ],
  render: (p) => html`<p class="query">${p.query}</p>${p.note ? html`<p class="sub">note: ${p.note}</p>` : ""}
<section class="reveal"><button type="button" class="toggle" data-toggle="revisions" data-key="r" aria-expanded="false"><kbd>r</kbd> show all ${p.revisions.length} revisions</button><ol id="revisions" class="revealed" hidden>${p.revisions.map(
    (r, i) =>
      html`<li><h4>Revision ${i + 1}${r.fixes.length > 0 ? html` <span class="sub">fixes: ${r.fixes.join("; ")}</span>` : ""}${
        r.judge_only ? html` <span class="sub">(only a judge sees: ${r.judge_only})</span>` : ""
      }</h4><pre>${r.plan.text}</pre></li>`,
  )}</ol></section>
<div class="columns">
${block("Previous revision", p.previous?.text ?? null, "none: this lineage has one plan", "previous")}
<section class="block"><h3>Final plan <span class="sub">(edit to correct it; the diff and score follow)</span></h3>${textField("plan", "", { rows: 14, initial: p.final.text, className: "editor" })}</section>
</div>
<div class="columns">
<section class="block"><h3>Diff: previous → final</h3><div id="diff" class="diff" data-before="${p.previous?.text ?? ""}" data-original="${p.final.text}"></div></section>
<section class="block"><h3>Deterministic score</h3><div id="score" class="score" aria-live="polite"><p class="empty">scoring…</p></div></section>
</div>
${textField("note", "Note (optional)", { rows: 2 })}`,
};
