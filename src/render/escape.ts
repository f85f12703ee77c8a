/**
 * Safe-by-default HTML building: every interpolated value is escaped unless it is markup this module produced, and
 * made visible first (src/sanitize.ts: controls and format characters such as U+202E become stand-ins), so no page
 * built here can be reordered or hidden by the text it shows.
 */
import { visibleText } from "../sanitize.js";

/** Markup that is already safe: produced by `html` (whose values were escaped) or a constant we wrote. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type Value = SafeHtml | string | number | null | undefined | false | readonly Value[];

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text for element content and quoted attribute values alike: visible (src/sanitize.ts), then escaped. */
export function escapeHtml(text: string): string {
  return visibleText(text).replace(/[&<>"']/g, (ch) => ENTITIES[ch] ?? ch);
}

function render(value: Value): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join("");
  if (value === null || value === undefined || value === false) return "";
  return escapeHtml(String(value));
}

/** Tagged template: `html\`<td>${label}</td>\`` escapes `label`; nested `html` results pass through. */
export function html(strings: TemplateStringsArray, ...values: Value[]): SafeHtml {
  let out = strings[0] ?? "";
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? "");
  });
  return new SafeHtml(out);
}

/** Marks a constant we wrote (CSS, our own script) as markup. Never call it with data. */
export function trusted(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

/**
 * JSON for a `<script type="application/json">` block whose strings the page shows to people: every string value
 * made visible (src/sanitize.ts), `<`, `>` and `&` escaped so no `</script>` or `<!--` can end or change the block,
 * and U+2028/U+2029 escaped because some parsers treat them as line ends.
 */
export function jsonForScript(data: unknown): string {
  const shown = (_key: string, value: unknown) => (typeof value === "string" ? visibleText(value) : value);
  return JSON.stringify(data, shown).replace(
    /[<>&\u2028\u2029]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
