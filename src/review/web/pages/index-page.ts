/** The index: every kind with its open and done tasks, and the inter-annotator agreement the store computes. */
import { html, type SafeHtml } from "../../../render/escape.js";
import { kindNamed } from "../../kinds/lookup.js";
import type { KindCounts } from "../counts.js";
import { MIN_SHARED_TASKS, type ShownKindAgreement, type ShownPair } from "../shown-agreement.js";

const number = (value: number | null, digits = 2) => (value === null ? "–" : value.toFixed(digits));

function pairRow(pair: ShownPair): SafeHtml {
  const who = html`<td>${pair.annotators.join(" · ")}</td><td>${pair.measure}</td><td class="num">${pair.n}</td>`;
  if (pair.hidden)
    return html`<tr class="hidden-figures">${who}<td colspan="3" class="sub">hidden until ${MIN_SHARED_TASKS} shared tasks</td></tr>`;
  return html`<tr>${who}<td class="num">${number(pair.exact)}</td><td class="num">${number(pair.kappa)}</td><td class="num">${pair.ordinal ? number(pair.weighted_kappa) : "–"}</td></tr>`;
}

function agreementSection(agreements: readonly ShownKindAgreement[]): SafeHtml {
  const shown = agreements.filter((a) => a.pairs.length > 0);
  if (shown.length === 0)
    return html`<section class="agreement"><h2>Agreement</h2><p class="empty">No task has labels from two annotators yet: agreement appears here once two people label the same tasks.</p></section>`;
  return html`<section class="agreement"><h2>Agreement</h2><p class="sub">Each pair of annotators on the tasks both labelled (their latest labels): exact agreement, Cohen's κ, and quadratic weighted κ for ordinal measures. Figures over fewer than ${MIN_SHARED_TASKS} shared tasks are hidden: they would give away another annotator's label.</p>${shown.map(
    (a) =>
      html`<h3>${a.kind}</h3><table class="grid"><thead><tr><th>annotators</th><th>measure</th><th class="num">n</th><th class="num">exact</th><th class="num">κ</th><th class="num">weighted κ</th></tr></thead><tbody>${a.pairs.map(pairRow)}</tbody></table>`,
  )}</section>`;
}

export function indexMain(
  counts: readonly KindCounts[],
  agreements: readonly ShownKindAgreement[],
): SafeHtml {
  const rows = counts.map(
    (k, i) =>
      html`<tr data-kind="${k.kind}"><td><kbd>${i + 1}</kbd></td><td><a href="/kinds/${k.kind}">${k.kind}</a><div class="sub">${kindNamed(k.kind).title}</div></td><td class="num">${k.tasks}</td><td class="num">${k.open}</td><td class="num">${k.done}</td><td>${
        k.first_open === null
          ? html`<span class="sub">${k.tasks === 0 ? "no tasks (tooluse review add)" : "all done"}</span>`
          : html`<a class="start" data-key="${i + 1}" href="/tasks/${k.first_open}">start</a>`
      }</td></tr>`,
  );
  return html`<h1>Review workbench</h1>
<table class="grid kinds"><thead><tr><th>key</th><th>kind</th><th class="num">tasks</th><th class="num">open</th><th class="num">done</th><th></th></tr></thead><tbody>${rows}</tbody></table>
${agreementSection(agreements)}`;
}
