/**
 * Python 3.11's `repr()` of the literal types, which `ast.unparse` writes for constants: strings and bytes with
 * their quote choice and escapes, ints (refused beyond 4,300 digits, as CPython does), floats in the shortest form
 * that reads back, complex numbers.
 */
import { raise } from "./failure.js";
import { PyBytes, PyComplex, PyFloat, PyTuple, type Value } from "./value.js";

/** CPython refuses to convert ints of more digits than this to or from text (sys.int_info.default_max_str_digits). */
export const MAX_INT_DIGITS = 4300;

// Python's str.isprintable(): false for these general categories, except the ASCII space.
const NON_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

function hex(code: number, width: number): string {
  return code.toString(16).padStart(width, "0");
}

/** `repr(text)`: single quotes unless the text has a `'` and no `"`. */
export function reprString(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  let run = 0;
  // Runs of plain printable ASCII are copied whole; everything else is looked at one code point at a time.
  for (let i = 0; i < text.length; ) {
    const code = text.codePointAt(i) as number;
    const width = code > 0xffff ? 2 : 1;
    let escaped: string | undefined;
    if (code === 92 || code === quote.charCodeAt(0)) escaped = `\\${text[i]}`;
    else if (code === 9) escaped = "\\t";
    else if (code === 10) escaped = "\\n";
    else if (code === 13) escaped = "\\r";
    else if (code < 32 || code === 127) escaped = `\\x${hex(code, 2)}`;
    else if (code >= 128 && NON_PRINTABLE.test(String.fromCodePoint(code))) {
      escaped =
        code <= 0xff ? `\\x${hex(code, 2)}` : code <= 0xffff ? `\\u${hex(code, 4)}` : `\\U${hex(code, 8)}`;
    }
    if (escaped !== undefined) {
      out += text.slice(run, i) + escaped;
      run = i + width;
    }
    i += width;
  }
  return `${out}${text.slice(run)}${quote}`;
}

/** `repr(b)` for bytes held as one character per byte. */
export function reprBytes(latin1: string): string {
  const quote = latin1.includes("'") && !latin1.includes('"') ? '"' : "'";
  let out = `b${quote}`;
  for (let i = 0; i < latin1.length; i++) {
    const code = latin1.charCodeAt(i);
    const ch = latin1[i] as string;
    if (ch === quote || ch === "\\") out += `\\${ch}`;
    else if (code === 9) out += "\\t";
    else if (code === 10) out += "\\n";
    else if (code === 13) out += "\\r";
    else if (code < 32 || code >= 127) out += `\\x${hex(code, 2)}`;
    else out += ch;
  }
  return out + quote;
}

/** `repr(n)` for an int; Python's ValueError past 4,300 digits. */
export function reprInt(value: number | bigint): string {
  const text = String(value);
  const digits = text.startsWith("-") ? text.length - 1 : text.length;
  if (digits > MAX_INT_DIGITS)
    raise("ValueError", "Exceeds the limit (4300 digits) for integer string conversion");
  return text;
}

/**
 * The shortest digits that read back to `value` and the position of the decimal point (value = 0.DIGITS × 10^point),
 * for a finite non-zero float. JavaScript's shortest round-trip digits are the ones Python's repr uses.
 */
function shortestDigits(value: number): { digits: string; point: number } {
  const [mantissa, exponent] = Math.abs(value).toExponential().split("e") as [string, string];
  return { digits: mantissa.replace(".", ""), point: Number(exponent) + 1 };
}

/** CPython's `format_float_short` in repr mode: exponent form below 1e-4 and from 1e16. */
function formatFloat(value: number, addDotZero: boolean, sign: boolean): string {
  const lead = value < 0 || Object.is(value, -0) ? "-" : sign ? "+" : "";
  if (Number.isNaN(value)) return `${sign ? "+" : ""}nan`;
  if (!Number.isFinite(value)) return `${lead}inf`;
  if (value === 0) return `${lead}${addDotZero ? "0.0" : "0"}`;
  const { digits, point } = shortestDigits(value);
  if (point <= -4 || point > 16) {
    const exponent = point - 1;
    const mantissa = digits.length === 1 ? digits : `${digits[0]}.${digits.slice(1)}`;
    const power = String(Math.abs(exponent)).padStart(2, "0");
    return `${lead}${mantissa}e${exponent < 0 ? "-" : "+"}${power}`;
  }
  if (point <= 0) return `${lead}0.${"0".repeat(-point)}${digits}`;
  if (point >= digits.length) {
    return `${lead}${digits}${"0".repeat(point - digits.length)}${addDotZero ? ".0" : ""}`;
  }
  return `${lead}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** `repr(x)` for a float: `1.0`, `1e+16`, `1e-05`, `inf`, `nan`. */
export function reprFloat(value: number): string {
  return formatFloat(value, true, false);
}

/** `repr(z)` for a complex: `2j` when the real part is +0, else `(1+2j)`. */
export function reprComplex(real: number, imag: number): string {
  if (real === 0 && !Object.is(real, -0)) return `${formatFloat(imag, false, false)}j`;
  return `(${formatFloat(real, false, false)}${formatFloat(imag, false, true)}j)`;
}

/** `repr()` of a number constant. */
export function reprNumber(value: number | bigint | PyFloat): string {
  return value instanceof PyFloat ? reprFloat(value.value) : reprInt(value);
}

/** `repr(value)` for any decoded value: how Python prints it (lists, tuples, dicts, None, True…). */
export function reprValue(value: Value): string {
  if (value === null) return "None";
  switch (typeof value) {
    case "boolean":
      return value ? "True" : "False";
    case "number":
    case "bigint":
      return reprInt(value);
    case "string":
      return reprString(value);
  }
  if (value instanceof PyFloat) return reprFloat(value.value);
  if (value instanceof PyComplex) return reprComplex(value.real, value.imag);
  if (value instanceof PyBytes) return reprBytes(value.latin1);
  if (value instanceof PyTuple) {
    const items = value.items.map(reprValue);
    return items.length === 1 ? `(${items[0]},)` : `(${items.join(", ")})`;
  }
  if (Array.isArray(value)) return `[${value.map(reprValue).join(", ")}]`;
  const entries = value instanceof Map ? [...value] : value.entries;
  return `{${entries.map(([k, v]) => `${reprValue(k)}: ${reprValue(v)}`).join(", ")}}`;
}
