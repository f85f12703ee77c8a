/**
 * The values BFCL's checker can receive from a prompt-mode decode: everything JSON gives (src/extract/python-value.ts)
 * plus what only Python text writes or computes — complex numbers, bytes, dicts whose keys are not all strings
 * (`{1: 'a'}`, a call's `**kwargs`, whose key is None). Python's rules for them live here: type names, hashing for
 * dict keys, equality.
 */
import { PyFloat, PyTuple, primitiveTypeName } from "../../../extract/python-value.js";

export { PyFloat, PyTuple };

/** A Python complex number (`2j`, `1+2j` once computed). */
export class PyComplex {
  constructor(
    readonly real: number,
    readonly imag: number,
  ) {}
}

/** A Python bytes object (`b'ab'`): one character per byte, codes 0–255. */
export class PyBytes {
  constructor(readonly latin1: string) {}
}

/**
 * A Python dict with at least one key that is not a string, entries in insertion order. A dict whose keys are all
 * strings is a Map; this class exists only for the others, so the two never describe the same dict.
 */
export class PyKeyedDict {
  constructor(readonly entries: [Value, Value][]) {}
}

/** A Python value as BFCL's decoder can produce it: ints are `number` when safe, `bigint` beyond; None is `null`. */
export type Value =
  | null
  | boolean
  | number
  | bigint
  | string
  | PyFloat
  | PyComplex
  | PyBytes
  | PyTuple<Value>
  | Value[]
  | Map<string, Value>
  | PyKeyedDict;

/** A dict either way: string keys (a Map) or some other key (PyKeyedDict). */
export type Dict = Map<string, Value> | PyKeyedDict;

/** A decoded call as BFCL's checker receives it, `{name: {argument: value}}` split in two. */
export interface BfclCall {
  name: string;
  arguments: Dict;
}

/** Python's `type(value).__name__`. */
export type TypeName =
  | "NoneType"
  | "bool"
  | "int"
  | "float"
  | "complex"
  | "str"
  | "bytes"
  | "tuple"
  | "list"
  | "dict";

export function typeName(value: Value): TypeName {
  const primitive = primitiveTypeName(value);
  if (primitive !== null) return primitive;
  if (value instanceof PyFloat) return "float";
  if (value instanceof PyComplex) return "complex";
  if (value instanceof PyBytes) return "bytes";
  if (value instanceof PyTuple) return "tuple";
  return Array.isArray(value) ? "list" : "dict";
}

export function isDict(value: Value): value is Dict {
  return value instanceof Map || value instanceof PyKeyedDict;
}

/** A dict's items in order. */
export function dictEntries(dict: Dict): Iterable<[Value, Value]> {
  return dict instanceof Map ? dict : dict.entries;
}

export function dictSize(dict: Dict): number {
  return dict instanceof Map ? dict.size : dict.entries.length;
}

/** Thrown where Python would raise TypeError for an unhashable key; callers turn it into their own failure. */
export class Unhashable extends Error {
  override name = "Unhashable";
  constructor(readonly kind: TypeName) {
    super(`unhashable type: '${kind}'`);
  }
}

/** Raises {@link Unhashable} unless the value can be a dict key (lists and dicts cannot, nor tuples holding them). */
export function checkHashable(value: Value): void {
  if (Array.isArray(value) || isDict(value)) throw new Unhashable(typeName(value));
  if (value instanceof PyTuple) for (const item of value.items) checkHashable(item);
}

/** The entry index of `key` in the dict, as Python's lookup finds it (equal keys: 1, 1.0, True and 1+0j are one). */
function keyIndex(entries: readonly [Value, Value][], key: Value): number {
  for (let i = 0; i < entries.length; i++) {
    const existing = (entries[i] as [Value, Value])[0];
    if (existing === key || pyEquals(existing, key)) return i;
  }
  return -1;
}

/** `key in dict` for a hashable key. */
export function dictHas(dict: Dict, key: Value): boolean {
  if (dict instanceof Map) return typeof key === "string" && dict.has(key);
  return keyIndex(dict.entries, key) >= 0;
}

/** `dict[key]`, or undefined when absent. */
export function dictGet(dict: Dict, key: Value): Value | undefined {
  if (dict instanceof Map) return typeof key === "string" ? dict.get(key) : undefined;
  const index = keyIndex(dict.entries, key);
  return index < 0 ? undefined : (dict.entries[index] as [Value, Value])[1];
}

/**
 * Builds a dict the way Python's `d[k] = v` does, pair by pair: a repeated (equal) key keeps its first position and
 * original key object and takes the last value. Raises {@link Unhashable} for a list or dict key.
 */
