/**
 * Python's printf-style `text % args` (PyUnicode_Format): `%(name)s`, flags `-+ #0`, width and precision (or `*`),
 * and the conversions s r a d i u x X o e E f F g G c %. Floats round from their exact value, ties to even.
 */
import { intToFloat, toBigInt } from "./arithmetic.js";
import { exponential, fixed } from "./decimal.js";
import { raise } from "./failure.js";
import { reprValue } from "./repr.js";
import { dictGet, isDict, PyBytes, PyFloat, PyTuple, typeName, type Value } from "./value.js";

/** Python's `str(value)`. */
export function pyStr(value: Value): string {
  return typeof value === "string" ? value : reprValue(value);
}

/** Python's `ascii(value)`: the repr with every non-ASCII character escaped. */
export function asciiOf(value: Value): string {
  return Array.from(reprValue(value), (ch) => {
    const code = ch.codePointAt(0) as number;
    if (code < 128) return ch;
    return code <= 0xff
      ? `\\x${code.toString(16).padStart(2, "0")}`
      : code <= 0xffff
        ? `\\u${code.toString(16).padStart(4, "0")}`
        : `\\U${code.toString(16).padStart(8, "0")}`;
  }).join("");
}

interface Spec {
  flags: string;
  width: number;
  precision: number | undefined;
  conversion: string;
}

function integerOf(value: Value, conversion: string): bigint {
  if (typeof value === "boolean" || typeof value === "number" || typeof value === "bigint")
    return toBigInt(value);
  if (value instanceof PyFloat && "diu".includes(conversion)) {
    if (Number.isNaN(value.value)) raise("ValueError", "cannot convert float NaN to integer");
    if (!Number.isFinite(value.value)) raise("OverflowError", "cannot convert float infinity to integer");
    return BigInt(Math.trunc(value.value));
  }
  return raise("TypeError", `%${conversion} format: a real number is required, not ${typeName(value)}`);
}

function floatOf(value: Value, conversion: string): number {
  if (value instanceof PyFloat) return value.value;
  if (typeof value === "boolean" || typeof value === "number" || typeof value === "bigint")
    return intToFloat(value);
  return raise("TypeError", `%${conversion} format: a real number is required, not ${typeName(value)}`);
}

/** The digits of a float conversion, without sign. */
function floatDigits(x: number, conversion: string, precision: number, alternate: boolean): string {
  const lower = conversion.toLowerCase();
  if (!Number.isFinite(x)) {
    const word = Number.isNaN(x) ? "nan" : "inf";
    return conversion === lower ? word : word.toUpperCase();
  }
  let text: string;
  if (lower === "f") text = fixed(x, precision);
  else if (lower === "e") text = exponential(x, precision).text;
  else {
    const significant = precision === 0 ? 1 : precision;
    const exponent = x === 0 ? 0 : exponential(x, significant - 1).exponent;
    text =
      exponent >= -4 && exponent < significant
        ? fixed(x, significant - 1 - exponent)
        : exponential(x, significant - 1).text;
    if (!alternate) text = text.replace(/(\.\d*?)0+(?=e|$)/, "$1").replace(/\.(?=e|$)/, "");
  }
  if (alternate && !text.includes(".")) text = text.replace(/(?=e|$)/, ".");
  return conversion === lower ? text : text.toUpperCase();
}

function convert(spec: Spec, value: Value): string {
  const { flags, conversion } = spec;
  if (conversion === "s") return pad(spec, "", pyStr(value), false);
  if (conversion === "r") return pad(spec, "", reprValue(value), false);
  if (conversion === "a") return pad(spec, "", asciiOf(value), false);
  if (conversion === "c") {
    if (typeof value === "string" && Array.from(value).length === 1) return pad(spec, "", value, false);
    const code = Number(integerOf(value, "c"));
    if (code < 0 || code > 0x10ffff) raise("OverflowError", "%c arg not in range(0x110000)");
    return pad(spec, "", String.fromCodePoint(code), false);
  }
  let negative: boolean;
  let body: string;
  if ("diuxXo".includes(conversion)) {
    const n = integerOf(value, conversion);
    negative = n < 0n;
    const magnitude = negative ? -n : n;
    const radix = conversion === "o" ? 8 : conversion.toLowerCase() === "x" ? 16 : 10;
    body = magnitude.toString(radix);
    if (conversion === "X") body = body.toUpperCase();
    if (spec.precision !== undefined) body = body.padStart(spec.precision, "0");
    if (flags.includes("#") && radix !== 10) body = `0${conversion === "o" ? "o" : conversion}${body}`;
  } else {
    const x = floatOf(value, conversion);
    negative = x < 0 || Object.is(x, -0);
    body = floatDigits(Math.abs(x), conversion, spec.precision ?? 6, flags.includes("#"));
  }
  const sign = negative ? "-" : flags.includes("+") ? "+" : flags.includes(" ") ? " " : "";
  return pad(spec, sign, body, true);
}

