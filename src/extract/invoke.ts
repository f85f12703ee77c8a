/**
 * Anthropic's invoke blocks (docs/spec-conformance.md E16), a call dialect beyond SPEC §3.1's chain:
 *   `<function_calls><invoke name="NAME"><parameter name="K">V</parameter>…</invoke>…</function_calls>` (Claude's
 *   prompt format, also written by models distilled from it), and Claude 3's first tool-use form
 *   `<invoke><tool_name>NAME</tool_name><parameters><K>V</K>…</parameters></invoke>`.
 * Any tag may carry a namespace prefix (`<ns:invoke …>`). The wrapper is optional; a wrapper is one span with every
 * invoke inside it, an invoke outside one is its own span. A block without its closing tag (the output was cut) runs
 * to the next block or the end and is read anyway; E8 decides what a cut block is (isCutInvoke).
 */

import { setOwn } from "../text/lenient-json.js";
import type { Call } from "../tools/types.js";
import type { Extractor, Span } from "./types.js";
import { readTypedValue } from "./xml.js";

/** A namespace prefix as Claude's templates write one (`antml:`); short, letters only. */
const PREFIX = "(?:[A-Za-z][\\w-]{0,15}:)?";
const WRAPPER_OPEN = new RegExp(`<${PREFIX}function_calls>`, "g");
const WRAPPER_CLOSE = new RegExp(`</${PREFIX}function_calls>`, "g");
const INVOKE_OPEN = new RegExp(`<${PREFIX}invoke(?=[\\s>])[^<>]{0,300}>`, "g");
const INVOKE_CLOSE = new RegExp(`</${PREFIX}invoke>`, "g");
const NAME_ATTRIBUTE = /\bname\s*=\s*(?:"([^"]*)"|'([^']*)')/;
const PARAMETER = new RegExp(
  `<${PREFIX}parameter\\s+name\\s*=\\s*(?:"([^"]*)"|'([^']*)')\\s*>([\\s\\S]*?)(?:</${PREFIX}parameter>|(?=<${PREFIX}parameter\\s)|$)`,
  "g",
);
const TOOL_NAME = new RegExp(`<${PREFIX}tool_name>([^<]*)</${PREFIX}tool_name>`);
const PARAMETERS = new RegExp(`<${PREFIX}parameters>([\\s\\S]*?)(?:</${PREFIX}parameters>|$)`);
type Found = { index: number; length: number };
type Search = (pattern: RegExp, from: number) => Found;

/**
 * A forward-only search over one text: a pattern's last match is reused while it still lies ahead (or there was
 * none), so a text of thousands of unclosed blocks is scanned once per pattern, not once per block.
 */
function createSearch(text: string): Search {
  const memo = new Map<RegExp, Found>();
  return (pattern, from) => {
    const known = memo.get(pattern);
    if (known !== undefined && (known.index === -1 || known.index >= from)) return known;
    pattern.lastIndex = from;
    const match = pattern.exec(text);
    const found = match === null ? { index: -1, length: 0 } : { index: match.index, length: match[0].length };
    memo.set(pattern, found);
    return found;
  };
}

export const extractInvoke: Extractor = (text) => {
  const calls: Call[] = [];
  const spans: Span[] = [];
  if (!text.includes("invoke")) return { calls, spans };
  const search = createSearch(text);
  let position = 0;
  for (;;) {
    const wrapper = search(WRAPPER_OPEN, position);
    const invoke = search(INVOKE_OPEN, position);
    if (invoke.index === -1) break;
    if (wrapper.index !== -1 && wrapper.index < invoke.index) {
      const bodyStart = wrapper.index + wrapper.length;
      const close = search(WRAPPER_CLOSE, bodyStart);
      const next = search(WRAPPER_OPEN, bodyStart);
      const closed = close.index !== -1 && (next.index === -1 || close.index < next.index);
      const bodyEnd = closed ? close.index : next.index === -1 ? text.length : next.index;
      const read = readInvokes(text, search, bodyStart, bodyEnd);
      calls.push(...read.calls);
      // Without its closing tag the wrapper ends where its last invoke did: what follows is the reply's prose.
      const end = closed ? close.index + close.length : read.end;
      spans.push({ start: wrapper.index, end });
      position = end;
      continue;
    }
    const read = readInvoke(text, search, invoke, text.length);
    if (read.call !== undefined) calls.push(read.call);
    spans.push({ start: invoke.index, end: read.end });
    position = read.end;
  }
  return { calls, spans };
};

