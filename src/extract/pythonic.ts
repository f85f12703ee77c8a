/**
 * Python-style calls, as BFCL's prompt mode and Llama-3.2-style templates ask for: `get_weather(city="Paris")`, or a
 * list `[f(a=1), g(b='x')]`. Only names of offered tools count, and only with keyword arguments (or none), so prose
 * such as "use max(a, b)" is never read as a call.
 */
import type { Call } from "../tools/types.js";
import { readPythonArguments } from "./python-literal.js";
import { jsonObject } from "./python-value.js";
import type { ExtractContext, ExtractorResult, Span } from "./types.js";

const MAX_CALLS = 64;
/** Bounds that keep hostile text linear: candidates examined, and how far one call's arguments may run. */
const MAX_CANDIDATES = 256;
const MAX_ARGUMENTS_LENGTH = 20_000;
const MAX_NAME = 128;
const NAME_CHAR = /[\p{ID_Continue}.-]/u;
const SPECIAL_TOKENS = /<\|[^|\n]{1,40}\|>|\[TOOL_CALLS\]/g;

/** The keyword arguments of the call whose `(` is at `open`, as JSON values, and where the call ends. */
function keywordArguments(
  text: string,
  open: number,
): { args: Record<string, unknown>; end: number } | undefined {
  // The slice bounds how far one candidate may read, so hostile text stays linear.
  const read = readPythonArguments(text.slice(0, open + MAX_ARGUMENTS_LENGTH), open);
  return read && { args: jsonObject(read.arguments), end: read.end };
}

/**
 * Every `name(` in the text, found from the parenthesis backwards: a regex scanning forwards for names followed by
 * `(` backtracks quadratically on a long run of letters.
 */
function* namesBeforeParens(text: string): Generator<{ name: string; start: number; open: number }> {
  for (let open = text.indexOf("("); open >= 0; open = text.indexOf("(", open + 1)) {
    let start = open;
    while (start > 0 && open - start < MAX_NAME && NAME_CHAR.test(text[start - 1] as string)) start--;
    const name = text.slice(start, open);
    if (/^[\p{ID_Start}_]/u.test(name)) yield { name, start, open };
  }
}

export function extractPythonic(text: string, context: ExtractContext): ExtractorResult {
  const calls: Call[] = [];
  const spans: Span[] = [];
  let candidates = 0;
  for (const { name: written, start, open } of namesBeforeParens(text)) {
    if (calls.length >= MAX_CALLS || candidates >= MAX_CANDIDATES) break;
    // Llama 3.1's built-in tool form, `<|python_tag|>brave_search.call(query="…")`, calls the tool before `.call`.
    const name = written.endsWith(".call") ? written.slice(0, -".call".length) : written;
    if (!context.toolNames.has(name)) continue;
    candidates++;
    // A call starts a line or follows `[`/`,` (a list of calls); a name in the middle of a sentence is prose.
    const before = text.slice(Math.max(0, start - MAX_NAME), start);
    // A template's special token before it (`<|python_tag|>`, `[TOOL_CALLS]`) frames the call; it is no prose.
    const prefix = before
      .slice(before.lastIndexOf("\n") + 1)
      .replace(SPECIAL_TOKENS, "")
      .trim();
    if (!(prefix === "" || /[[,]$/.test(prefix))) continue;
    const read = keywordArguments(text, open);
    if (read === undefined) continue;
    calls.push({ name, arguments: read.args });
    spans.push({ start, end: read.end });
  }
  return { calls, spans };
}
