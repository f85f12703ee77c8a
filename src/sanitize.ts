/**
 * The one sanitiser for untrusted text (case ids, model and planner names, model output, plans, file names) on its
 * way to a person: a terminal, a Markdown file, an HTML page (src/render/escape.ts calls visibleText for every
 * value it escapes, so the HTML reports, `plan report --html` and the review workbench share it). Nothing is dropped
 * silently: every character that acts on text instead of being text becomes a visible stand-in, so `ESC[2J` prints
 * as `␛[2J` and cannot clear the screen, an OSC 8 hyperlink shows its raw text, and a right-to-left override
 * (U+202E) cannot reverse a neighbouring name. This module never produces markup.
 */

// What acts on text instead of being text: the C0 controls other than TAB, LF and CR (which each caller lays out),
// DEL, the C1 controls (U+0080–U+009F, where 8-bit CSI U+009B lives), and every Unicode format character (category
// Cf): the bidirectional embeddings, overrides and isolates U+202A–E and U+2066–9 and the marks U+200E, U+200F and
// U+061C, which reorder what the reader sees; zero-width spaces and joiners, the byte-order mark, invisible
// operators and tag characters, which hide a difference between two strings that look the same.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this module's job.
const INVISIBLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\p{Cf}]/gu;
const LINE_BREAK = /\r\n|[\r\n\u2028\u2029\u0085]/g;

/** The visible stand-in for one such character: a Control Pictures glyph for C0 and DEL, else U+FFFD. */
function standIn(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x20) return String.fromCodePoint(0x2400 + code);
  if (code === 0x7f) return "\u2421";
  return "\ufffd";
}

/**
 * Text whose every character is seen as it is: controls and format characters become stand-ins; TAB, LF and CR are
 * kept, for the caller to lay out (an HTML `<pre>` keeps them, a terminal line turns them into spaces).
 */
export function visibleText(text: string): string {
  return String(text).replace(INVISIBLE, standIn);
}

/** A JSON-like value with every string in it (not the keys) made visible: data a page shows to a person. */
export function visibleStrings<T>(value: T): T {
  if (typeof value === "string") return visibleText(value) as T;
  if (Array.isArray(value)) return value.map(visibleStrings) as T;
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, visibleStrings(inner)])) as T;
  return value;
}

export interface TerminalTextOptions {
  /** Keep line breaks (a block of text); default false: one line, breaks and tabs become spaces. */
  multiline?: boolean;
}

/** Text that is safe to print on a terminal: no escape sequence, no cursor movement, no reordering. */
export function terminalText(text: string, options: TerminalTextOptions = {}): string {
  const lines = String(text).replace(/\t/g, " ").split(LINE_BREAK);
  return lines.map(visibleText).join(options.multiline ? "\n" : " ");
}

/**
 * Text that is safe inside a Markdown table cell or line: terminal-safe, one line, the cell separator `|` and the
 * backslash that could cancel its escape are backslash-escaped, and `<`, `>`, `&` become entities so no raw HTML
 * (`<script>`) survives. Emphasis characters stay: they change how text looks, never what runs.
 */
export function markdownText(text: string): string {
  return terminalText(text)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/[\\`|]/g, (char) => `\\${char}`);
}

/**
 * At most `width` characters (code points, so a surrogate pair is never split), with `…` marking a cut. Sanitise
 * first: on sanitised text no escape sequence exists to be cut in half.
 */
export function truncate(text: string, width: number): string {
  const chars = Array.from(text);
  if (chars.length <= width) return text;
  return `${chars.slice(0, Math.max(0, width - 1)).join("")}…`;
}
