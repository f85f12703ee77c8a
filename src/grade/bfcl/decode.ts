/**
 * Raw output → the calls BFCL's checker would receive. BFCL decodes strictly: the whole text is a Python list of
 * calls (prompt mode) or the runtime's tool calls (function-calling mode); anything else is a decode failure (which
 * fails a call question and passes an irrelevance question). We read the same shapes, plus the same calls written as
 * JSON, with Python's number types kept (`5.0` is a float).
 */
import type { Protocol } from "../../cases/schema.js";
import { parsePyJson } from "../../extract/python-json.js";
import { readPythonCallList } from "../../extract/python-literal.js";
import type { PyCall, PyDict, PyValue } from "../../extract/python-value.js";

/** How the calls were read: BFCL's Python list, JSON calls, a native reply's tool calls, or our xml/plain protocol. */
export type BfclShape = "python" | "json" | "native" | "protocol";

export type BfclDecoded = { ok: true; calls: PyCall[]; shape: BfclShape } | { ok: false };

const FAILED: BfclDecoded = { ok: false };
const ARGUMENT_KEYS = ["arguments", "parameters", "args"] as const;

function dictOrJson(value: PyValue | undefined): PyDict | undefined {
  if (value instanceof Map) return value;
  if (typeof value !== "string") return undefined;
  if (value.trim() === "") return new Map();
  const parsed = parsePyJson(value);
  return parsed instanceof Map ? parsed : undefined;
}

/** One JSON call: `{"name", "arguments"}` (arguments may be JSON text), `{"function": {…}}`, or BFCL's `{name: {…}}`. */
function jsonCall(value: PyValue): PyCall | undefined {
  if (!(value instanceof Map)) return undefined;
  const inner = value.get("function");
  if (inner instanceof Map && value.size <= 3) return jsonCall(inner);
  const name = value.get("name");
  if (typeof name === "string") {
    const key = ARGUMENT_KEYS.find((k) => value.has(k));
    const args = key === undefined ? new Map() : dictOrJson(value.get(key));
    return args && { name, arguments: args };
  }
  if (value.size !== 1) return undefined;
  const [[only, args]] = [...value] as [[string, PyValue]];
  return args instanceof Map ? { name: only, arguments: args } : undefined;
}

function jsonCalls(value: PyValue): PyCall[] | undefined {
  if (value instanceof Map && value.has("tool_calls")) {
    const toolCalls = value.get("tool_calls");
    return toolCalls === null ? [] : jsonCalls(toolCalls as PyValue);
  }
  const items = Array.isArray(value) ? value : [value];
  const calls: PyCall[] = [];
  for (const item of items) {
    const call = jsonCall(item);
    if (call === undefined) return undefined;
    calls.push(call);
  }
  return calls;
}

const FENCE_START = /^[`\n ]+(?:python|json|tool_code)?\s*/;

/** BFCL strips backticks, newlines and spaces from both ends; a fence's language tag goes too. */
function unfenced(output: string): string {
  const text = output.replace(FENCE_START, "");
  let end = text.length;
  // A loop, not /[`\n ]+$/: an end-anchored pattern is tried at every position of a long output.
  for (
    let code = text.charCodeAt(end - 1);
    code === 96 || code === 10 || code === 32;
    code = text.charCodeAt(end - 1)
  )
    end--;
  return end === text.length ? text : text.slice(0, end);
}

/** The blanks Python skips between tokens (comments and line continuations are left to the full reader). */
function skipBlanks(text: string, from: number): number {
  let i = from;
  for (
    let c = text.charCodeAt(i);
    c === 32 || c === 9 || c === 10 || c === 13 || c === 12;
    c = text.charCodeAt(++i)
  );
  return i;
}

function isAsciiWord(c: number): boolean {
  return (c >= 48 && c <= 57) || isAsciiNameStart(c);
}

function isAsciiNameStart(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

/**
 * False only for text that can be neither a Python call nor a list of calls, even with brackets added: it opens with
 * an ASCII character no call or list starts with (`<function=…>`, `"…"`, `5`), or with an ASCII (dotted) name not
 * followed by `(` (`TOOL get_weather | …`, `Canberra.`, prose). Outputs in other formats then skip the full read,
 * whose verdict is the same. True whenever unsure (`#`, `\`, non-ASCII): the reader decides.
 */
export function mayStartPythonCall(text: string): boolean {
  let i = skipBlanks(text, 0);
  let c = text.charCodeAt(i);
  // End, `[` `(` `]` `#` `\`, or non-ASCII: let the reader decide.
  if (Number.isNaN(c) || c === 91 || c === 40 || c === 93 || c === 35 || c === 92 || c >= 128) return true;
  if (!isAsciiNameStart(c)) return false;
  // A dotted name: words joined by dots with nothing between, each starting with a letter or `_`.
  for (;;) {
    while (isAsciiWord(text.charCodeAt(i))) i++;
    c = text.charCodeAt(i);
    if (c !== 46) break;
    const next = text.charCodeAt(i + 1);
    if (next >= 128) return true;
    // `Canberra.`: the name ends before the dot, and a dot is not the `(` that must follow it.
    if (!isAsciiNameStart(next)) return false;
    i++;
  }
  // A non-ASCII letter may continue the name: the reader's to judge.
  if (c >= 128) return true;
  c = text.charCodeAt(skipBlanks(text, i));
  // `(` opens the arguments; `#` and `\` may be a comment or a line continuation before it.
  return c === 40 || c === 35 || c === 92 || c >= 128;
}

/** Reads an output the way BFCL's pipeline decodes it. */
export function decodeForBfcl(output: string, protocol: Protocol): BfclDecoded {
  const text = unfenced(output);
  if (text === "" || text === "[]") return { ok: true, calls: [], shape: "python" };
  const first = text[0];
  // `[f(` is Python; only `{` or `[` followed by `{`, `[` or `]` can be JSON calls.
  if (first === "{" || (first === "[" && /^\[\s*[[{\]]/.test(text))) {
    const json = parsePyJson(text);
    if (json !== undefined) {
      if (protocol === "native" && json instanceof Map && json.has("content") && !json.has("tool_calls")) {
        return { ok: true, calls: [], shape: "native" };
      }
      const calls = jsonCalls(json);
      if (calls)
        return { ok: true, calls, shape: json instanceof Map && json.has("tool_calls") ? "native" : "json" };
    }
  }
  if (!mayStartPythonCall(text)) return FAILED;
  const bracketed = `${first === "[" ? "" : "["}${text}${text.endsWith("]") ? "" : "]"}`;
  const calls =
    readPythonCallList(bracketed, { namesAsStrings: true, ignorePositional: true }) ??
    readPythonCallList(text, { namesAsStrings: true, ignorePositional: true });
  return calls ? { ok: true, calls, shape: "python" } : FAILED;
}
