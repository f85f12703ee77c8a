/**
 * Raw output → the calls BFCL's checker would receive. In prompt mode the text goes through BFCL's own prompt-mode
 * decoder (python/decode-prompt.ts): Python only, no fences, no JSON, no prose around it. A function-calling runtime's
 * output (a native reply, or `--bfcl-mode fc`) is read as its tool calls: the reply's `tool_calls`, or the same calls
 * written as JSON (`arguments` as an object or as JSON text, BFCL's own `{name: {…}}`), else the prompt decoder.
 */
import type { Protocol } from "../../cases/schema.js";
import { parsePyJson } from "../../extract/python-json.js";
import type { PyCall, PyDict, PyValue } from "../../extract/python-value.js";
import type { BfclMode } from "./checker.js";
import { decodePrompt } from "./python/decode-prompt.js";
import type { DecodeFailure } from "./python/failure.js";
import type { BfclCall } from "./python/value.js";

/** How the calls were read: BFCL's Python list, JSON calls, a native reply's tool calls, or our xml/plain protocol. */
export type BfclShape = "python" | "json" | "native" | "protocol";

export type BfclDecoded =
  | { ok: true; calls: BfclCall[]; shape: BfclShape; readBy?: "xml" | "plain" }
  | { ok: false; failure?: DecodeFailure };

const ARGUMENT_KEYS = ["arguments", "parameters", "args"] as const;

function dictOrJson(value: PyValue | undefined): PyDict | undefined {
  if (value instanceof Map) return value;
  if (typeof value !== "string") return undefined;
  if (value.trim() === "") return new Map();
  const parsed = parsePyJson(value);
  return parsed instanceof Map ? parsed : undefined;
}

/**
 * One JSON call: `{"name", "arguments"}` (arguments may be JSON text), `{"function": {…}}`, or BFCL's result form
 * `{name: {…}}` / `{name: "<arguments as JSON>"}` (its FC handlers json.loads the text).
 */
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
  const decoded = dictOrJson(args);
  return decoded && { name: only, arguments: decoded };
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

/** A runtime's JSON may come fenced (`tool_code` is Gemini's tag); the fence and its tag are dropped. */
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

/** A function-calling runtime's calls: a native reply's tool calls, or the same calls as JSON. */
function structuredCalls(output: string, protocol: Protocol): BfclDecoded | undefined {
  const text = unfenced(output);
  if (text === "" || text === "[]")
    return { ok: true, calls: [], shape: protocol === "native" ? "native" : "json" };
  const first = text[0];
  // Only `{`, or `[` followed by `{`, `[` or `]`, can be JSON calls.
  if (first !== "{" && !(first === "[" && /^\[\s*[[{\]]/.test(text))) return undefined;
  const json = parsePyJson(text);
  if (json === undefined) return undefined;
  if (protocol === "native" && json instanceof Map && json.has("content") && !json.has("tool_calls")) {
    return { ok: true, calls: [], shape: "native" };
  }
  const calls = jsonCalls(json);
  if (calls === undefined) return undefined;
  return { ok: true, calls, shape: json instanceof Map && json.has("tool_calls") ? "native" : "json" };
}

/** Reads an output the way BFCL's pipeline decodes it for this mode. */
export function decodeForBfcl(output: string, protocol: Protocol, mode: BfclMode): BfclDecoded {
  if (protocol === "native" || mode === "fc") {
    const structured = structuredCalls(output, protocol);
    if (structured) return structured;
  }
  const decoded = decodePrompt(output);
  return decoded.ok
    ? { ok: true, calls: decoded.calls, shape: "python" }
    : { ok: false, failure: decoded.failure };
}