export class DictBuilder {
  private strings: Map<string, Value> | undefined = new Map();
  private entries: [Value, Value][] = [];

  set(key: Value, value: Value): void {
    if (typeof key === "string" && this.strings) {
      this.strings.set(key, value);
      return;
    }
    checkHashable(key);
    if (this.strings) {
      this.entries = [...this.strings];
      this.strings = undefined;
    }
    const index = keyIndex(this.entries, key);
    if (index < 0) this.entries.push([key, value]);
    else (this.entries[index] as [Value, Value])[1] = value;
  }

  build(): Dict {
    return this.strings ?? new PyKeyedDict(this.entries);
  }
}

/** The number a bool, int or float stands for in a comparison; undefined for anything else. */
function real(value: Value): number | bigint | undefined {
  if (typeof value === "number" || typeof value === "bigint") return value;
  if (typeof value === "boolean") return value ? 1 : 0;
  return value instanceof PyFloat ? value.value : undefined;
}

/** Python's exact comparison of ints and floats (no rounding of big ints to floats). */
export function numbersEqual(a: number | bigint, b: number | bigint): boolean {
  if (typeof a === typeof b) return a === b;
  const [big, other] = (typeof a === "bigint" ? [a, b] : [b, a]) as [bigint, number];
  return Number.isInteger(other) && BigInt(other) === big;
}

function sequencesEqual(a: readonly Value[], b: readonly Value[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!pyEquals(a[i] as Value, b[i] as Value)) return false;
  return true;
}

function dictsEqual(a: Dict, b: Dict): boolean {
  if (dictSize(a) !== dictSize(b)) return false;
  for (const [key, value] of dictEntries(a)) {
    const other = dictGet(b, key);
    if (other === undefined || !pyEquals(value, other)) return false;
  }
  return true;
}

/**
 * Python's `a == b`, with the identity test `in` and list comparison make first (json.loads returns one shared NaN
 * object, so `NaN in [NaN]` holds for the answer's own NaN).
 */
export function pyEquals(a: Value, b: Value): boolean {
  if (a === b) return true;
  if (typeof a === "string" || typeof b === "string") return false;
  if (a instanceof PyComplex || b instanceof PyComplex) return complexEquals(a, b);
  const x = real(a);
  if (x !== undefined) {
    const y = real(b);
    return y !== undefined && numbersEqual(x, y);
  }
  if (a === null || b === null) return false;
  if (a instanceof PyBytes || b instanceof PyBytes) {
    return a instanceof PyBytes && b instanceof PyBytes && a.latin1 === b.latin1;
  }
  if (a instanceof PyTuple || b instanceof PyTuple) {
    return a instanceof PyTuple && b instanceof PyTuple && sequencesEqual(a.items, b.items);
  }
  if (Array.isArray(a) || Array.isArray(b))
    return Array.isArray(a) && Array.isArray(b) && sequencesEqual(a, b);
  return isDict(a) && isDict(b) && dictsEqual(a, b);
}

function complexEquals(a: Value, b: Value): boolean {
  const [c, other] = (a instanceof PyComplex ? [a, b] : [b, a]) as [PyComplex, Value];
  if (other instanceof PyComplex) return c.real === other.real && c.imag === other.imag;
  const x = real(other);
  if (x === undefined || c.imag !== 0) return false;
  return typeof x === "bigint" ? numbersEqual(x, c.real) : x === c.real;
}

/**
 * A value as plain JSON for a verdict's `calls`: floats and big ints become numbers, tuples arrays, complex numbers
 * and bytes their Python repr, a dict's non-string keys their `str()`.
 */
export function toJson(value: Value, repr: (value: Value) => string): unknown {
  if (value === null || typeof value !== "object") return typeof value === "bigint" ? Number(value) : value;
  if (value instanceof PyFloat) return value.value;
  if (value instanceof PyComplex || value instanceof PyBytes) return repr(value);
  if (value instanceof PyTuple) return value.items.map((item) => toJson(item, repr));
  if (Array.isArray(value)) return value.map((item) => toJson(item, repr));
  return jsonRecord(value, repr);
}

/** A dict as a plain object; `__proto__` is defined, not assigned, so it stays an ordinary key. */
export function jsonRecord(dict: Dict, repr: (value: Value) => string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, inner] of dictEntries(dict)) {
    const name = typeof key === "string" ? key : key === null ? "None" : repr(key);
    const value = toJson(inner, repr);
    if (name === "__proto__") {
      Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
    } else out[name] = value;
  }
  return out;
}
