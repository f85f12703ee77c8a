/** XML call blocks: Qwen3-Coder `<function=NAME><parameter=K>V</parameter></function>`, Hermes `<tool_call>{json}</tool_call>`, GLM-4.5 `<arg_key>`/`<arg_value>`. */

import { parseLenient, setOwn } from "../text/lenient-json.js";
import type { Call } from "../tools/types.js";
import { argumentsFrom, callsFromValue } from "./call-shape.js";
import { createFinder, findJsonSpans } from "./scanner.js";
import type { ExtractContext, Extractor, Span } from "./types.js";

const BLOCK_OPEN = "<tool_call>";
const BLOCK_CLOSE = "</tool_call>";
const FUNCTION_OPEN = "<function=";
const FUNCTION_CLOSE = "</function>";
const PARAMETER_OPEN = "<parameter=";
const PARAMETER_CLOSE = "</parameter>";
/** A tag's name or key longer than this is not a name; stopping early keeps a hostile `<function=…` cheap. */
const MAX_TAG_NAME = 256;
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

type Find = (token: string, from: number) => number;

/**
 * Reads every `<tool_call>` block and every bare `<function=…>` block, in order. A block whose closing
 * tag is missing (output truncated) runs to the next block or the end and is read anyway.
 */
export const extractXml: Extractor = (text, context) => {
  const calls: Call[] = [];
  const spans: Span[] = [];
  if (!text.includes(BLOCK_OPEN) && !text.includes(FUNCTION_OPEN)) return { calls, spans };
  const find = createFinder(text);
  let position = 0;
  for (;;) {
    const block = find(BLOCK_OPEN, position);
    const bare = find(FUNCTION_OPEN, position);
    if (block === -1 && bare === -1) break;
    let start: number;
    let end: number;
    if (block !== -1 && (bare === -1 || block < bare)) {
      start = block;
      const bodyStart = block + BLOCK_OPEN.length;
      const close = find(BLOCK_CLOSE, bodyStart);
      const next = find(BLOCK_OPEN, bodyStart);
      const closed = close !== -1 && (next === -1 || close < next);
      const bodyEnd = closed ? close : next === -1 ? text.length : next;
      end = closed ? close + BLOCK_CLOSE.length : bodyEnd;
      calls.push(...readBlockBody(text, bodyStart, bodyEnd, find, context));
    } else {
      start = bare;
      const read = readFunction(text, bare, text.length, find);
      if (read.call !== undefined) calls.push(read.call);
      end = read.end;
    }
    spans.push({ start, end });
    position = end;
  }
  return { calls, spans };
};

function readBlockBody(
  text: string,
  start: number,
  end: number,
  find: Find,
  context: ExtractContext,
): Call[] {
  const calls: Call[] = [];
  let position = start;
  for (;;) {
    const bare = find(FUNCTION_OPEN, position);
    if (bare === -1 || bare >= end) break;
    const read = readFunction(text, bare, end, find);
    if (read.call !== undefined) calls.push(read.call);
    position = read.end;
  }
  if (position !== start) return calls;
  const glm = readKeyValueBlock(text.slice(start, end), context);
  if (glm !== undefined) return [glm];
  // Hermes: JSON (or a Python dict) between the tags. An orphan span is the inside of a broken object.
  const body = text.slice(start, end);
  for (const span of findJsonSpans(body)) {
    if (span.orphan) continue;
    const json = body.slice(span.start, span.end);
    const parsed = context.readJson ? context.readJson(json) : parseLenient(json);
    if (parsed.ok)
      calls.push(
        ...callsFromValue(parsed.value, {
          toolNames: context.toolNames,
          inCallBlock: true,
          spellings: context.keySpellings,
        }),
      );
  }
  return calls;
}

const ARG_PAIR = /<arg_key>([\s\S]*?)<\/arg_key>\s*<arg_value>([\s\S]*?)(?:<\/arg_value>|$)/g;
const LEADING_NAME = /^\s*([\p{L}\p{N}_.-]+)\s*(?:<|$)/u;

/**
 * GLM-4.5: `<tool_call>NAME<arg_key>K</arg_key><arg_value>V</arg_value>…</tool_call>`. A body that is only a
 * name is a call without arguments when the name is an offered tool's (otherwise it is just text in tags).
 */
