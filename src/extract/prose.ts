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

/** Runs of spaces become one, spaces around line breaks go, at most one blank line survives. */
export function tidy(text: string): string {
  return text
    .replace(/[ \t\f\v\u00a0]+/g, " ")
    .replace(/ ?\r?\n ?/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
