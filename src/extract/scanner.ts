/** Linear-time scanning helpers: balanced JSON-looking spans, Markdown fences, and a forward-only finder. */
import { isSpace } from "../text/chars.js";
import { parseLenient } from "../text/lenient-json.js";
import type { JsonCandidate, JsonSpan, Span } from "./types.js";

export interface ScanOptions {
  /** Stop once this many settled spans are known; outputs are short, so the first ones are the ones that matter. */
  maxSpans?: number;
  /** Spans longer than this are dropped: nothing a model says in one call is that large, and parsing costs time. */
  maxSize?: number;
}

const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const DOUBLE_QUOTE = 34;
const SINGLE_QUOTE = 39;
const BACKSLASH = 92;
const NEWLINE = 10;
const COMMA = 44;
const COLON = 58;
/** At depth 0 only an opener matters: jumping to it with a regex search skips prose quickly. */
const OPENER = /[{[]/g;
/** Beyond this many unsettled inner spans we stop recording more: they are subsumed or unused anyway. */
const PENDING_LIMIT = 4096;

/**
 * Finds the outermost balanced bracket spans in one left-to-right pass with a stack, so the cost is
 * O(n) whatever the input (a naive "try to match from every `{`" is quadratic on `{{{{…`).
 * Strings are respected inside brackets only (prose apostrophes at depth 0 mean nothing); a single
 * quote opens a string only where a JSON token may start (after `{ [ , :`), which tells
 * `{'a': 'b'}` from `{it's}`.
 */
export function findJsonSpans(text: string, options: ScanOptions = {}): JsonSpan[] {
  const maxSpans = options.maxSpans ?? 64;
  const maxSize = options.maxSize ?? 200_000;
  const stack: number[] = [];
  const found: JsonSpan[] = [];
  let quote = 0;
  let previous = 0;
  for (let i = 0; i < text.length; i++) {
    if (stack.length === 0 && quote === 0) {
      OPENER.lastIndex = i;
      const opener = OPENER.exec(text);
      if (opener === null) break;
      i = opener.index;
      previous = 0;
    }
    const code = text.charCodeAt(i);
    if (quote !== 0) {
      if (code === BACKSLASH) i++;
      else if (code === quote) quote = 0;
      // An unterminated single-quoted string ends at the line: prose, not Python.
      else if (quote === SINGLE_QUOTE && code === NEWLINE) quote = 0;
      previous = code;
      continue;
    }
    if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      stack.push(i);
    } else if (stack.length > 0) {
      if (code === DOUBLE_QUOTE) quote = code;
      else if (code === SINGLE_QUOTE) {
        if (
          previous === OPEN_BRACE ||
          previous === OPEN_BRACKET ||
          previous === COMMA ||
          previous === COLON
        ) {
          quote = code;
        }
      } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
        const start = stack[stack.length - 1] as number;
        const expected = text.charCodeAt(start) === OPEN_BRACE ? CLOSE_BRACE : CLOSE_BRACKET;
        if (code !== expected) {
          // A mismatched closer breaks every open bracket: none of them can be JSON any more.
          stack.length = 0;
        } else {
          stack.pop();
          while (found.length > 0 && (found[found.length - 1] as JsonSpan).start > start) found.pop();
          if (stack.length === 0 || found.length < PENDING_LIMIT) {
            found.push({ start, end: i + 1, orphan: stack.length > 0 });
          }
        }
        if (stack.length === 0 && found.length >= maxSpans) break;
      }
    }
    if (!isSpace(code)) previous = code;
  }
  // Whatever is still open never closed: the spans recorded inside it stay orphans.
  const spans: JsonSpan[] = [];
  for (const span of found) {
    if (span.end - span.start <= maxSize) spans.push(span);
    if (spans.length === maxSpans) break;
  }
  return spans;
}

/** A Markdown code fence: the whole block and its body (between the opening line and the closing ```). */
export interface Fence extends Span {
  info: string;
  bodyStart: number;
  bodyEnd: number;
}

/** Pairs up ``` markers in order; an unclosed fence runs to the end of the text. */
export function findFences(text: string): Fence[] {
  const fences: Fence[] = [];
  let position = text.indexOf("```");
  while (position !== -1) {
    const lineEnd = text.indexOf("\n", position + 3);
    const bodyStart = lineEnd === -1 ? text.length : lineEnd + 1;
    const info = text.slice(position + 3, lineEnd === -1 ? text.length : lineEnd).trim();
    const close = text.indexOf("```", bodyStart);
    const bodyEnd = close === -1 ? text.length : close;
    const end = close === -1 ? text.length : close + 3;
    fences.push({ start: position, end, info, bodyStart, bodyEnd });
    if (close === -1) break;
    position = text.indexOf("```", end);
  }
  return fences;
}

/**
 * `indexOf` with a per-token memo, for scans whose start position only moves forward: a token that
 * is absent is searched for once, not once per block, which keeps tag scanning linear.
 */
export function createFinder(text: string): (token: string, from: number) => number {
  const memo = new Map<string, number>();
  return (token, from) => {
    const known = memo.get(token);
    if (known !== undefined && (known === -1 || known >= from)) return known;
    const index = text.indexOf(token, from);
    memo.set(token, index);
    return index;
  };
}

/** A span inside a fence's body stands for the whole fence: the backticks are call payload, not prose. */
export function widenToFence(span: Span, fences: readonly Fence[]): Span {
  for (const fence of fences) {
    if (fence.bodyStart <= span.start && span.end <= fence.bodyEnd)
      return { start: fence.start, end: fence.end };
  }
  return { start: span.start, end: span.end };
}

/** Every span of the text with its lenient parse: the JSON and bare-argument extractors share one read. */
export function readJsonCandidates(text: string): JsonCandidate[] {
  return findJsonSpans(text).map((span) => ({
    span,
    parsed: parseLenient(text.slice(span.start, span.end)),
  }));
}
