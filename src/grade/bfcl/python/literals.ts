/**
 * The values of Python 3.11 literal tokens, as CPython's parser computes them: numbers (`parsenumber`: underscores
 * dropped, `j` for imaginary, decimal ints refused beyond 4,300 digits) and string bodies (`decode_unicode_with_escapes`
 * and `_PyBytes_DecodeEscape`). The token's shape has already been checked by the tokenizer.
 */

import { SIMPLE_ESCAPES } from "../../../extract/python-escapes.js";
import type { ConstantValue } from "./ast.js";
import { raise, syntaxError } from "./failure.js";
import { MAX_INT_DIGITS } from "./repr.js";
import { PyComplex, PyFloat } from "./value.js";

function intValue(big: bigint): number | bigint {
  return big >= -9007199254740991n && big <= 9007199254740991n ? Number(big) : big;
}

/** The value of a NUMBER token's text. */
export function numberValue(token: string): ConstantValue {
  const text = token.includes("_") ? token.replace(/_/g, "") : token;
  const last = text.charCodeAt(text.length - 1);
  if (last === 106 || last === 74) return new PyComplex(0, Number(text.slice(0, -1)));
  const second = text.charCodeAt(1);
  if (text.charCodeAt(0) === 48 && (second | 32) >= 98 && (second | 32) !== 101) {
    // 0x, 0o, 0b (the tokenizer let only these letters through after a leading 0; `e` is an exponent)
    return intValue(BigInt(text));
  }
  if (/[.eE]/.test(text)) return new PyFloat(Number(text));
  if (text.length > MAX_INT_DIGITS) {
    syntaxError("Exceeds the limit (4300 digits) for integer string conversion");
  }
  return text.length < 16 ? Number(text) : intValue(BigInt(text));
}

function isOctal(code: number): boolean {
  return code >= 48 && code <= 55;
}

function hexDigits(body: string, from: number, count: number): number | undefined {
  const digits = body.slice(from, from + count);
  return digits.length === count && /^[0-9a-fA-F]+$/.test(digits) ? Number.parseInt(digits, 16) : undefined;
}

/** Decodes the escapes of a non-raw literal body; `bytes` switches to the bytes rules (no `\u`, `\N`; octal mod 256). */
export function decodeEscapes(body: string, bytes: boolean): string {
  let out = "";
  let run = 0;
  for (let i = body.indexOf("\\"); i >= 0; i = body.indexOf("\\", i)) {
    out += body.slice(run, i);
    const next = body[i + 1];
    // A backslash at the very end (only an f-string's literal part can have one) stays a backslash.
    if (next === undefined) {
      out += "\\";
      i += 1;
      run = i;
      break;
    }
    const simple = SIMPLE_ESCAPES[next];
    if (simple !== undefined) {
      out += simple;
      i += 2;
    } else if (isOctal(next.charCodeAt(0))) {
      let end = i + 2;
      while (end < i + 4 && isOctal(body.charCodeAt(end))) end++;
      const code = Number.parseInt(body.slice(i + 1, end), 8);
      out += String.fromCharCode(bytes ? code & 0xff : code);
      i = end;
    } else if (next === "x" || (!bytes && (next === "u" || next === "U"))) {
      const count = next === "x" ? 2 : next === "u" ? 4 : 8;
      const code = hexDigits(body, i + 2, count);
      if (code === undefined) syntaxError(`truncated \\${next} escape`);
      if (code > 0x10ffff) syntaxError("illegal Unicode character");
      out += String.fromCodePoint(code);
      i += 2 + count;
    } else if (next === "N" && !bytes) {
      // \N{NAME} needs Unicode's name table, which we do not carry (docs/bfcl.md, "limits").
      raise("Unsupported", "\\N{…} escapes are not read");
    } else {
      // An unknown escape keeps its backslash (Python only warns).
      out += `\\${next}`;
      i += 2;
    }
    run = i;
  }
  return out + body.slice(run);
}
