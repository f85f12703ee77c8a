/**
 * The plan viewer of `plan report --html --plans FILE`: a table with one row per plan, each linking to that plan's
 * own section (`#plan=<query>/<planner>/<prompt type>`), which the stylesheet shows only while it is the target, so
 * it opens without any script. A section shows the candidate as written, its reference (best) plan, the step
 * mapping, the violations and, for judged lines, the judge's rationale. Plans, queries and rationales are untrusted:
 * every one goes through `html` (escaped, controls and bidi characters made visible).
 */
import { html, type SafeHtml } from "../../../render/escape.js";
import { visibleText } from "../../../sanitize.js";
import type { StepExplanation } from "../../match.js";
import type { Violation } from "../../violations.js";

/** One plan as the viewer shows it; built by the command from the plans, the reference and the score lines. */
export interface PlanView {
  query_id: string;
  query: string;
  planner: string | null;
  prompt_type: string | null;
  rating: string | null;
  f1: number | null;
  /** The plan as the planner wrote it (text, or JSON for a decoded plan). */
  candidate: string;
  /** The reference plan in the paper's text form. */
  reference: string;
  mapping: StepExplanation[];
  violations: Violation[];
  /** The judge's rationale per metric, when the score lines are judged. */
  rationale: { metric: string; text: string }[];
}

/** The section id of a plan: the shown text of its three keys, so a hostile name cannot forge another's address. */
export function planAnchor(view: PlanView): string {
  return `plan=${[view.query_id, view.planner ?? "–", view.prompt_type ?? "–"].map((k) => visibleText(k)).join("/")}`;
}

function mappingTable(mapping: readonly StepExplanation[]): SafeHtml {
  if (mapping.length === 0)
    return html`<p class="empty">No step mapping (the candidate has no readable step).</p>`;
  const rows = mapping.map(
    (m) =>
      html`<tr class="${m.matched ? "matched" : "unmatched"}"><td>${m.side}</td><td class="num">${m.step}</td><td class="num">${m.partner ?? "–"}</td><td>${m.matched ? "match" : "no match"}</td><td>${m.reason}</td></tr>`,
  );
  return html`<div class="table-wrap"><table class="mapping"><thead><tr><th>plan</th><th class="num">step</th><th class="num">aligned with</th><th>verdict</th><th>why</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

function violationList(violations: readonly Violation[]): SafeHtml {
  if (violations.length === 0) return html`<p class="empty">No violation found.</p>`;
  return html`<ul class="violations">${violations.map((v) => html`<li><span class="mono">${v.code}</span> ${v.step === null ? "plan" : `step ${v.step}`}: ${v.message}</li>`)}</ul>`;
}

function viewSection(view: PlanView, id: string): SafeHtml {
  const rationale =
    view.rationale.length === 0
      ? ""
      : html`<h4>Judge rationale</h4><dl class="rationale">${view.rationale.map((r) => html`<dt>${r.metric}</dt><dd>${r.text}</dd>`)}</dl>`;
  return html`<section class="plan-view" id="${id}"><h3>${view.query_id} · ${view.planner ?? "–"} · ${view.prompt_type ?? "–"}</h3><p class="hint">${view.query}</p><p><a href="#plans">back to the list</a></p><div class="plan-pair"><div><h4>Candidate plan</h4><pre class="plan candidate">${view.candidate}</pre></div><div><h4>Reference (best) plan</h4><pre class="plan reference">${view.reference}</pre></div></div><h4>Step mapping</h4>${mappingTable(view.mapping)}<h4>Violations</h4>${violationList(view.violations)}${rationale}</section>`;
}

/** The list of plans and their viewer sections; nothing when the command was given no plans. */
export function plansSection(views: readonly PlanView[] | null): SafeHtml | "" {
  if (views === null) return "";
  // The same plan key twice (a repeated line) still gets an address of its own.
  const seen = new Map<string, number>();
  const ids = views.map((view) => {
    const base = planAnchor(view);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base}#${n}`;
  });
  const rows = views.map(
    (v, i) =>
      html`<tr><td><a class="plan-link" href="#${encodeURIComponent(ids[i] ?? "")}">${v.query_id}</a></td><td>${v.planner ?? "–"}</td><td>${v.prompt_type ?? "–"}</td><td>${v.rating ?? "–"}</td><td class="num">${v.f1 === null ? "–" : v.f1.toFixed(2)}</td><td class="num">${v.violations.length}</td></tr>`,
  );
  return html`<section id="plans"><h2>Plans</h2><p class="hint">Every plan scored; open one to see it beside its reference plan, the step mapping, the violations found and, for judged lines, the judge's rationale.</p><div class="table-wrap"><table><thead><tr><th>query</th><th>planner</th><th>prompt type</th><th>rating</th><th class="num">F1</th><th class="num">violations</th></tr></thead><tbody>${rows}</tbody></table></div>${views.map((v, i) => viewSection(v, ids[i] ?? ""))}</section>`;
}