/** Width padding: left-justified with `-`, zero-filled after the sign (and a `0x` prefix) with `0` for numbers. */
function pad(spec: Spec, sign: string, body: string, numeric: boolean): string {
  const length = sign.length + Array.from(body).length;
  if (length >= spec.width) return sign + body;
  const fill = spec.width - length;
  if (spec.flags.includes("-")) return sign + body + " ".repeat(fill);
  if (numeric && spec.flags.includes("0") && /^[0-9a-fA-F.]/.test(body)) {
    const prefix = /^0[xXo]/.test(body) ? body.slice(0, 2) : "";
    return sign + prefix + "0".repeat(fill) + body.slice(prefix.length);
  }
  return " ".repeat(fill) + sign + body;
}

const SPEC = /%(?:\(([^)]*)\))?([-+ #0]*)(\*|\d+)?(?:\.(\*|\d*))?[hlL]?(.)?/y;

/** `format % args` for a str format. */
export function printf(format: string, args: Value): string {
  const positional = args instanceof PyTuple ? args.items : undefined;
  // CPython treats anything with __getitem__ but a tuple or a str (a dict, a list, bytes) as a mapping: used for
  // %(name)s, and never "not all arguments converted".
  const mapping =
    positional === undefined && (isDict(args) || Array.isArray(args) || args instanceof PyBytes)
      ? args
      : undefined;
  let next = 0;
  let usedSingle = false;
  const take = (): Value => {
    if (positional) {
      if (next >= positional.length) raise("TypeError", "not enough arguments for format string");
      return positional[next++] as Value;
    }
    if (usedSingle) raise("TypeError", "not enough arguments for format string");
    usedSingle = true;
    return args;
  };
  let out = "";
  let run = 0;
  for (let at = format.indexOf("%"); at >= 0; at = format.indexOf("%", at)) {
    out += format.slice(run, at);
    SPEC.lastIndex = at;
    const match = SPEC.exec(format);
    const conversion = match?.[5];
    if (!match || conversion === undefined) return raise("ValueError", "incomplete format");
    const [, key, flags = "", width, precision] = match;
    at = run = SPEC.lastIndex;
    if (conversion === "%") {
      out += "%";
      continue;
    }
    if (!"srauidxXoeEfFgGc".includes(conversion))
      raise("ValueError", `unsupported format character '${conversion}'`);
    const starred = (text: string | undefined): number | undefined => {
      if (text !== "*")
        return text === undefined || text === "" ? (text === "" ? 0 : undefined) : Number(text);
      const value = take();
      if (typeof value !== "number" && typeof value !== "boolean") raise("TypeError", "* wants int");
      return Number(value);
    };
    let spec: Spec = { flags, width: starred(width) ?? 0, precision: starred(precision), conversion };
    if (spec.width < 0) spec = { ...spec, flags: `${spec.flags}-`, width: -spec.width };
    let value: Value;
    if (key !== undefined) {
      if (!mapping || !isDict(mapping)) raise("TypeError", "format requires a mapping");
      const found = dictGet(mapping, key);
      if (found === undefined) raise("KeyError", key);
      value = found;
    } else value = take();
    out += convert(spec, value);
  }
  out += format.slice(run);
  if (positional && next < positional.length)
    raise("TypeError", "not all arguments converted during string formatting");
  if (!positional && !mapping && !usedSingle) {
    raise("TypeError", "not all arguments converted during string formatting");
  }
  return out;
}
