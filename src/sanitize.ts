/**
 * The one sanitiser for untrusted text (case ids, model and planner names, model output, file names) on its way to a
 * terminal or a Markdown file. Nothing is dropped silently: every control character becomes a visible stand-in, so
 * `ESC[2J` prints as `␛[2J` and cannot clear the screen, and an OSC 8 hyperlink shows its raw text.
 * The HTML report escapes on its own (src/report/html); this module never produces markup.
 */

// C0 controls, DEL, C1 controls (U+0080–U+009F, where 8-bit CSI U+009B lives), bidirectional overrides and isolates
// (which reorder what the reader sees), and the line and paragraph separators.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this module's job.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const LINE_BREAK = /\r\n|[\r\n\u2028\u2029\u0085]/g;

/** The visible stand-in for one control character: a Control Pictures glyph for C0 and DEL, else U+FFFD. */
function standIn(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x20) return String.fromCodePoint(0x2400 + code);
  if (code === 0x7f) return "\u2421";
  return "\ufffd";
}

export interface TerminalTextOptions {
  /** Keep line breaks (a block of text); default false: one line, breaks and tabs become spaces. */
  multiline?: boolean;
}

/** Text that is safe to print on a terminal: no escape sequence, no cursor movement, no reordering. */
export function terminalText(text: string, options: TerminalTextOptions = {}): string {
  const lines = String(text).replace(/\t/g, " ").split(LINE_BREAK);
  const safe = lines.map((line) => line.replace(CONTROL, standIn));
  return safe.join(options.multiline ? "\n" : " ");
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
