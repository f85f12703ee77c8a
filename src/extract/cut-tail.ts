/**
 * E8, a call cut off after the calls (2.9.0): a model that made its call and started the next one — a runaway repeat
 * of the same call, or the next step's call — until the output stopped (`{…}{"name": "calc`, a third `TOOL …` line
 * ending in `| from`). The complete calls before the fragment were made; the fragment is a malformed attempt beside
 * them, so the output is both (docs/spec-conformance.md E8, "a cut tail").
 *
 * Grammar: OUTPUT = PRECEDING CLOSER WS* FRAGMENT END, where CLOSER ends a call shape (`}`, `]`, `)`, `>` of a closing
 * tag, or the end of a `TOOL` line), FRAGMENT opens a call shape (a call object's first key, a call tag, a `TOOL`
 * name, `name(`) and reads as no call on its own, and nothing but whitespace stands between them. Prose anywhere in
 * between is no cut tail: "…and then I'd write {"name": …" is talk, for the mention rules.
 */

/** Where a call shape opens: a call object's first key, a call tag, a TOOL line, a Python-style call. */
const OPENER =
  /\{\s*"(?:name|function|tool|tool_name|type)"|\[\s*\{|<tool_call>|<function=|<｜tool▁call|^[ \t]*TOOL[ \t]|\[?[A-Za-z_][\w.]*\(/gmu;

/** The end of a call shape, right before the fragment. */
const CLOSER = /(?:[}\])]|<\/tool_call>|<\/function>|<｜tool▁call▁end｜>|<｜tool▁calls▁end｜>)\s*$/u;

/** An opening tag and nothing else. */
const BARE_TAG = /^(?:<tool_call>|<｜tool▁call[^｜]*｜>)\s*$/u;

/** A TOOL line standing whole as the last line before the fragment. */
const TOOL_LINE_BEFORE = /(?:^|\n)[ \t]*TOOL[ \t][^\n]*\n\s*$/u;

/**
 * The offset where a cut tail starts in `text`, or undefined. `readsAsCall(fragment)` says whether the fragment alone
 * reads as a call (then it is whole and no cut tail); the caller reads it with its own rules.
 */
export function cutTailStart(text: string, readsAsCall: (fragment: string) => boolean): number | undefined {
  const start = lastOpenerAfterCall(text);
  if (start === undefined) return undefined;
  const fragment = text.slice(start);
  // A bare opening tag with nothing after it is a stray token, not a call begun: there is nothing of it to read.
  if (BARE_TAG.test(fragment)) return undefined;
  // A fragment that closes what it opens is a whole shape, whatever it reads as: only cut text is a cut tail.
  if (balanced(fragment) && !fragment.trimStart().startsWith("TOOL")) return undefined;
  return readsAsCall(fragment) ? undefined : start;
}

/** The last opener that follows the end of a call shape with only whitespace between them. */
function lastOpenerAfterCall(text: string): number | undefined {
  const starts = [...text.matchAll(OPENER)].map(
    (match) => match.index + match[0].length - match[0].trimStart().length,
  );
  for (let i = starts.length - 1; i >= 0; i--) {
    const start = starts[i] as number;
    const before = text.slice(0, start);
    const gap = before.slice(before.trimEnd().length);
    // Written on at once (`}{`) or on a line of its own: a space between two shapes is inside one line of talk.
    if (gap !== "" && !gap.includes("\n")) continue;
    if (before.trim() !== "" && (CLOSER.test(before) || TOOL_LINE_BEFORE.test(before))) return start;
  }
  return undefined;
}

/** Whether every bracket and call tag the text opens, it closes (strings are not told apart: a heuristic gate). */
function balanced(fragment: string): boolean {
  const count = (token: string) => fragment.split(token).length - 1;
  return (
    count("{") === count("}") &&
    count("[") === count("]") &&
    count("(") === count(")") &&
    count("<tool_call>") === count("</tool_call>") &&
    count("<function=") === count("</function>")
  );
}
