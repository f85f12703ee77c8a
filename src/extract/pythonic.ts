/**
 * Python-style calls, as BFCL's prompt mode and Llama-3.2-style templates ask for: `get_weather(city="Paris")`, or a
 * list `[f(a=1), g(b='x')]`. Only names of offered tools count, and only with keyword arguments (or none), so prose
 * such as "use max(a, b)" is never read as a call.
 */

import { parseLenient } from "../text/lenient-json.js";
import type { Call } from "../tools/types.js";
import type { ExtractContext, ExtractorResult, Span } from "./types.js";

const MAX_CALLS = 64;
/** Bounds that keep hostile text linear: candidates examined, and how far one call's arguments may run. */
const MAX_CANDIDATES = 256;
const MAX_ARGUMENTS_LENGTH = 20_000;
const MAX_NAME = 128;
const NAME_CHAR = /[\w.-]/;
const KEYWORD = /^\s*([A-Za-z_]\w*)\s*=([\s\S]*)$/;

/** Index of the `)` that closes the `(` at `open`, skipping quoted strings and nested brackets; -1 if none. */
function closingParen(text: string, open: number): number {
  let depth = 0;
  const end = Math.min(text.length, open + MAX_ARGUMENTS_LENGTH);
  for (let i = open; i < end; i++) {
    const ch = text[i];
    if (ch === '"' || ch === "'") {
      const quoteEnd = text.indexOf(ch, i + 1);
      if (quoteEnd < 0 || quoteEnd >= end) return -1;
      i = quoteEnd;
    } else if (ch === "(" || ch === "[" || ch === "{") depth++;
    else if (ch === ")" || ch === "]" || ch === "}") {
      depth--;
      if (depth === 0) return ch === ")" ? i : -1;
    }
  }
  return -1;
}

/** Splits at top-level commas (outside quotes and brackets). */
function topLevelParts(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"' || ch === "'") i = Math.max(i, text.indexOf(ch, i + 1));
    else if (ch === "(" || ch === "[" || ch === "{") depth++;
    else if (ch === ")" || ch === "]" || ch === "}") depth--;
    else if (ch === "," && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.filter((part) => part.trim() !== "");
}

/** The keyword arguments of one call, or undefined when any part is not `name=<literal>`. */
function keywordArguments(inside: string): Record<string, unknown> | undefined {
  const args: Record<string, unknown> = {};
  for (const part of topLevelParts(inside)) {
    const match = KEYWORD.exec(part);
    if (!match) return undefined;
    const parsed = parseLenient((match[2] ?? "").trim().replace(/^\((.*)\)$/s, "[$1]"));
    if (!parsed.ok) return undefined;
    Object.defineProperty(args, match[1] as string, {
      value: parsed.value,
      enumerable: true,
      writable: true,
    });
  }
  return args;
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
    if (/^[A-Za-z_]/.test(name)) yield { name, start, open };
  }
}

export function extractPythonic(text: string, context: ExtractContext): ExtractorResult {
  const calls: Call[] = [];
  const spans: Span[] = [];
  let candidates = 0;
  for (const { name, start, open } of namesBeforeParens(text)) {
    if (calls.length >= MAX_CALLS || candidates >= MAX_CANDIDATES) break;
    if (!context.toolNames.has(name)) continue;
    candidates++;
    // A call starts a line or follows `[`/`,` (a list of calls); a name in the middle of a sentence is prose.
    const before = text.slice(Math.max(0, start - MAX_NAME), start);
    const prefix = before.slice(before.lastIndexOf("\n") + 1).trim();
    if (!(prefix === "" || /[[,]$/.test(prefix))) continue;
    const close = closingParen(text, open);
    if (close < 0) continue;
    const args = keywordArguments(text.slice(open + 1, close));
    if (args === undefined) continue;
    calls.push({ name, arguments: args });
    spans.push({ start, end: close + 1 });
  }
  return { calls, spans };
}
