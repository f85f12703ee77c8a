/**
 * The form pieces every task page is built from. Each is a `.field` with a `data-name` (the label's field, dotted
 * for nested ones: `ranks.A`, `scores.R1.validity`) and a `data-type` the script reads: `choice` (one option),
 * `multi` (several), `number` or `text`. Options carry the key that picks them while their field is the current one.
 */
import { html, type SafeHtml } from "../../render/escape.js";

export interface Option {
  value: string | number;
  /** The key that picks it while its field is current (shown on the button). */
  key: string;
  text: string;
  /** In a `multi` field: picking it clears the others, and picking another clears it (All, Neither). */
  exclusive?: boolean;
}

interface ChoiceSettings {
  multi?: boolean;
  /** The field to move to after this field gets a value (e.g. the reason after "dispute"). */
  next?: Record<string, string>;
  hint?: string;
}

export function choiceField(
  name: string,
  legend: string,
  options: readonly Option[],
  settings: ChoiceSettings = {},
): SafeHtml {
  const valueType = options.every((o) => typeof o.value === "number") ? "number" : "string";
  const buttons = options.map(
    (o) =>
      html`<button type="button" class="opt" aria-pressed="false" data-value="${String(o.value)}" data-key="${o.key}"${o.exclusive ? html` data-exclusive="true"` : ""}${
        settings.next?.[String(o.value)] ? html` data-then="${settings.next[String(o.value)]}"` : ""
      }><kbd>${o.key}</kbd> ${o.text}</button>`,
  );
  return html`<fieldset class="field" data-name="${name}" data-type="${settings.multi ? "multi" : "choice"}" data-value-type="${valueType}"><legend>${legend}</legend>${
    settings.hint ? html`<p class="sub">${settings.hint}</p>` : ""
  }<div class="options">${buttons}</div></fieldset>`;
}

export function numberField(name: string, legend: string, min: number, max: number, step: number): SafeHtml {
  return html`<div class="field" data-name="${name}" data-type="number"><label>${legend} <span class="sub">${min}–${max}</span><input type="number" min="${min}" max="${max}" step="${step}" inputmode="decimal" autocomplete="off"></label></div>`;
}

export function textField(
  name: string,
  legend: string,
  settings: { rows?: number; initial?: string; placeholder?: string; className?: string } = {},
): SafeHtml {
  return html`<div class="field${settings.className ? ` ${settings.className}` : ""}" data-name="${name}" data-type="text"><label>${legend}<textarea rows="${settings.rows ?? 3}" spellcheck="false" placeholder="${settings.placeholder ?? ""}">${settings.initial ?? ""}</textarea></label></div>`;
}

/** Text shown exactly as given: plans, model output, records. `<pre>` keeps lines; escaping keeps it inert. */
export function block(title: string, text: string | null, empty = "none", className = ""): SafeHtml {
  return html`<section class="block ${className}"><h3>${title}</h3>${
    text === null || text === "" ? html`<p class="empty">${empty}</p>` : html`<pre>${text}</pre>`
  }</section>`;
}

/** A panel the page hides until asked (the evaluator's or judge's view, to avoid anchoring the annotator). */
export function hiddenPanel(id: string, key: string, what: string, body: SafeHtml): SafeHtml {
  return html`<section class="reveal"><button type="button" class="toggle" data-toggle="${id}" data-key="${key}" aria-expanded="false"><kbd>${key}</kbd> show ${what}</button><div id="${id}" class="revealed" hidden>${body}</div></section>`;
}
