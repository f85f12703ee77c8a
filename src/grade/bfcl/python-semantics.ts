/**
 * The handful of Python operations BFCL's checker leans on, with Python's meaning: `==` across bool/int/float,
 * `in` on lists, dicts and strings, `len` and indexing of whatever an answer file holds. Where Python would raise,
 * these throw {@link PythonCrash}, because a crash is also a verdict (the checker's caller records it as a failure).
 */
import { PyFloat, PyTuple, type PyTypeName, type PyValue, pyType } from "../../extract/python-value.js";

/** What Python would have raised; the verdict's error type is `exception:<kind>`. */
export class PythonCrash extends Error {
  override name = "PythonCrash";
  constructor(
    readonly kind: "TypeError" | "KeyError" | "IndexError" | "AttributeError" | "OverflowError",
    message: string,
  ) {
    super(message);
  }
}

/** The number a bool, int or float stands for in a comparison; undefined for anything else. */
function numeric(value: PyValue): number | bigint | undefined {
  if (typeof value === "number" || typeof value === "bigint") return value;
  if (typeof value === "boolean") return value ? 1 : 0;
  return value instanceof PyFloat ? value.value : undefined;
}

function numbersEqual(a: number | bigint, b: number | bigint): boolean {
  if (typeof a === typeof b) return a === b;
  const [big, other] = (typeof a === "bigint" ? [a, b] : [b, a]) as [bigint, number];
  return Number.isInteger(other) && BigInt(other) === big;
}

/**
 * Python's `a == b` for the values JSON and Python literals can hold, with the identity test `in` and list
 * comparison make first (json.loads returns one shared NaN object, so `NaN in [NaN]` holds).
 */
export function pyEquals(a: PyValue, b: PyValue): boolean {
  if (a === b) return true;
  if (typeof a === "string" || typeof b === "string") return false;
  const x = numeric(a);
  if (x !== undefined) {
    const y = numeric(b);
    return y !== undefined && numbersEqual(x, y);
  }
  if (a === null || b === null) return false;
  if (a instanceof PyTuple || b instanceof PyTuple) {
    return a instanceof PyTuple && b instanceof PyTuple && sequencesEqual(a.items, b.items);
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && sequencesEqual(a, b);
  }
  if (!(a instanceof Map) || !(b instanceof Map) || a.size !== b.size) return false;
  for (const [key, value] of a) {
    if (!b.has(key) || !pyEquals(value, b.get(key) as PyValue)) return false;
  }
  return true;
}

function sequencesEqual(a: readonly PyValue[], b: readonly PyValue[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!pyEquals(a[i] as PyValue, b[i] as PyValue)) return false;
  return true;
}

/** Python's `item in container`. */
export function pyContains(container: PyValue, item: PyValue): boolean {
  if (Array.isArray(container)) return container.some((element) => pyEquals(element, item));
  if (container instanceof PyTuple) return container.items.some((element) => pyEquals(element, item));
  if (container instanceof Map) {
    if (typeof item === "string") return container.has(item);
    const kind = pyType(item);
    if (kind === "list" || kind === "dict") throw new PythonCrash("TypeError", `unhashable type: '${kind}'`);
    return false;
  }
  if (typeof container === "string") {
    if (typeof item !== "string") {
      throw new PythonCrash(
        "TypeError",
        `'in <string>' requires string as left operand, not ${pyType(item)}`,
      );
    }
    return container.includes(item);
  }
  throw new PythonCrash("TypeError", `argument of type '${pyType(container)}' is not iterable`);
}

/** The elements `for x in value` visits (a dict's keys, a string's characters). */
export function pyIterate(value: PyValue): PyValue[] {
  if (Array.isArray(value)) return value;
  if (value instanceof PyTuple) return value.items;
  if (typeof value === "string") return Array.from(value);
  if (value instanceof Map) return [...value.keys()];
  throw new PythonCrash("TypeError", `'${pyType(value)}' object is not iterable`);
}

/** The elements `for i in range(len(value)): value[i]` visits: a dict is indexed by ints, which its keys never are. */
export function pyIndexed(value: PyValue): PyValue[] {
  if (value instanceof Map) {
    if (value.size > 0) throw new PythonCrash("KeyError", "0");
    return [];
  }
  if (value === null || typeof value !== "object" || value instanceof PyFloat) {
    if (typeof value !== "string") {
      throw new PythonCrash("TypeError", `object of type '${pyType(value)}' has no len()`);
    }
  }
  return pyIterate(value);
}

/** Python's `len(value)`. */
export function pyLength(value: PyValue): number {
  if (value instanceof Map) return value.size;
  return pyIndexed(value).length;
}

/** Python's `container[key]` with a string key. */
export function pyGet(container: PyValue, key: string): PyValue {
  if (container instanceof Map) {
    if (!container.has(key)) throw new PythonCrash("KeyError", key);
    return container.get(key) as PyValue;
  }
  throw new PythonCrash("TypeError", `'${pyType(container)}' indices must be integers, not 'str'`);
}

/** Python's `dict.items()`; anything else has no such method. */
export function pyItems(value: PyValue): [string, PyValue][] {
  if (value instanceof Map) return [...value];
  throw new PythonCrash("AttributeError", `'${pyType(value)}' object has no attribute 'items'`);
}

export type { PyTypeName };
