/** triplet: three revisions of one lineage in shuffled order; the annotator ranks them (1 best, ties allowed). */
import { html } from "../../../../render/escape.js";
import type { TripletPayload } from "../../../contract.js";
import { block, choiceField } from "../fields.js";
import type { KindView } from "./view.js";

const RANKS = [
  { value: 1, key: "1", text: "best" },
  { value: 2, key: "2", text: "middle" },
  { value: 3, key: "3", text: "worst" },
];

export const tripletView: KindView<TripletPayload> = {
  keys: [["1 / 2 / 3", "rank the current plan (1 best; equal ranks are ties); j for the next plan"]],
  render: (p) => html`<p class="query">${p.query}</p>
<div class="columns three">${p.slots.map((s) => block(`Plan ${s.slot}`, s.plan.text, "empty plan"))}</div>
<div class="columns three">${p.slots.map((s) => choiceField(`ranks.${s.slot}`, `Rank of plan ${s.slot}`, RANKS))}</div>`,
};
