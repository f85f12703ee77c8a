/** The plain-text protocol: `TOOL name | k=v | k2=v2` on a line of its own. */

import { setOwn } from "../text/lenient-json.js";
import type { Call } from "../tools/types.js";
import { type Fence, findFences, widenToFence } from "./scanner.js";
import type { Extractor, Span } from "./types.js";

const KEYWORD = "TOOL";
/** Tool names as runtimes spell them: letters, digits, `_`, `.` (BFCL's `math.factorial`) and `-`. */
const TOOL_NAME = /^[\p{L}\p{N}_.-]+$/u;
const QUOTES = new Set(['"', "'", "`"]);

/**
 * Every line whose text is a TOOL call, in order. The keyword must open the line (after optional
 * indentation): mid-sentence it is a mention, on its own line it is a call (spec §6, a property of
 * the protocol). Values are trimmed and lose one pair of surrounding quotes; they stay strings, since
 * numbers are the grader's to normalise. A `|` inside a value is not supported: it splits the value.
 */
export const extractPlain: Extractor = (text) => {
  const calls: Call[] = [];
  const spans: Span[] = [];
  let fences: Fence[] | undefined;
  let position = 0;
  for (;;) {
    const keyword = text.indexOf(KEYWORD, position);
    if (keyword === -1) break;
    // `position` is always a line start, so the backward search stays within this line: linear overall.
    const lineStart = text.lastIndexOf("\n", keyword) + 1;
    const newline = text.indexOf("\n", keyword);
    const lineEnd = newline === -1 ? text.length : newline;
    const call = readToolLine(text.slice(lineStart, lineEnd));
    if (call !== undefined) {
      calls.push(call);
      fences ??= findFences(text);
      spans.push(widenToFence({ start: lineStart, end: lineEnd }, fences));
    }
    if (newline === -1) break;
    position = newline + 1;
  }
  return { calls, spans };
};

/** Reads one line as a TOOL call, or undefined when it is not one. */
export function readToolLine(line: string): Call | undefined {
  let body = line.trim();
  // Inline code around the whole line (`TOOL x | a=b`) is formatting, not content.
  if (body.length >= 2 && body.startsWith("`") && body.endsWith("`")) body = trimBackticks(body);
  if (!body.startsWith(KEYWORD)) return undefined;
  const rest = body.slice(KEYWORD.length);
  if (rest !== "" && !/^[\s|]/.test(rest)) return undefined;
  const segments = rest.split("|");
  const name = (segments[0] as string).trim();
  if (!TOOL_NAME.test(name)) return undefined;
  const args: Record<string, unknown> = {};
  for (const segment of segments.slice(1)) {
    const equals = segment.indexOf("=");
    const key = equals === -1 ? "" : segment.slice(0, equals).trim();
    if (key !== "") setOwn(args, key, unquote(segment.slice(equals + 1).trim()));
  }
  return { name, arguments: args };
}

/** A loop, not `/`+$/`: that regex backtracks quadratically on a long run of backticks. */
function trimBackticks(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && value[start] === "`") start++;
  while (end > start && value[end - 1] === "`") end--;
  return value.slice(start, end).trim();
}

function unquote(value: string): string {
  const first = value[0];
  if (value.length >= 2 && first !== undefined && QUOTES.has(first) && value.endsWith(first))
    return value.slice(1, -1);
  return value;
}