function readInvokes(
  text: string,
  search: Search,
  start: number,
  end: number,
): { calls: Call[]; end: number } {
  const calls: Call[] = [];
  let position = start;
  for (;;) {
    const invoke = search(INVOKE_OPEN, position);
    if (invoke.index === -1 || invoke.index >= end)
      return { calls, end: position === start ? end : position };
    const read = readInvoke(text, search, invoke, end);
    if (read.call !== undefined) calls.push(read.call);
    position = read.end;
  }
}

/** One invoke element from its opening tag; its body ends at `</invoke>`, the next invoke or `limit`. */
function readInvoke(text: string, search: Search, open: Found, limit: number): { call?: Call; end: number } {
  const bodyStart = open.index + open.length;
  const close = search(INVOKE_CLOSE, bodyStart);
  const next = search(INVOKE_OPEN, bodyStart);
  let bodyEnd = limit;
  if (next.index !== -1 && next.index < bodyEnd) bodyEnd = next.index;
  const closed = close.index !== -1 && close.index < bodyEnd;
  if (closed) bodyEnd = close.index;
  const end = closed ? close.index + close.length : bodyEnd;
  const body = text.slice(bodyStart, bodyEnd);
  const attribute = NAME_ATTRIBUTE.exec(text.slice(open.index, bodyStart));
  const name = (attribute ? (attribute[1] ?? attribute[2] ?? "") : (TOOL_NAME.exec(body)?.[1] ?? "")).trim();
  if (name === "" || /\s/.test(name)) return { end };
  return { call: { name, arguments: attribute ? namedParameters(body) : childParameters(body) }, end };
}

/** `<parameter name="K">V</parameter>`; a parameter whose closing tag is missing ends at the next one. */
function namedParameters(body: string): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const [, double, single, value = ""] of body.matchAll(PARAMETER)) {
    const key = (double ?? single ?? "").trim();
    if (key !== "") setOwn(args, key, readTypedValue(value));
  }
  return args;
}

/** A call has a handful of parameters: a body with more opening tags than this is not read further. */
const MAX_CHILDREN = 64;
const CHILD_OPEN = /<([A-Za-z_][\w.-]{0,63})>/g;

/** Claude 3's `<parameters><K>V</K>…</parameters>`; a child without its closing tag is skipped. */
function childParameters(body: string): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  const inner = PARAMETERS.exec(body)?.[1] ?? "";
  CHILD_OPEN.lastIndex = 0;
  for (let tried = 0; tried < MAX_CHILDREN; tried++) {
    const open = CHILD_OPEN.exec(inner);
    if (open === null) break;
    const key = open[1] as string;
    const valueStart = open.index + open[0].length;
    const close = inner.indexOf(`</${key}>`, valueStart);
    if (close === -1) continue;
    setOwn(args, key, readTypedValue(inner.slice(valueStart, close)));
    CHILD_OPEN.lastIndex = close + key.length + 3;
  }
  return args;
}

const OPENING = new RegExp(`^(?:<${PREFIX}function_calls>|<${PREFIX}invoke[\\s>])`);
const ENDS_CLOSED = new RegExp(`</${PREFIX}(?:function_calls|invoke)>$`);
const INVOKE_CLOSED = new RegExp(`</${PREFIX}invoke>$`);

/**
 * E8 for this dialect: whether a shape that opens with a wrapper or an invoke was cut before its last invoke closed;
 * undefined for any other shape. A wrapper whose last invoke closed is whole without `</function_calls>` (Claude's
 * prompt format stops generation on that tag, so outputs routinely end before it) or cut inside it
 * (`…</invoke></function_ca`).
 */
export function isCutInvoke(shape: string): boolean | undefined {
  if (!OPENING.test(shape)) return undefined;
  if (ENDS_CLOSED.test(shape)) return false;
  const partial = /<\/?[\w:-]*$/.exec(shape);
  const before = partial ? shape.slice(0, partial.index).trimEnd() : shape;
  return !INVOKE_CLOSED.test(before);
}
