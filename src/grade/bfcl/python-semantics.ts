/**
 * The handful of Python operations BFCL's checker leans on, with Python's meaning: `in` on lists, dicts and strings,
 * `len` and indexing of whatever an answer file or a decoded call holds (`==` is python/value.ts's pyEquals). Where
 * Python would raise, these throw {@link PythonCrash}, because a crash is also a verdict (the checker's caller
 * records it as a failure).
 */
import {
  type Dict,
  dictEntries,
  dictGet,
  dictHas,
  dictSize,
  isDict,
  PyBytes,
  PyTuple,
  pyEquals,
  type TypeName,
  typeName,
  type Value,
} from "./python/value.js";

export { pyEquals };

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

function isUnhashable(kind: TypeName): boolean {
  return kind === "list" || kind === "dict";
}

function hashableOrCrash(item: Value): void {
  const kind = typeName(item);
  if (isUnhashable(kind)) throw new PythonCrash("TypeError", `unhashable type: '${kind}'`);
  if (item instanceof PyTuple) for (const element of item.items) hashableOrCrash(element);
}

/** Python's `item in container`. */
export function pyContains(container: Value, item: Value): boolean {
  // The common cases first, inline: a string in a string-keyed dict, an item in a list.
  if (container instanceof Map && typeof item === "string") return container.has(item);
  if (Array.isArray(container)) return container.some((element) => pyEquals(element, item));
  if (container instanceof PyTuple) return container.items.some((element) => pyEquals(element, item));
  if (isDict(container)) {
    if (typeof item !== "string") hashableOrCrash(item);
    return dictHas(container, item);
  }
  if (typeof container === "string") {
    if (typeof item !== "string") {
      throw new PythonCrash(
        "TypeError",
        `'in <string>' requires string as left operand, not ${typeName(item)}`,
      );
    }
    return container.includes(item);
  }
  throw new PythonCrash("TypeError", `argument of type '${typeName(container)}' is not iterable`);
}

/** The elements `for x in value` visits (a dict's keys, a string's characters). */
export function pyIterate(value: Value): Value[] {
  if (Array.isArray(value)) return value;
  if (value instanceof PyTuple) return value.items;
  if (typeof value === "string") return Array.from(value);
  if (value instanceof PyBytes) return Array.from(value.latin1, (ch) => ch.charCodeAt(0));
  if (isDict(value)) return [...dictEntries(value)].map(([key]) => key);
  throw new PythonCrash("TypeError", `'${typeName(value)}' object is not iterable`);
}

/** The elements `for i in range(len(value)): value[i]` visits: a dict is indexed by ints, which its keys never are. */
export function pyIndexed(value: Value): Value[] {
  if (isDict(value)) {
    const out: Value[] = [];
    for (let i = 0; i < dictSize(value); i++) {
      const element = dictGet(value, i);
      if (element === undefined) throw new PythonCrash("KeyError", String(i));
      out.push(element);
    }
    return out;
  }
  if (
    typeof value === "string" ||
    Array.isArray(value) ||
    value instanceof PyTuple ||
    value instanceof PyBytes
  ) {
    return pyIterate(value);
  }
  throw new PythonCrash("TypeError", `object of type '${typeName(value)}' has no len()`);
}

/** Python's `len(value)`. */
export function pyLength(value: Value): number {
  if (isDict(value)) return dictSize(value);
  return pyIndexed(value).length;
}

/** Python's `container[key]` for a dict (answers and documents index dicts by string keys). */
export function pyGet(container: Value, key: Value): Value {
  if (container instanceof Map && typeof key === "string") {
    const value = container.get(key);
    if (value === undefined) throw new PythonCrash("KeyError", key);
    return value;
  }
  if (isDict(container)) {
    const value = dictGet(container, key);
    if (value === undefined) throw new PythonCrash("KeyError", String(key));
    return value;
  }
  throw new PythonCrash("TypeError", `'${typeName(container)}' indices must be integers, not 'str'`);
}

/** Python's `dict.items()`; anything else has no such method. */
export function pyItems(value: Value): [Value, Value][] {
  if (value instanceof Map) return [...value];
  if (isDict(value)) return [...dictEntries(value)];
  throw new PythonCrash("AttributeError", `'${typeName(value)}' object has no attribute 'items'`);
}

export type { Dict, TypeName };
