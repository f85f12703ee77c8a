/**
 * Values as Python holds them after `ast.parse` or `json.loads`: the distinctions JSON.parse erases and BFCL's
 * checker relies on (`5` is an int, `5.0` a float; a tuple is not a list; ints have no size limit).
 */

/** A Python float. Wrapped, because `5.0` and `5` are one JS number but different Python types. */
export class PyFloat {
  constructor(readonly value: number) {}
}

/** A Python tuple (only Python-style text can write one; JSON has none). Generic for readers with wider values. */
export class PyTuple<T = PyValue> {
  constructor(readonly items: T[]) {}
}

/** A Python dict with string keys, in insertion order (a JS object would move `"1"` to the front). */
export type PyDict = Map<string, PyValue>;

/** A Python value: ints are `number` when safe and `bigint` beyond, `None` is `null`. */
export type PyValue = null | boolean | number | bigint | string | PyFloat | PyTuple | PyValue[] | PyDict;

/** A decoded call the way BFCL's checker receives it: `{name: {argument: value}}` split into its two parts. */
export interface PyCall {
  name: string;
  arguments: PyDict;
}

/** Python's `type(value).__name__`. */
export type PyTypeName = "NoneType" | "bool" | "int" | "float" | "str" | "tuple" | "list" | "dict";

/** The Python type name of None, a bool, an int or a str; null for an object (the caller knows its classes). */
export function primitiveTypeName(value: unknown): "NoneType" | "bool" | "int" | "str" | null {
  if (value === null) return "NoneType";
  switch (typeof value) {
    case "boolean":
      return "bool";
    case "number":
    case "bigint":
      return "int";
    case "string":
      return "str";
  }
  return null;
}

export function pyType(value: PyValue): PyTypeName {
  const primitive = primitiveTypeName(value);
  if (primitive !== null) return primitive;
  if (value instanceof PyFloat) return "float";
  if (value instanceof PyTuple) return "tuple";
  return Array.isArray(value) ? "list" : "dict";
}

/** An int that came out of text: a safe JS integer, or a bigint beyond 2^53. */
export function pyInt(digits: string, radix = 10): number | bigint {
  const value = Number.parseInt(digits, radix);
  if (Number.isSafeInteger(value)) return value;
  const prefix = radix === 16 ? "0x" : radix === 8 ? "0o" : radix === 2 ? "0b" : "";
  const negative = digits.startsWith("-");
  const big = BigInt(prefix + (negative ? digits.slice(1) : digits));
  return negative ? -big : big;
}

/** The plain JSON value the rest of the project works with: floats and big ints become numbers, tuples arrays. */
export function toJsonValue(value: PyValue): unknown {
  if (value === null || typeof value !== "object") {
    return typeof value === "bigint" ? Number(value) : value;
  }
  if (value instanceof PyFloat) return value.value;
  if (value instanceof PyTuple) return value.items.map(toJsonValue);
  if (Array.isArray(value)) return value.map(toJsonValue);
  return jsonObject(value);
}

/** A dict as a plain object; `__proto__` is defined, not assigned, so it stays an ordinary key. */
export function jsonObject(dict: PyDict): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, inner] of dict) {
    const value = toJsonValue(inner);
    if (key === "__proto__") {
      Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
    } else out[key] = value;
  }
  return out;
}

/** The other way, for values that only exist as plain JSON: an integral number reads as an int. */
export function fromJsonValue(value: unknown): PyValue {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case "boolean":
    case "string":
      return value;
    case "number":
      return Number.isInteger(value) ? value : new PyFloat(value);
    case "bigint":
      return value;
  }
  if (Array.isArray(value)) return value.map(fromJsonValue);
  const dict: PyDict = new Map();
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    dict.set(key, fromJsonValue(inner));
  }
  return dict;
}
