/** DeepSeek's special-token call blocks (V3 and V3.1), the tagged-block family the spec groups with XML. */

import { parseLenient } from "../text/lenient-json.js";
import type { Call } from "../tools/types.js";
import { isRecord } from "./call-shape.js";
import { createFinder } from "./scanner.js";
import type { Extractor, Span } from "./types.js";

const CALLS_BEGIN = "<｜tool▁calls▁begin｜>";
const CALLS_END = "<｜tool▁calls▁end｜>";
const CALL_BEGIN = "<｜tool▁call▁begin｜>";
const CALL_END = "<｜tool▁call▁end｜>";
const SEPARATOR = "<｜tool▁sep｜>";

/**
 * V3:   `<｜tool▁call▁begin｜>function<｜tool▁sep｜>NAME\n```json\n{…}\n```<｜tool▁call▁end｜>`
 * V3.1: `<｜tool▁call▁begin｜>NAME<｜tool▁sep｜>{…}<｜tool▁call▁end｜>`
 * Arguments must parse to an object; a call without its end marker (truncation) is read anyway.
 */
export const extractDeepSeek: Extractor = (text) => {
  const calls: Call[] = [];
  const spans: Span[] = [];
  if (!text.includes(CALL_BEGIN)) return { calls, spans };
  const find = createFinder(text);
  let position = 0;
  for (;;) {
    const begin = find(CALL_BEGIN, position);
    if (begin === -1) break;
    const headStart = begin + CALL_BEGIN.length;
    const end = find(CALL_END, headStart);
    const next = find(CALL_BEGIN, headStart);
    const outerEnd = find(CALLS_END, headStart);
    let limit = text.length;
    for (const candidate of [end, next, outerEnd])
      if (candidate !== -1 && candidate < limit) limit = candidate;
    const separator = find(SEPARATOR, headStart);
    if (separator !== -1 && separator < limit) {
      const call = readCall(
        text.slice(headStart, separator).trim(),
        text.slice(separator + SEPARATOR.length, limit),
      );
      if (call !== undefined) calls.push(call);
    }
    const spanEnd = limit === end ? end + CALL_END.length : limit;
    spans.push({ start: begin, end: spanEnd });
    position = spanEnd;
  }
  for (const marker of [CALLS_BEGIN, CALLS_END]) {
    const index = text.indexOf(marker);
    if (index !== -1) spans.push({ start: index, end: index + marker.length });
  }
  return { calls, spans };
};

function readCall(head: string, rest: string): Call | undefined {
  let name = head;
  let body = rest;
  if (head === "function") {
    // V3 puts the name on the line after the separator and the arguments in a fence below it.
    const lineEnd = rest.indexOf("\n");
    name = (lineEnd === -1 ? rest : rest.slice(0, lineEnd)).trim();
    body = lineEnd === -1 ? "" : rest.slice(lineEnd + 1);
  }
  if (name === "" || /\s/.test(name)) return undefined;
  const parsed = parseLenient(unfence(body.trim()));
  return parsed.ok && isRecord(parsed.value) ? { name, arguments: parsed.value } : undefined;
}

function unfence(body: string): string {
  if (!body.startsWith("```")) return body;
  const lineEnd = body.indexOf("\n");
  const inner = lineEnd === -1 ? "" : body.slice(lineEnd + 1);
  return (inner.endsWith("```") ? inner.slice(0, -3) : inner).trim();
}
