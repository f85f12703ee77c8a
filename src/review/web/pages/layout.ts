/**
 * The frame of every page: the token and annotator in meta tags (read by the script, never by anything else), our
 * one style sheet and one script, the header, and the keyboard help overlay, inside the one page shell
 * (src/render/page-shell.ts). Every value is escaped by `html`.
 */
import { html, type SafeHtml } from "../../../render/escape.js";
import { pageDocument } from "../../../render/page-shell.js";
import { HARNESS_VERSION } from "../../../version.js";

export interface PageFrame {
  title: string;
  token: string;
  /** The server's --annotator; null: the page asks for a name and keeps it in the browser. */
  annotator: string | null;
  db: string;
  /** data-* attributes of <body>: what the script needs to know about this page. */
  data: Record<string, string | number | null>;
  /** Keyboard keys of this page beyond the common ones, for the help overlay. */
  keys: readonly (readonly [string, string])[];
  main: SafeHtml;
}

const COMMON_KEYS: readonly (readonly [string, string])[] = [
  ["] / [  or  → / ←", "next / previous task"],
  ["j / k", "next / previous field"],
  ["Enter", "submit (Ctrl+Enter inside a text box)"],
  ["Esc", "leave a text box, close this help"],
  ["i", "back to the index"],
  ["?", "show or hide this help"],
];

function dataAttributes(data: PageFrame["data"]): SafeHtml[] {
  return Object.entries(data)
    .filter(([, value]) => value !== null)
    .map(([name, value]) => html` data-${name}="${String(value)}"`);
}

function annotatorBox(annotator: string | null): SafeHtml {
  if (annotator !== null) return html`<span class="who">annotator <strong>${annotator}</strong></span>`;
  return html`<label class="who">annotator <input id="annotator" name="annotator" autocomplete="username" maxlength="64" placeholder="your name" required></label>`;
}

export function renderPage(frame: PageFrame): string {
  const keys = [...frame.keys, ...COMMON_KEYS];
  return pageDocument({
    title: html`${frame.title} · tooluse review`,
    // Served: the policy comes as a header (security.ts), built by the same shell.
    filePolicy: null,
    head: html`<meta name="review-token" content="${frame.token}">
<meta name="review-annotator" content="${frame.annotator ?? ""}">
<link rel="stylesheet" href="/assets/review.css">
<script src="/assets/review.js" defer></script>`,
    bodyAttributes: dataAttributes(frame.data),
    body: html`<header class="top"><a class="brand" href="/">tooluse review</a><span class="db" title="${frame.db}">${frame.db}</span>${annotatorBox(frame.annotator)}<span class="hint">press <kbd>?</kbd> for keys</span></header>
<main>
${frame.main}
</main>
<div id="status" role="status" aria-live="polite"></div>
<div id="help" class="overlay" hidden><div class="panel" role="dialog" aria-modal="true" aria-labelledby="help-title"><h2 id="help-title">Keyboard</h2><table>${keys.map(([key, what]) => html`<tr><th><kbd>${key}</kbd></th><td>${what}</td></tr>`)}</table><p class="sub">tooluse ${HARNESS_VERSION}</p></div></div>
`,
  });
}
