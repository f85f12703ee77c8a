/** The prose left for answer constraints: the cleaned text minus call payloads, whitespace tidied. */
import type { Span } from "./types.js";

/** Removes the spans (in any order, possibly overlapping) and tidies what is left. */
export function proseWithout(text: string, spans: readonly Span[]): string {
  if (spans.length === 0) return tidy(text);
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const parts: string[] = [];
  let position = 0;
  for (const span of sorted) {
    if (span.start > position) parts.push(text.slice(position, span.start));
    position = Math.max(position, span.end);
  }
  parts.push(text.slice(position));
  // A space, not nothing: "Sure!{…}Done" must not become "Sure!Done".
  return tidy(parts.join(" "));
}

/** Anything `tidy` would change; most outputs have none, and testing is cheaper than replacing. */
const UNTIDY = /[\t\f\v\r\u00a0]| [ \n]|\n |\n\n\n|^\s|\s$/;
/**
 * Blank runs that need rewriting: any run holding a line break (each loop iteration must eat a `\n`,
 * so no backtracking blow-up), two or more blanks, or one blank that is not a space. A lone space
 * between words is left alone, which is what keeps this cheap.
 */
const BLANK_RUN = /[ \t\f\v\u00a0]*(?:\r?\n[ \t\f\v\u00a0]*)+|[ \t\f\v\u00a0]{2,}|[\t\f\v\u00a0]/g;

function collapse(run: string): string {
  const first = run.indexOf("\n");
  if (first === -1) return " ";
  return run.indexOf("\n", first + 1) === -1 ? "\n" : "\n\n";
}

/** Runs of spaces become one, spaces around line breaks go, at most one blank line survives. */
export function tidy(text: string): string {
  if (!UNTIDY.test(text)) return text;
  return text.replace(BLANK_RUN, collapse).trim();
}
