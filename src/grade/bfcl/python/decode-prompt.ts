/**
 * BFCL's prompt-mode decoder, `default_decode_ast_prompting` with `ast_parse`'s Python branch (bfcl_decode.py lines
 * 105–116 and 25–36): strip backticks, newlines and spaces from both ends — nothing else, so a fence's language tag
 * stays and fails the parse —, add `[` and `]` where missing, parse the text as one Python expression, and resolve
 * every element, which must be a call. Nothing is executed.
 */
import type { Expr } from "./ast.js";
import { DecodeFailure, raise, syntaxError } from "./failure.js";
import { certainlyInvalid, fastCalls } from "./fast-path.js";
import { parseExpression } from "./parse.js";
import { asDecodeFailure, resolveCall } from "./resolve.js";
import type { BfclCall } from "./value.js";

export type PromptDecoded = { ok: true; calls: BfclCall[] } | { ok: false; failure: DecodeFailure };

function isStripped(code: number): boolean {
  return code === 96 || code === 10 || code === 32;
}

const NOT_A_CALL = new DecodeFailure("AssertionError", "an element is not a call");
const INVALID_START = new DecodeFailure(
  "SyntaxError",
  "invalid syntax (the text does not open with an expression)",
);

/** Python's `text.strip("`\n ")`. */
export function stripFence(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isStripped(text.charCodeAt(start))) start++;
  while (end > start && isStripped(text.charCodeAt(end - 1))) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/** The text `ast.parse` gets: stripped, with the brackets BFCL adds where it does not start with `[` or end with `]`. */
export function bracketed(output: string): string {
  const text = stripFence(output);
  // ast_parse then does .strip().strip("'"): a no-op, since the text now starts with "[" and ends with "]".
  return `${text.startsWith("[") ? "" : "["}${text}${text.endsWith("]") ? "" : "]"}`;
}

const SURROGATE = /[\ud800-\udfff]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The checks `ast.parse` makes on its source string before tokenizing, and its newline translation. */
function source(text: string): string {
  if (text.includes("\0")) syntaxError("source code string cannot contain null bytes");
  // A lone surrogate cannot be encoded as UTF-8, which ast.parse does first.
  if (SURROGATE.test(text) && LONE_SURROGATE.test(text)) {
    raise("UnicodeEncodeError", "surrogates not allowed");
  }
  return text.includes("\r") ? text.replace(/\r\n?/g, "\n") : text;
}

/** ast_parse's Python branch on the parsed body: one call, or the elements of a list or tuple, each a call. */
function callsOf(body: Expr): BfclCall[] {
  if (body.type === "Call") return [resolveCall(body)];
  if (body.type !== "List" && body.type !== "Tuple" && body.type !== "Set") {
    return raise("AttributeError", `'${body.type}' object has no attribute 'elts'`);
  }
  return body.elts.map((element) => {
    if (element.type !== "Call") raise("AssertionError", "an element is not a call");
    return resolveCall(element);
  });
}

export interface DecodeOptions {
  /** Try the direct reader of the common shape first (python/fast-path.ts); off only to test it against the full one. */
  fastPath?: boolean;
}

/** Decodes prompt-mode text exactly as BFCL's default decoder does, or says why it fails. */
export function decodePrompt(output: string, options: DecodeOptions = {}): PromptDecoded {
  const fastPath = options.fastPath !== false;
  try {
    const bracketedText = bracketed(output);
    if (fastPath && certainlyInvalid(bracketedText)) return { ok: false, failure: INVALID_START };
    const text = source(bracketedText);
    const fast = fastPath ? fastCalls(text) : undefined;
    if (fast === "fails") return { ok: false, failure: NOT_A_CALL };
    return { ok: true, calls: fast ?? callsOf(parseExpression(text)) };
  } catch (error) {
    return { ok: false, failure: asDecodeFailure(error) };
  }
}