function readKeyValueBlock(body: string, context: ExtractContext): Call | undefined {
  const name = LEADING_NAME.exec(body)?.[1];
  if (name === undefined) return undefined;
  if (!body.includes("<arg_key>")) {
    return body.trim() === name && context.toolNames.has(name) ? { name, arguments: {} } : undefined;
  }
  const args: Record<string, unknown> = {};
  for (const [, key = "", value = ""] of body.matchAll(ARG_PAIR))
    setOwn(args, key.trim(), readTypedValue(value));
  return { name, arguments: args };
}

/** Reads `<function=NAME>…` starting at `start`; the body ends at `</function>`, the next function or `limit`. */
function readFunction(text: string, start: number, limit: number, find: Find): { call?: Call; end: number } {
  const nameStart = start + FUNCTION_OPEN.length;
  const nameEnd = tagNameEnd(text, nameStart, limit);
  const name = nameEnd === -1 ? "" : unquote(text.slice(nameStart, nameEnd).trim());
  if (name === "" || /\s/.test(name)) return { end: nameStart };
  const bodyStart = nameEnd + 1;
  const close = find(FUNCTION_CLOSE, bodyStart);
  const next = find(FUNCTION_OPEN, bodyStart);
  let bodyEnd = limit;
  if (next !== -1 && next < bodyEnd) bodyEnd = next;
  const closed = close !== -1 && close < bodyEnd;
  if (closed) bodyEnd = close;
  const args = readParameters(text, bodyStart, bodyEnd, find);
  return { call: { name, arguments: args }, end: closed ? close + FUNCTION_CLOSE.length : bodyEnd };
}

function readParameters(text: string, start: number, end: number, find: Find): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  let position = start;
  let seen = false;
  for (;;) {
    const open = find(PARAMETER_OPEN, position);
    if (open === -1 || open >= end) break;
    const keyStart = open + PARAMETER_OPEN.length;
    const keyEnd = tagNameEnd(text, keyStart, end);
    const key = keyEnd === -1 ? "" : unquote(text.slice(keyStart, keyEnd).trim());
    if (key === "") {
      position = keyStart;
      continue;
    }
    const valueStart = keyEnd + 1;
    const close = find(PARAMETER_CLOSE, valueStart);
    const next = find(PARAMETER_OPEN, valueStart);
    // A missing `</parameter>` (truncation, or a model that forgot it) ends the value at the next tag.
    let valueEnd = end;
    if (next !== -1 && next < valueEnd) valueEnd = next;
    const closed = close !== -1 && close < valueEnd;
    if (closed) valueEnd = close;
    setOwn(args, key, readTypedValue(text.slice(valueStart, valueEnd)));
    seen = true;
    position = closed ? close + PARAMETER_CLOSE.length : valueEnd;
  }
  if (seen) return args;
  // `<function=NAME>{"k": "v"}</function>`: the Hermes-2-Pro variant puts JSON arguments in the body.
  const body = text.slice(start, end).trim();
  return body.startsWith("{") ? argumentsFrom(body) : args;
}

/** The index of the `>` closing a tag name, or -1 when a newline, `<` or the length limit comes first. */
function tagNameEnd(text: string, from: number, limit: number): number {
  const stop = Math.min(limit, from + MAX_TAG_NAME);
  for (let i = from; i < stop; i++) {
    const char = text[i];
    if (char === ">") return i;
    if (char === "<" || char === "\n") return -1;
  }
  return -1;
}

function unquote(value: string): string {
  const first = value[0];
  if (value.length >= 2 && (first === '"' || first === "'") && value.endsWith(first))
    return value.slice(1, -1).trim();
  return value;
}

/**
 * A parameter value as the model meant it: Qwen3-Coder writes every value as text, so a value that is
 * a JSON number, boolean, null, object or array becomes that value; anything else is the trimmed text.
 * @example readTypedValue("\n42\n") // 42
 */
export function readTypedValue(raw: string): unknown {
  const value = raw.trim();
  const first = value[0];
  if (first === "{" || first === "[") {
    const parsed = parseLenient(value);
    return parsed.ok ? parsed.value : value;
  }
  if (value === "true") return true;
  if (value === "false") return false;
  if (value === "null") return null;
  return JSON_NUMBER.test(value) ? Number(value) : value;
}
